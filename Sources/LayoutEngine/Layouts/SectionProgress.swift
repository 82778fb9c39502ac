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

  /// Starts `section` at `nextSectionTop`: records its header in `table` and returns the
  /// y at which its items start.
  mutating func startSection(
    _ spec: SectionSpec, in table: inout SectionTable, left: Int, width: Int
  ) -> Int {
    let top = nextSectionTop
    let header: Rect? =
      spec.headerHeight > 0
      ? Rect(x: left, y: top, width: width, height: spec.headerHeight) : nil
    table.begin(top: top, header: header)
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
    in table: inout SectionTable
  ) {
    table.end(bottom: bottom)
    contentBottom = Swift.max(contentBottom, bottom)
    let showsSomething = spec.headerHeight > 0 || spec.itemCount > 0
    nextSectionTop = bottom + (showsSomething ? Swift.max(0, spacing) : 0)
    section += 1
    sectionStarted = false
    if section >= sectionCount { isComplete = true }
  }

  /// Gets ready to place items appended to the last section, which the section table
  /// already counts (`startedSections` of them begun). Returns `false` when preparation
  /// had not finished (it will reach the new items by itself). Otherwise returns `true`;
  /// when the last section had been finished, `reopens` is set: the caller reopens it in
  /// the table, sets `item` to where placing resumes and restores its own state of that
  /// section (`sectionStarted` is set here).
  mutating func resumeAfterAppend(startedSections: Int, sectionCount: Int) -> (
    resumes: Bool, reopens: Bool
  ) {
    guard isComplete else { return (false, false) }
    isComplete = false
    guard startedSections == sectionCount else { return (true, false) }
    section = sectionCount - 1
    sectionStarted = true
    return (true, true)
  }
}

extension SectionProgress {
  /// Gets ready to place sections added after the last one. Returns `false` when
  /// preparation had not finished (it will reach them by itself); otherwise the next
  /// section to start is the first new one.
  mutating func resumeAfterSectionsAppended() -> Bool {
    guard isComplete else { return false }
    isComplete = false
    return true
  }
}

extension LayoutContext {
  /// Adds `count` items to the last section, adding a section when there is none, and
  /// returns how many items that section held before.
  mutating func appendToLastSection(_ count: Int) -> Int {
    if sections.isEmpty { sections.append(SectionSpec(itemCount: 0)) }
    let last = sections.count - 1
    let oldCount = Swift.max(0, sections[last].itemCount)
    sections[last].itemCount = oldCount + count
    return oldCount
  }
}
