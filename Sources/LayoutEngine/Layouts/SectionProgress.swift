/// Where a vertically stacking layout stopped preparing: which section and item come next,
/// and where the next section starts. Shared by the layouts that stack sections downwards.
struct SectionProgress {
  /// The section being placed, or the section count once every section is placed.
  var section = 0
  /// The next item of `section` to place.
  var item = 0
  /// Whether `section` has been started (its header and columns or rows are set up).
  var sectionStarted = false
  /// The y at which the next section starts (its header, or its items).
  var nextSectionTop = 0
  /// The largest bottom edge of anything placed so far.
  var contentBottom = 0
  /// Whether every item of every section is placed.
  var isComplete = false

  init(top: Int) {
    nextSectionTop = top
    contentBottom = top
  }

  /// Starts `section` at `nextSectionTop`: records its header in `placed` and returns the
  /// y at which its items start.
  mutating func startSection(
    _ spec: SectionSpec, in placed: inout PlacedItems, left: Int, width: Int
  ) -> Int {
    let top = nextSectionTop
    let header: Rect? =
      spec.headerHeight > 0
      ? Rect(x: left, y: top, width: width, height: spec.headerHeight) : nil
    placed.beginSection(top: top, header: header)
    sectionStarted = true
    item = 0
    let itemTop = top + (header?.height ?? 0)
    contentBottom = Swift.max(contentBottom, itemTop)
    return itemTop
  }

  /// Ends the current section at `bottom` and moves to the next one, `spacing` below it
  /// when the section showed anything.
  mutating func finishSection(
    _ spec: SectionSpec, bottom: Int, spacing: Int, sectionCount: Int,
    in placed: inout PlacedItems
  ) {
    placed.endSection(bottom: bottom)
    contentBottom = Swift.max(contentBottom, bottom)
    let showsSomething = spec.headerHeight > 0 || spec.itemCount > 0
    nextSectionTop = bottom + (showsSomething ? Swift.max(0, spacing) : 0)
    section += 1
    sectionStarted = false
    if section >= sectionCount { isComplete = true }
  }

  /// Reopens the last section after items were appended to it; `item` is where placing
  /// resumes.
  mutating func reopenLastSection(sectionCount: Int, resumingAt item: Int) {
    section = sectionCount - 1
    self.item = item
    sectionStarted = true
    isComplete = false
  }
}
