import CardLayouts
import Cards
import LayoutEngine
import TerminalText
import Widgets

/// The cards behind the browser and what is derived from them: the cards shown (after a
/// tag filter or a search, as indices), their measurer (sharing prepared text), the tag
/// list, and the layout prepared for the current width. Not part of `BrowserState`: it
/// is a cache, rebuilt when the state's layout, width or filter changes, and grown in
/// place when cards stream in.
package struct BrowserContent {
  package private(set) var collection: CardCollection
  package let measurer: CardMeasurer
  /// The dataset's tags, most used first (ties by name).
  package private(set) var tags: [String]
  private var tagCounts = TagCounts()

  /// The cards shown, in layout order, as indices into `collection.cards`.
  package private(set) var shown: CardSelection
  /// The measurer of the cards shown (card `i` of it is `shown[i]`).
  package private(set) var shownMeasurer: CardMeasurer
  package private(set) var layout: any CollectionLayout
  private var preparedFor: (options: LayoutOptions, size: Size, filter: CardFilter)?
  /// The thumbnails received, and what was last asked for.
  package var thumbnails = ThumbnailStore()
  /// The frame geometry for the last state synced, with what it was computed from.
  private var geometryCache: (key: GeometryKey, geometry: FrameGeometry)?
  /// Each chunk's folded text for search (non-ASCII cards only), made when first searched.
  private var searchTexts: [ChunkSearchText?] = []
  /// The search still going on in the background; its matches up to `scannedThrough` are
  /// in `shown`.
  package private(set) var pendingSearch: PendingSearch?
  /// Whether `pendingSearch` still has to be handed to a worker (`takeSearchJob`).
  private var searchJobWaiting = false
  /// Tells a search worker that its search is no longer wanted.
  private let searchCancellation = JobCancellation()
  /// Whether the layout changed since its cards were last handed to a measuring worker.
  private var measureJobWanted = false

  package init(collection: CardCollection, style: CardStyle = CardStyle()) {
    self.collection = collection
    measurer = CardMeasurer(store: collection.cards, style: style)
    for chunk in collection.cards.chunks { tagCounts.add(chunk) }
    tags = tagCounts.ranked
    shown = CardSelection(all: collection)
    shownMeasurer = measurer.viewing(shown)
    layout = LayoutOptions().makeLayout()
  }

  /// The sections shown, with their card counts.
  package var shownSections: [(name: String?, count: Int)] { shown.sections }

  /// Shown card `index`, decoded.
  package func shownCard(_ index: Int) -> Card { collection.cards[shown[index]] }

  // MARK: Cards arriving

  /// Adds the cards of `chunk` (the next cards of the source) at the end: they join the
  /// cards shown when the filter lets them through, and the layout places them only when
  /// it had placed everything before (else it reaches them when scrolled to). Nothing
  /// already placed moves.
  ///
  /// - Complexity: O(cards in the chunk) (a search also folds their text).
  package mutating func append(_ chunk: CardChunk) {
    let start = collection.cards.count
    collection.append(chunk)
    measurer.append(chunk)
    tagCounts.add(chunk)
    guard let preparedFor else {
      shown.add(of: collection, from: start)
      return
    }
    var indices: [Int]?
    if !preparedFor.filter.isEmpty {
      indices = self.indices(matching: preparedFor.filter, from: start)
    }
    let growth = shown.add(indices, of: collection, from: start)
    layout.appendItems(growth.itemsInLastSection)
    layout.appendSections(
      growth.newSections.map {
        SectionSpec(itemCount: $0.count, headerHeight: $0.name != nil ? 1 : 0)
      })
  }

  /// Shows the tags of cards that arrived. While the source is still read, the tags
  /// already in the strip keep their places and new ones join at the end (the strip does
  /// not reshuffle under the eyes); once it is read (`final`), they are ranked, most used
  /// first.
  ///
  /// - Complexity: O(*t* log *t*) in the distinct tags.
  package mutating func refreshTags(final: Bool) {
    var ranked = tagCounts.ranked
    if !final {
      let known = Set(tags)
      ranked = tags + ranked.filter { !known.contains($0) }
    }
    guard ranked != tags else { return }
    tags = ranked
    geometryCache = nil
  }

  /// The number of different tags counted so far (the strip may lag behind while loading).
  package var distinctTagCount: Int { tagCounts.distinctCount }

  // MARK: Geometry

  /// What the geometry depends on: the size, and, while a card is open, which card and
  /// how its text wraps.
  private struct GeometryKey: Equatable {
    var size: Size
    var openCard: Int?
    var filter: CardFilter?
    var wrap: WrapMode?
  }

  /// Makes the content match `state` (the cards its filter lets through, the layout of its
  /// options at its card area, placed as far as the screen shows) and returns the frame's
  /// geometry. Cheap when nothing changed: the geometry is kept until the size or the open
  /// card changes, and the layout is only placed further.
  package mutating func sync(with state: BrowserState) -> FrameGeometry {
    let openCard = state.mode.detailScroll != nil ? state.selected : nil
    let key = GeometryKey(
      size: state.size, openCard: openCard, filter: openCard.map { _ in state.filter },
      wrap: openCard.map { _ in state.layout.wrap })
    var geometry: FrameGeometry
    if let cached = geometryCache, cached.key.size == key.size {
      geometry = cached.geometry
    } else {
      geometry = FrameGeometry(
        size: state.size, tagStrip: TagStripWidget.layout(tags: tags, width: state.size.width),
        tagCount: tags.count)
    }
    if !geometry.isTooSmall {
      update(
        options: state.layout, size: geometry.cardArea.size, filter: state.filter,
        through: state.scrollOffset + geometry.cardArea.height)
    }
    if geometryCache?.key != key {
      var detailHeight: Int?
      if let openCard, openCard < shown.count {
        detailHeight = DetailView(
          card: shownCard(openCard), index: openCard, measurer: shownMeasurer
        ).contentHeight(width: state.size.width, height: geometry.overlayArea.height)
      }
      geometry = FrameGeometry(
        size: geometry.size, tagStrip: geometry.tagStrip, tagCount: tags.count,
        detailContentHeight: detailHeight)
      geometryCache = (key, geometry)
    }
    return geometry
  }

  // MARK: Filtering

  /// The indices of the cards from `start` on that `filter` lets through, in layout order,
  /// at most `matchLimit` of them and scanning at most `scanLimit` cards; also where the
  /// scan stopped.
  ///
  /// - Complexity: O(cards scanned), no card decoded; a search folds the text of
  ///   non-ASCII cards once per chunk (ICU), ASCII text is compared as it is.
  package mutating func indices(
    matching filter: CardFilter, from start: Int = 0, matchLimit: Int = .max,
    scanLimit: Int = .max
  ) -> (indices: [Int], next: Int) {
    let query = CardQuery(search: filter.query, tag: filter.tag)
    guard !query.isEmpty else {
      return (Array(start..<collection.cards.count), collection.cards.count)
    }
    var result: [Int] = []
    let chunks = collection.cards.chunks
    var next = start
    var scanned = 0
    var first = 0
    for chunkIndex in chunks.indices {
      let end = first + chunks[chunkIndex].count
      defer { first = end }
      guard end > next else { continue }
      if result.count >= matchLimit || scanned >= scanLimit { break }
      let found = query.matches(
        in: chunks[chunkIndex], text: query.needsText ? searchText(ofChunk: chunkIndex) : nil,
        from: next - first, limit: matchLimit - result.count)
      result += found.matches.map { first + $0 }
      scanned += found.next - (next - first)
      next = first + found.next
    }
    return (result, next)
  }

  /// The indices of all the cards from `start` on that `filter` lets through.
  package mutating func indices(matching filter: CardFilter, from start: Int = 0) -> [Int] {
    indices(matching: filter, from: start, matchLimit: .max, scanLimit: .max).indices
  }

  private mutating func searchText(ofChunk index: Int) -> ChunkSearchText {
    if searchTexts.count < collection.cards.chunks.count {
      searchTexts += repeatElement(nil, count: collection.cards.chunks.count - searchTexts.count)
    }
    if let made = searchTexts[index] { return made }
    let made = ChunkSearchText(collection.cards.chunks[index])
    searchTexts[index] = made
    return made
  }

  /// The tag through which shown card `index` matches `query` when its caption and
  /// comment do not (`nil` when they do, or nothing matches).
  package mutating func tagOnlyMatch(ofShown index: Int, query: String) -> String? {
    let cardQuery = CardQuery(search: query, tag: nil)
    guard !cardQuery.needle.isEmpty, index >= 0, index < shown.count else { return nil }
    let (chunkIndex, local) = collection.cards.locate(shown[index])
    let chunk = collection.cards.chunks[chunkIndex]
    let text = chunk.hasASCIIText(local) ? nil : searchText(ofChunk: chunkIndex)
    guard !cardQuery.matchesCaptionOrComment(chunk, local, text: text) else { return nil }
    return chunk.tags(local).first { tag in
      var folded = SearchFolding.folded(tag)
      return folded.withUTF8 { SearchFolding.contains($0, cardQuery.needle) }
    }
  }

  // MARK: Measuring in the background

  /// The measuring to hand to a worker once per layout (and once more when cards arrived
  /// after it): every card at the widths the layout measured its first screen at, so that
  /// `G`, scrolling far and the count of a search find their heights ready.
  package mutating func takeMeasureJob() -> MeasureJob? {
    guard measureJobWanted, preparedFor != nil else { return nil }
    measureJobWanted = false
    return measurer.measureJob()
  }

  /// Line counts a measuring worker made.
  package func measured(_ counts: MeasuredCounts) { measurer.adopt(counts) }

  /// Cards arrived after the last measuring: measure again once the source is read.
  package mutating func wantMeasuring() { measureJobWanted = preparedFor != nil }

  // MARK: Searching in the background

  /// A search whose first matches are shown while a worker scans the rest.
  package struct PendingSearch: Equatable {
    package var generation: Int
    package var filter: CardFilter
    /// The cards before this index are scanned; their matches are in `shown`.
    package var scannedThrough: Int
  }

  /// The matches to show at once for a search: enough for a few screens; the rest of the
  /// cards are scanned by a worker (`takeSearchJob`) and their matches arrive as
  /// `searchFound`, each scan cancelled by the next keystroke.
  package static let firstMatches = 400
  /// The cards scanned on the event loop before handing over to a worker.
  package static let cardsScannedAtOnce = 20_000

  private mutating func startSearch(_ filter: CardFilter) -> [Int] {
    let (matches, next) = indices(
      matching: filter, matchLimit: Self.firstMatches, scanLimit: Self.cardsScannedAtOnce)
    let generation = searchCancellation.next()
    if next < collection.cards.count {
      pendingSearch = PendingSearch(generation: generation, filter: filter, scannedThrough: next)
      searchJobWaiting = true
    } else {
      pendingSearch = nil
      searchJobWaiting = false
    }
    return matches
  }

  /// The background scan to start, once per search (the reducer hands it to the app).
  package mutating func takeSearchJob() -> SearchJob? {
    guard searchJobWaiting, let pendingSearch else { return nil }
    searchJobWaiting = false
    return SearchJob(
      generation: pendingSearch.generation,
      query: CardQuery(search: pendingSearch.filter.query, tag: pendingSearch.filter.tag),
      chunks: collection.cards.chunks, from: pendingSearch.scannedThrough,
      texts: searchTexts, cancellation: searchCancellation)
  }

  /// Matches a worker found: they join the cards shown (at the end, so nothing on screen
  /// moves). Returns whether they belonged to the search in progress.
  @discardableResult
  package mutating func searchFound(_ found: SearchFound) -> Bool {
    guard let pending = pendingSearch, found.generation == pending.generation else { return false }
    if searchTexts.count < collection.cards.chunks.count {
      searchTexts += repeatElement(nil, count: collection.cards.chunks.count - searchTexts.count)
    }
    for (index, text) in found.texts where searchTexts[index] == nil { searchTexts[index] = text }
    grow(with: found.matches, from: pending.scannedThrough)
    pendingSearch?.scannedThrough = found.scannedThrough
    if found.isDone {
      // Cards that arrived while it ran: scanned here.
      let (rest, _) = indices(matching: pending.filter, from: found.scannedThrough)
      pendingSearch = nil
      grow(with: rest, from: found.scannedThrough)
    }
    return true
  }

  private mutating func grow(with indices: [Int], from start: Int) {
    guard !indices.isEmpty else { return }
    let growth = shown.add(indices, of: collection, from: start)
    layout.appendItems(growth.itemsInLastSection)
    layout.appendSections(
      growth.newSections.map {
        SectionSpec(itemCount: $0.count, headerHeight: $0.name != nil ? 1 : 0)
      })
  }

  // MARK: Layout

  /// Makes the layout match `options`, `size` and the cards `filter` lets through;
  /// prepares only what `through` rows need. Does nothing but prepare further when nothing
  /// changed, so drawing a frame touches no card off screen.
  ///
  /// - Returns: whether the layout was prepared again.
  @discardableResult
  mutating func update(
    options: LayoutOptions, size: Size, filter: CardFilter, through extent: Int
  ) -> Bool {
    if let preparedFor, preparedFor.options == options, preparedFor.size == size,
      preparedFor.filter == filter
    {
      layout.prepareMore(through: extent)
      return false
    }
    // Pictures taller than the card area are capped to it (and drawn letterboxed).
    var style = options.cardStyle
    style.maximumImageRows = CardStyle.imageRowLimit(cardAreaHeight: size.height)
    if preparedFor == nil || preparedFor?.filter != filter {
      if filter.isEmpty {
        searchCancellation.cancel()
        pendingSearch = nil
        shown = CardSelection(all: collection)
      } else if filter.query.isEmpty {
        searchCancellation.cancel()
        pendingSearch = nil
        shown = CardSelection(indices(matching: filter), of: collection)
      } else {
        shown = CardSelection(startSearch(filter), of: collection)
      }
    }
    let styled = measurer.restyled(style)
    shownMeasurer = styled.viewing(shown)
    measurer.beginLayout()
    measureJobWanted = true
    layout = options.makeLayout()
    layout.prepare(options.context(for: shown, measurer: styled, size: size), through: extent)
    preparedFor = (options, size, filter)
    return true
  }

  /// Prepares the layout further, so that everything up to `extent` is placed.
  package mutating func prepare(through extent: Int) {
    layout.prepareMore(through: extent)
  }

  /// The layout path of shown card `index`.
  package func path(ofShown index: Int) -> ItemPath? { shown.path(of: index) }

  /// The new scroll offset for `anchor` after the layout changed.
  package mutating func resolve(_ anchor: ScrollAnchor, viewportLength: Int) -> Int? {
    anchor.resolve(in: &layout, viewportLength: viewportLength)
  }

  /// The anchor that keeps `preferred` (or the card nearest the top) still on screen.
  package func anchor(viewport: Rect, preferring preferred: ItemPath?) -> ScrollAnchor? {
    ScrollAnchor.capture(in: layout, viewport: viewport, preferring: preferred)
  }

  /// The shown cards whose frames intersect `rect` (content coordinates), with frames.
  package func cards(in rect: Rect) -> [LayoutAttributes] {
    layout.attributes(in: rect).filter { $0.kind == .item }
  }

  /// The index in `shown` of the card whose collection index is `cardIndex`.
  package func shownIndex(ofCard cardIndex: Int) -> Int? {
    // `shown` is sorted (a filter keeps layout order), so a binary search finds it.
    var low = 0
    var high = shown.count
    while low < high {
      let middle = (low + high) / 2
      if shown[middle] < cardIndex { low = middle + 1 } else { high = middle }
    }
    return low < shown.count && shown[low] == cardIndex ? low : nil
  }

  /// The frame of shown card `index`, preparing the layout as far as needed.
  package mutating func frame(ofShown index: Int) -> Rect? {
    guard let path = path(ofShown: index) else { return nil }
    layout.prepare(toInclude: path)
    return layout.attributes(forItem: path)?.frame
  }
}
