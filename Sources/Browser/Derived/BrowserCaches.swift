import CardLayouts
import Cards
import LayoutEngine
import TerminalText
import Widgets

/// What the browser derives from its state and keeps because it costs to make again: the
/// card measurer (prepared text, line counts), the layout of the cards shown prepared at
/// the card area's size, each chunk's folded text for search, the frame geometry and the
/// last scene.
///
/// Every answer is a function of the state passed in: each call first brings the caches
/// in step with it (measuring cards that arrived, preparing the layout again when its
/// options, size or cards shown changed, placing cards that joined the view). Dropping
/// the caches (a new `BrowserCaches()`) therefore changes no frame, only the time the
/// next one takes; a test holds that over random sessions.
///
/// Used from the event loop only.
package final class BrowserCaches {
  /// The measurer of the state's cards, in the options' base style.
  private var measurer: CardMeasurer?
  /// The chunks the measurer holds (the first and the last), to tell cards that grew from
  /// cards replaced.
  private var measuredChunks: (first: ObjectIdentifier?, last: ObjectIdentifier?, count: Int)?
  /// Bumped each time the measurer is made again (for the layout key).
  private var measurerGeneration = 0

  /// The layout of runs (or of one section): any kind, cards added at its end.
  private var flatLayout: any CollectionLayout = LayoutOptions().makeLayout()
  /// The layout of grouped sections, into any of which cards are added; `nil` when the
  /// view's sections are runs. Kept apart from `flatLayout` so that adding to a section
  /// changes it in place.
  private var groupedLayout: GroupedLayout?
  private var layoutKey: LayoutKey?
  /// The measurer in the layout's style (its picture rows capped for the card area).
  private var styledMeasurer: CardMeasurer?
  /// The card area's height at the last geometry (what "far" is measured in).
  private var lastCardAreaHeight = 1
  /// The cards the layout has placed, as a view: the layout's measure function reads it.
  private let placed = PlacedCards()

  /// Each chunk's folded text (non-ASCII cards only), made when first searched.
  private var searchTexts: [ChunkSearchText?] = []

  private var geometryMemo: (key: GeometryKey, geometry: FrameGeometry)?

  package init() {}

  /// What the layout depends on.
  private struct LayoutKey: Equatable {
    var options: LayoutOptions
    var size: Size
    var style: CardStyle
    var shown: Int
    var measurer: Int
  }

  /// The view the layout's measure function reads: the cards shown as the layout last
  /// placed them, replaced by the state's (which only grew) whenever it is brought in step.
  private final class PlacedCards {
    var view: CardSelection? {
      didSet { lookup = view?.pathLookup }
    }
    /// The view's storage, read by the measure function once per card placed (reading
    /// `view` there would copy the selection each time).
    private(set) var lookup: CardSelection.PathLookup?

    @inline(__always)
    func cardIndex(of path: ItemPath) -> Int { lookup.unsafelyUnwrapped.cardIndex(of: path) }

    func cardIndices(section: Int, items: Range<Int>, into out: UnsafeMutableBufferPointer<Int>) {
      lookup.unsafelyUnwrapped.cardIndices(section: section, items: items, into: out)
    }
  }

  // MARK: Measuring

  /// The measurer of `state`'s cards (in the options' base style), made or extended to
  /// hold every card.
  package func measurer(for state: BrowserState) -> CardMeasurer {
    let chunks = state.cards.cards.chunks
    if let measurer, let measured = measuredChunks, measured.count <= chunks.count,
      measured.count == 0
        || (ObjectIdentifier(chunks[0]) == measured.first
          && ObjectIdentifier(chunks[measured.count - 1]) == measured.last)
    {
      for chunk in chunks[measured.count...] { measurer.append(chunk) }
      if chunks.count > measured.count {
        measuredChunks = (
          measured.first ?? ObjectIdentifier(chunks[0]), ObjectIdentifier(chunks.last!),
          chunks.count
        )
      }
      return measurer
    }
    let made = CardMeasurer(store: state.cards.cards, style: state.cardStyle)
    measurer = made
    measuredChunks = (
      chunks.first.map(ObjectIdentifier.init), chunks.last.map(ObjectIdentifier.init), chunks.count
    )
    measurerGeneration += 1
    searchTexts = []
    layoutKey = nil
    return made
  }

  /// The measurer the cards on screen are drawn with: the layout's style.
  package func drawingMeasurer(for state: BrowserState) -> CardMeasurer {
    _ = geometry(for: state)
    return styledMeasurer ?? measurer(for: state)
  }

  /// The measuring to hand to a worker as job `generation`: the cards of the chunks from
  /// `firstChunk` on, at the widths the current layout has measured at.
  package func measureJob(generation: Int, fromChunk firstChunk: Int, for state: BrowserState)
    -> MeasureJob?
  {
    _ = geometry(for: state)
    return measurer(for: state).measureJob(generation: generation, fromChunk: firstChunk)
  }

  /// Line counts a worker made.
  package func adopt(_ counts: MeasuredCounts, for state: BrowserState) {
    measurer(for: state).adopt(counts)
  }

  // MARK: Geometry and layout

  /// What the geometry depends on: the size, the tags, and, while a card is open, which
  /// card and how its text wraps.
  private struct GeometryKey: Equatable {
    var size: Size
    var tags: [String]
    var openCard: Int?
    var style: CardStyle?
  }

  /// Brings the caches in step with `state` (the layout of its options at its card area,
  /// placed as far as its screen shows) and returns the frame's geometry.
  ///
  /// - Complexity: O(1) when nothing changed; a new layout prepares only the first screen.
  package func geometry(for state: BrowserState) -> FrameGeometry {
    let openCard = state.mode.detailScroll != nil ? state.selectedCard : nil
    let key = GeometryKey(
      size: state.size, tags: state.stripTags, openCard: openCard,
      style: openCard.map { _ in state.cardStyle })
    var geometry: FrameGeometry
    if let memo = geometryMemo, memo.key == key {
      geometry = memo.geometry
    } else {
      geometry = FrameGeometry(
        size: state.size,
        tagStrip: TagStripWidget.layout(tags: key.tags, width: state.size.width),
        tagCount: key.tags.count)
      if let openCard {
        let view = DetailView(
          card: state.cards.cards[openCard],
          caption: measurer(for: state).caption(ofCard: openCard),
          comment: measurer(for: state).comment(ofCard: openCard), style: state.cardStyle)
        geometry.detailContentHeight = view.contentHeight(in: geometry.overlayArea)
      }
      geometryMemo = (key, geometry)
    }
    if !geometry.isTooSmall {
      lastCardAreaHeight = geometry.cardArea.height
      syncLayout(state, cardArea: geometry.cardArea.size)
      prepareMore(through: Self.sum(state.scrollOffset, geometry.cardArea.height))
    }
    return geometry
  }

  private static func sum(_ a: Int, _ b: Int) -> Int { a > Int.max - b ? .max : a + b }

  /// Makes the layout match the state's options, the card area and the cards shown: a
  /// new layout when any of them is another one, else the cards that joined the view
  /// (at its end: nothing placed moves) are added.
  private func syncLayout(_ state: BrowserState, cardArea: Size) {
    let measurer = measurer(for: state)
    var style = state.cardStyle
    // Pictures taller than the card area are capped to it (and drawn letterboxed).
    style.maximumPictureRows = CardStyle.pictureRowLimit(cardAreaHeight: cardArea.height)
    let key = LayoutKey(
      options: state.layoutOptions, size: cardArea, style: style, shown: state.shown.identity,
      measurer: measurerGeneration)
    let shown = state.shown
    guard key == layoutKey, let before = placed.view else {
      let styled = measurer.restyled(style)
      styledMeasurer = styled
      measurer.beginLayout()
      placed.view = shown
      let placed = self.placed
      let context = state.layoutOptions.context(
        sections: shown.sectionSpecs(), size: cardArea, measurer: styled,
        cardIndex: { placed.cardIndex(of: $0) },
        cardIndices: { placed.cardIndices(section: $0, items: $1, into: $2) })
      if shown.isGrouped {
        let options = state.layoutOptions
        var grouped = GroupedLayout { options.makeLayout() }
        grouped.prepare(context, through: 0)
        groupedLayout = grouped
      } else {
        groupedLayout = nil
        flatLayout = state.layoutOptions.makeLayout()
        flatLayout.prepare(context, through: 0)
      }
      layoutKey = key
      return
    }
    placed.view = shown
    guard shown.count > before.count else { return }
    if groupedLayout != nil {
      // Grouped: cards joined any section; new sections come after the others.
      for section in 0..<before.sectionCount {
        let grown = shown.sectionSize(section) - before.sectionSize(section)
        if grown > 0 { groupedLayout!.appendItems(grown, toSection: section) }
      }
    } else {
      let lastSection = before.sectionCount - 1
      if lastSection >= 0 {
        let grown = shown.sectionSize(lastSection) - before.sectionSize(lastSection)
        if grown > 0 { flatLayout.appendItems(grown) }
      }
    }
    if shown.sectionCount > before.sectionCount {
      let added = (before.sectionCount..<shown.sectionCount).map {
        SectionSpec(
          itemCount: shown.sectionSize($0), headerHeight: shown.sectionName($0) != nil ? 1 : 0)
      }
      if groupedLayout != nil {
        groupedLayout!.appendSections(added)
      } else {
        flatLayout.appendSections(added)
      }
    }
  }

  /// Far more to place than a screen or two at once — `G`, a resize at the end of a long
  /// feed — counts the cards' lines ahead, on every core, in the order they are stored
  /// (`CardMeasurer.countAhead`), rather than each in turn in the layout's order here.
  private static let countsAheadFrom = 20_000

  /// Before placing far: counts ahead, once the layout has measured at its widths (placing
  /// a screen first when it has not).
  private func countAhead() {
    guard let measurer = styledMeasurer, measurer.count >= Self.countsAheadFrom else { return }
    if !measurer.hasMeasured {
      placeMore(through: Self.sum(layout.preparedExtent, lastCardAreaHeight))
    }
    measurer.countAhead(least: Self.countsAheadFrom)
  }

  /// Places more of the layout in place, whichever it is.
  private func prepareMore(through extent: Int) {
    let placed = layout.preparedExtent
    if placed != .max, extent > placed, extent - placed > 64 * Swift.max(1, lastCardAreaHeight) {
      countAhead()
    }
    placeMore(through: extent)
  }

  private func placeMore(through extent: Int) {
    if groupedLayout != nil {
      groupedLayout!.prepareMore(through: extent)
    } else {
      flatLayout.prepareMore(through: extent)
    }
  }

  /// Places the layout until `path` is placed, in place.
  private func prepare(toInclude path: ItemPath) {
    if layout.preparedExtent != .max, layout.attributes(forItem: path) == nil { countAhead() }
    if groupedLayout != nil {
      groupedLayout!.prepare(toInclude: path)
    } else {
      flatLayout.prepare(toInclude: path)
    }
  }

  /// The layout, to read (a copy shares its storage; it must not outlive a change).
  private var layout: any CollectionLayout { groupedLayout ?? flatLayout }

  /// The layout of `state`, prepared as far as its screen (and any earlier query) needs.
  package func layout(for state: BrowserState) -> any CollectionLayout {
    _ = geometry(for: state)
    return layout
  }

  /// Prepares `state`'s layout further, so that everything up to `extent` is placed.
  package func prepare(through extent: Int, for state: BrowserState) {
    guard !geometry(for: state).isTooSmall else { return }
    prepareMore(through: extent)
  }

  /// The frame of shown card `index`, preparing the layout as far as needed.
  package func frame(ofShown index: Int, in state: BrowserState) -> Rect? {
    guard !geometry(for: state).isTooSmall, let path = state.shown.path(of: index) else {
      return nil
    }
    prepare(toInclude: path)
    return layout.attributes(forItem: path)?.frame
  }

  /// The shown cards whose frames intersect `rect` (content coordinates), with frames.
  package func cards(in rect: Rect, for state: BrowserState) -> [LayoutAttributes] {
    guard !geometry(for: state).isTooSmall else { return [] }
    return layout.attributes(in: rect).filter { $0.kind == .item }
  }

  /// The anchor that keeps `preferred` (or the card nearest the top) still on screen.
  package func anchor(viewport: Rect, preferring preferred: ItemPath?, for state: BrowserState)
    -> ScrollAnchor?
  {
    guard !geometry(for: state).isTooSmall else { return nil }
    let layout = self.layout
    return ScrollAnchor.capture(in: layout, viewport: viewport, preferring: preferred)
  }

  /// The new scroll offset for `anchor` in `state`'s layout.
  package func resolve(_ anchor: ScrollAnchor, viewportLength: Int, for state: BrowserState)
    -> Int?
  {
    guard !geometry(for: state).isTooSmall else { return nil }
    // Placed here, in place; the copy `resolve` takes then has nothing left to place (a
    // copy that placed more would copy the layout's storage).
    prepare(toInclude: anchor.item)
    var placed = layout
    return anchor.resolve(in: &placed, viewportLength: viewportLength)
  }

  // MARK: Filtering

  /// The indices of the cards of `cards` from `start` on that `filter` lets through, in
  /// layout order, at most `matchLimit` of them and scanning at most `scanLimit` cards;
  /// also where the scan stopped.
  ///
  /// - Complexity: O(cards scanned), no card decoded; a search folds the text of
  ///   non-ASCII cards once per chunk (ICU), ASCII text is compared as it is.
  package func indices(
    matching filter: CardFilter, in cards: CardCollection, from start: Int = 0,
    matchLimit: Int = .max, scanLimit: Int = .max
  ) -> (indices: [Int], next: Int) {
    let query = CardQuery(search: filter.query, tag: filter.tag)
    guard !query.isEmpty else {
      return (Array(start..<cards.cards.count), cards.cards.count)
    }
    var result: [Int] = []
    let chunks = cards.cards.chunks
    var next = start
    var scanned = 0
    var first = 0
    for chunkIndex in chunks.indices {
      let end = first + chunks[chunkIndex].count
      defer { first = end }
      guard end > next else { continue }
      if result.count >= matchLimit || scanned >= scanLimit { break }
      let found = query.matches(
        in: chunks[chunkIndex],
        text: query.needsText ? searchText(ofChunk: chunkIndex, in: cards) : nil,
        from: next - first, limit: matchLimit - result.count)
      result += found.matches.map { first + $0 }
      scanned += found.next - (next - first)
      next = first + found.next
    }
    return (result, next)
  }

  /// The folded text of chunk `index` of `cards`.
  private func searchText(ofChunk index: Int, in cards: CardCollection) -> ChunkSearchText {
    let chunks = cards.cards.chunks
    if searchTexts.count < chunks.count {
      searchTexts += repeatElement(nil, count: chunks.count - searchTexts.count)
    }
    if let made = searchTexts[index], made.isText(of: chunks[index]) { return made }
    let made = ChunkSearchText(chunks[index])
    searchTexts[index] = made
    return made
  }

  /// The folded texts made so far, by chunk (for a search worker, which makes the rest).
  package func searchTexts(for cards: CardCollection) -> [ChunkSearchText?] {
    let chunks = cards.cards.chunks
    return chunks.indices.map { index in
      index < searchTexts.count && searchTexts[index]?.isText(of: chunks[index]) == true
        ? searchTexts[index] : nil
    }
  }

  /// Keeps folded texts a worker made.
  package func adopt(searchTexts made: [(Int, ChunkSearchText)], for cards: CardCollection) {
    let chunks = cards.cards.chunks
    if searchTexts.count < chunks.count {
      searchTexts += repeatElement(nil, count: chunks.count - searchTexts.count)
    }
    for (index, text) in made where index < chunks.count && text.isText(of: chunks[index]) {
      if searchTexts[index] == nil { searchTexts[index] = text }
    }
  }

  /// The tag through which shown card `index` matches `query` when its caption and
  /// comment do not (`nil` when they do, or nothing matches).
  package func tagOnlyMatch(ofShown index: Int, query: String, in state: BrowserState) -> String? {
    let cardQuery = CardQuery(search: query, tag: nil)
    guard !cardQuery.needle.isEmpty, index >= 0, index < state.shown.count else { return nil }
    let cards = state.cards
    let (chunkIndex, local) = cards.cards.locate(state.shown[index])
    let chunk = cards.cards.chunks[chunkIndex]
    let text = chunk.hasASCIIText(local) ? nil : searchText(ofChunk: chunkIndex, in: cards)
    guard !cardQuery.matchesCaptionOrComment(chunk, local, text: text) else { return nil }
    return chunk.tags(local).first { tag in
      var folded = SearchFolding.folded(tag)
      return folded.withUTF8 { SearchFolding.contains($0, cardQuery.needle) }
    }
  }
}
