import CardLayouts
import Cards
import LayoutEngine
import TerminalText
import Widgets

/// The cards behind the browser and what is derived from them: the cards shown (after a
/// tag filter or a search), their measurer (sharing prepared text), the tag list, and the
/// layout prepared for the current width. Not part of `BrowserState`: it is a cache,
/// rebuilt when the state's layout, width or filter changes.
package struct BrowserContent {
  package let collection: CardCollection
  package let measurer: CardMeasurer
  /// The dataset's tags, most used first (ties by name).
  package let tags: [String]

  /// The indices into `collection.cards` of the cards shown, in layout order.
  package private(set) var shown: [Int]
  /// The cards shown, grouped into sections.
  package private(set) var shownCollection: CardCollection
  package private(set) var shownMeasurer: CardMeasurer
  package private(set) var layout: any CollectionLayout
  package private(set) var context: LayoutContext
  private var preparedFor: (options: LayoutOptions, size: Size, filter: CardFilter)?
  /// The thumbnails received, and what was last asked for.
  package var thumbnails = ThumbnailStore()
  /// The frame geometry for the last state synced, with what it was computed from.
  private var geometryCache: (key: GeometryKey, geometry: FrameGeometry)?
  /// Each card's caption and comment, and its tags, folded for search; made at the first
  /// search.
  private var foldedTexts: [(text: [Character], tags: [Character])]?

  package init(collection: CardCollection, style: CardStyle = CardStyle()) {
    self.collection = collection
    measurer = CardMeasurer(store: collection.cards, style: style)
    var counts: [String: Int] = [:]
    for card in collection.cards {
      for tag in Set(card.tags.map { Sanitizer.sanitize($0) }) where !tag.isEmpty {
        counts[tag, default: 0] += 1
      }
    }
    tags = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
    shown = Array(collection.cards.indices)
    shownCollection = collection
    shownMeasurer = measurer
    layout = LayoutOptions().makeLayout()
    context = LayoutContext(containerSize: .zero, sections: [], measure: .constant(height: 0))
  }

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
          card: shownCollection.cards[openCard], index: openCard, measurer: shownMeasurer
        ).contentHeight(width: state.size.width, height: geometry.overlayArea.height)
      }
      geometry = FrameGeometry(
        size: geometry.size, tagStrip: geometry.tagStrip, tagCount: tags.count,
        detailContentHeight: detailHeight)
      geometryCache = (key, geometry)
    }
    return geometry
  }

  /// The indices of the cards `filter` lets through, in layout order.
  ///
  /// - Complexity: O(*n*) for a tag; O(total text) for a search (the folded text is made
  ///   once, at the first search).
  package mutating func indices(matching filter: CardFilter) -> [Int] {
    var result = Array(collection.cards.indices)
    if let tag = filter.tag {
      result = result.filter {
        collection.cards[$0].tags.contains { Sanitizer.sanitize($0) == tag }
      }
    }
    let needle = SearchFolding.fold(filter.query)
    if !needle.isEmpty {
      let folded = foldedSearchTexts()
      result = result.filter {
        SearchFolding.contains(folded[$0].text, needle)
          || SearchFolding.contains(folded[$0].tags, needle)
      }
    }
    return result
  }

  private mutating func foldedSearchTexts() -> [(text: [Character], tags: [Character])] {
    if let foldedTexts { return foldedTexts }
    let folded = collection.cards.map { card in
      (
        text: SearchFolding.fold(card.caption + "\n" + (card.comment ?? "")),
        tags: SearchFolding.fold(card.tags.joined(separator: "\n"))
      )
    }
    foldedTexts = folded
    return folded
  }

  /// The tag through which shown card `index` matches `query` when its caption and
  /// comment do not (`nil` when they do, or nothing matches).
  package mutating func tagOnlyMatch(ofShown index: Int, query: String) -> String? {
    let needle = SearchFolding.fold(query)
    guard !needle.isEmpty, index >= 0, index < shown.count else { return nil }
    let folded = foldedSearchTexts()[shown[index]]
    guard !SearchFolding.contains(folded.text, needle) else { return nil }
    return collection.cards[shown[index]].tags.first {
      SearchFolding.contains(SearchFolding.fold($0), needle)
    }
  }

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
      let indices = indices(matching: filter)
      shown = indices
      shownCollection = CardCollection(
        source: collection.source, cards: indices.map { collection.cards[$0] })
      shownMeasurer = measurer.restyled(style).subset(indices)
    } else if shownMeasurer.style != style {
      shownMeasurer = shownMeasurer.restyled(style)
    }
    layout = options.makeLayout()
    context = options.context(for: shownCollection, measurer: shownMeasurer, size: size)
    layout.prepare(context, through: extent)
    preparedFor = (options, size, filter)
    return true
  }

  /// Prepares the layout further, so that everything up to `extent` is placed.
  package mutating func prepare(through extent: Int) {
    layout.prepareMore(through: extent)
  }

  /// The layout path of shown card `index`.
  package func path(ofShown index: Int) -> ItemPath? {
    let starts = shownCollection.sectionStarts
    guard index >= 0, index < shown.count else { return nil }
    let section = starts.lastIndex { $0 <= index } ?? 0
    return ItemPath(section: section, item: index - starts[section])
  }

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
