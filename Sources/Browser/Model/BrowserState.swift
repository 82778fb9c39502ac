import CardLayouts
import Cards
import FileCuration
import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalText

/// Everything the browser shows that can change: one value, changed only by
/// `BrowserReducer.reduce`. It holds the cards and what was derived from events that no
/// cache could derive again (which cards a search has found so far, the order tags first
/// appeared in, the thumbnails received, the work handed out); what can be computed from
/// it again (measured text, the prepared layout, the frame) lives in `BrowserCaches`.
///
/// Copies are cheap and independent: the cards are immutable chunks, the cards shown share
/// storage that only grows at its end (see `CardSelection`), the rest are plain values.
package struct BrowserState: Equatable {
  /// The terminal's size.
  package var terminalSize: Size
  /// What the terminal can do: colours, the cell's shape, how pictures are drawn.
  package var capabilities: TerminalCapabilities
  /// The width of the virtual viewport (`<`, `>`, `=`; `render --viewport`): the browser
  /// lays out and draws as in a terminal this wide, at the terminal's left, with a shaded
  /// margin beside it and a ruler on the last row. `nil`: the terminal's whole width.
  package var viewportWidth: Int?
  package var layoutOptions: LayoutOptions
  /// The first content row on screen (the scroll position of the cards).
  package var scrollOffset = 0
  /// The selected card: an index into the cards shown (after any filter), or `nil` when
  /// none is shown.
  package var selected: Int?
  /// The screen row where the selected card's top edge belongs: set where the person put
  /// the card (by scrolling or selecting), kept through resizes and layout switches, which
  /// put the card back at this row whenever the new screen allows. A round trip through a
  /// small window therefore comes back exactly where it started.
  package var selectionRow: Int?
  /// What has the keys: the cards, an open card, the tag strip, the search prompt, help.
  package var mode: BrowserMode = .browsing
  /// Only cards with this tag are shown.
  package var tagFilter: String?
  /// What was typed in the tag strip: it shows only the tags holding it (folded as the
  /// search folds), and `.tags(focused:)` indexes `stripTags`.
  package var tagQuery = ""
  /// How far the tag strip is scrolled sideways.
  package var tagStripOffset = 0
  /// A line for the status bar instead of the hint (what just happened).
  package var message: String?
  /// The search applied to the cards (empty: none).
  package var searchQuery = ""
  /// The layout switch being animated.
  package var transition: LayoutTransition?
  /// The time of the last event, in milliseconds (drives the animation).
  package var time = 0
  /// Thumbnails or placeholders.
  package var pictures: PictureDisplay
  /// Which animated pictures play, and their clock.
  package var animation = AnimationPlayback(choice: .selected)
  /// How far the source has been read.
  package var load = LoadStatus.complete
  /// `--pick`: Enter answers with the selected card; q and Esc cancel.
  package var picking = false
  /// The accessible view (`--accessible`, `A`): the cards as lines of words, one a line,
  /// for a screen reader; movement goes from card to card in reading order.
  package var accessible = false
  /// `G` while the source is still read: the last card stays selected, with the end on
  /// screen, as more cards arrive (as `less +F` follows a file), until another movement
  /// key.
  package var followsEnd = false
  /// How folders' pictures are ordered (`s`, `S`); `nil` for a card file's cards.
  package var folderSort: FolderSort?
  /// Whether the source is a card file that `F` can follow as it grows.
  package var followable = false
  /// When the last key that moves through the cards came (`nil`: none yet).
  package var lastMovement: Int?
  /// The facts of the viewer's picture (`i`): for which picture, and them once read (or
  /// why not). Only the last asked for is kept.
  package var pictureFacts: ViewerFacts?
  /// How picture bytes are getting to the terminal (`--link`, and what was measured):
  /// pictures go smaller on a slow link, and the status bar says what waits.
  package var linkChoice = LinkChoice.auto
  package var pictureLink = PictureLink()
  /// The slideshow's interval (`--slideshow`), in ms.
  package var slideshowInterval = PictureViewer.standardInterval
  /// `--slideshow`: the viewer opens on the first picture, with a slideshow, once the
  /// first card is selected.
  package var startsInSlideshow = false
  /// The cell shape pictures are made at: the terminal's, or about half its pixels on a
  /// slow link where the terminal scales pictures to their cells.
  package var pictureCellShape: CellShape {
    let shape = capabilities.cellShape
    guard pictureLink.isSlow(linkChoice, overSSH: capabilities.overSSH),
      capabilities.pixelProtocol?.scalesToCells == true
    else { return shape }
    return shape.scaledForLink
  }

  /// Whether still pictures come in symbols in their cells as well, shown until their
  /// pixels arrive over them: on a slow link, where the pixels take seconds and the
  /// symbols a few kilobytes, in a protocol that draws over the text.
  package var symbolsUnderPictures: Bool {
    pictureLink.isSlow(linkChoice, overSSH: capabilities.overSSH)
      && capabilities.pixelProtocol?.showsOverText == true
  }

  /// Whether pictures go to the terminal a cell row at a time (`LinkChoice.queuesCellPictures`,
  /// as the curses backend decides it).
  package var picturesGoByCellRow: Bool {
    linkChoice.queuesCellPictures(overSSH: capabilities.overSSH)
  }

  /// The sixel colour registers pictures use: fewer on a slow link (a cheaper encoding).
  package var pictureSixelColors: Int {
    pictureLink.isSlow(linkChoice, overSSH: capabilities.overSSH)
      ? Swift.min(64, capabilities.sixelColors) : capabilities.sixelColors
  }

  /// Keys repeat (a movement key is held down) until this time: meanwhile pictures costly
  /// to draw again show as their placeholders, so each step is a small frame the terminal
  /// takes at once, and the thumbnails (made meanwhile) show as soon as the keys pause.
  package var keysRepeatUntil: Int?

  /// The cards read so far, in file order.
  package private(set) var cards: CardCollection
  /// The cards the filter lets through, in layout order (indices into `cards`): all of
  /// them, a tag's, or a search's matches found so far.
  package var shown: CardSelection
  /// The key tables in force: the standard ones with `--bind`'s bindings over them.
  package var keys = KeyTables.standard
  /// The marked cards (`m`, `M`, `U`), by collection index: what `--pick` answers with.
  package var marks = CardMarks()
  /// The marks when a reload or a sort was asked for, until its answer: the reading thread
  /// finds those in the cards it reads, and what was marked or unmarked meanwhile is
  /// carried over when the answer comes.
  package var marksAtRequest: CardMarks?
  /// A followed file read again from its start: the marked cards by id, picture or (text
  /// alone) place, marked again as they come back.
  package var marksAfterRestart: CardMarks.Identities?
  /// Cards whose files went to the trash or into another folder (`d`, `x`): off the wall
  /// whatever the filter, until undone or the source is read again.
  package var removed = CardMarks()
  /// What the curation keys did, the newest last, for `u` (at most `undoLimit`).
  package var undoSteps: [CurationStep] = []
  /// The curation request being carried out, and its cards (one at a time: a key for
  /// another waits for its answer).
  package var curating: CurationStep?
  /// After a rename or an edit the source is read again: the card to select then.
  package var selectsAfterReload: ReloadSelection?
  /// The card file that `e` and `#` write captions and tags back to (`nil`: a folder, a
  /// stream, a property list: read-only).
  package var editableFile: String?
  /// Counts the times every card was replaced, so that a curation step knows whether its
  /// card indices still name its cards.
  package private(set) var cardsGeneration = 0
  /// The dataset's tags and the order the strip shows them in.
  package var tags: TagList
  /// The thumbnails received, and what was last asked for.
  package var thumbnails = ThumbnailStore()
  /// The search whose rest a worker is still scanning (its matches so far are in `shown`).
  package var search: SearchProgress?
  /// The measuring of every card's text ahead of time (`BrowserEffect.measure`).
  package var measuring = MeasureProgress()
  /// The last number given to a background job; each job gets the next one, so that an
  /// answer can be told from a later job's.
  package var jobCount = 0

  /// A state for a terminal of `size` showing `cards` (no viewport).
  package init(
    size: Size, cards: CardCollection, layout: LayoutOptions = LayoutOptions(),
    pictures: PictureDisplay = .placeholders,
    capabilities: TerminalCapabilities = TerminalCapabilities(colorDepth: .none)
  ) {
    self.terminalSize = size
    self.capabilities = capabilities
    self.layoutOptions = layout
    self.pictures = pictures
    self.cards = cards
    shown = CardSelection(all: cards)
    tags = TagList(cards)
  }

  /// The area the browser lays out and draws in: the whole terminal, or with a viewport
  /// its left `viewportWidth` columns above the ruler row.
  package var size: Size {
    guard let viewport = viewport else { return terminalSize }
    return viewport.size
  }

  /// The viewport's area and the ruler's row, when a viewport is set (the width is kept
  /// within the terminal's).
  package var viewport: (size: Size, rulerRow: Int)? {
    guard let viewportWidth, terminalSize.height >= 2 else { return nil }
    return (
      Size(width: Swift.min(viewportWidth, terminalSize.width), height: terminalSize.height - 1),
      terminalSize.height - 1
    )
  }

  /// The tags the strip shows: all of them, or those holding `tagQuery`.
  ///
  /// - Complexity: O(1) without a query (the same storage); O(tags) with one.
  package var stripTags: [String] {
    guard !tagQuery.isEmpty else { return tags.order }
    let query = SearchFolding.folded(tagQuery)
    return tags.order.filter { SearchFolding.folded($0).contains(query) }
  }

  /// Which cards are shown.
  package var filter: CardFilter { CardFilter(tag: tagFilter, query: searchQuery) }

  /// The card style these options ask for on this terminal.
  package var cardStyle: CardStyle {
    var style = layoutOptions.cardStyle
    style.cellShape = capabilities.cellShape
    return style
  }

  /// Shown card `index`, decoded.
  package func shownCard(_ index: Int) -> Card { cards.cards[shown[index]] }

  /// What `--pick` answers with: the marked cards in card (file) order, else the
  /// selected card, else none.
  package var pickedCards: [Card] {
    if !marks.isEmpty {
      return marks.sorted.filter { $0 < cards.cards.count }.map { cards.cards[$0] }
    }
    return selected.map { [shownCard($0)] } ?? []
  }

  /// The picture files a command (`!`) runs on: the marked cards', in card order, else
  /// the selected card's (cards without a picture file have none).
  package var actionPaths: [String] {
    let chosen = marks.isEmpty ? selectedCard.map { [$0] } ?? [] : marks.sorted
    return chosen.compactMap { $0 < cards.cards.count ? Self.filePath(of: cards.cards[$0]) : nil }
  }

  /// The files the curation keys act on, with their cards: the marked cards', in card
  /// order, else the selected card's (cards without a picture file have none).
  package var actionFiles: [(card: Int, path: String)] {
    let chosen = marks.isEmpty ? selectedCard.map { [$0] } ?? [] : marks.sorted
    return chosen.compactMap { card in
      guard card < cards.cards.count, let path = Self.filePath(of: cards.cards[card]) else {
        return nil
      }
      return (card, path)
    }
  }

  /// The file card `card`'s picture is read from, when it is a file.
  package static func filePath(of card: Card) -> String? {
    if case .file(let path) = card.image?.source { return path }
    return nil
  }

  /// The last part of `path`, for a message.
  package static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// The collection index of the selected card (stable across filters).
  package var selectedCard: Int? {
    selected.flatMap { $0 < shown.count ? shown[$0] : nil }
  }

  /// Adds the cards of `chunk` (the next ones of the source) at the end of the cards; the
  /// caller decides which of them are shown.
  package mutating func append(_ chunk: CardChunk) {
    cards.append(chunk)
    tags.count(chunk)
  }

  /// Replaces every card (the source read again) and the marks (`marks`, on the new
  /// cards): nothing is shown until `shown` is set.
  package mutating func replaceCards(with collection: CardCollection, marks: CardMarks) {
    self.marks = marks
    marksAfterRestart = nil
    removed = CardMarks()
    cardsGeneration += 1
    cards = collection
    shown = CardSelection(all: collection)
    tags = TagList(collection)
    thumbnails = ThumbnailStore()
    search = nil
  }

  /// When the app must wake with a tick even without input: the next step of an
  /// animation, the end of a key held down, the slideshow's next picture (`nil`: none).
  package var deadline: Int? {
    if transition != nil { return time + 16 }
    return [keysRepeatUntil, mode.viewer?.slideshow?.due].compactMap { $0 }.min()
  }

  /// What Enter opens the selected card in: the viewer for a card with a picture (its
  /// placeholder with `--images none`; the facts panel holds the card's text), else the
  /// card over the screen.
  package var openingMode: BrowserMode {
    if let card = selected, card < shown.count, shownCard(card).image?.source != nil {
      return .viewer(PictureViewer())
    }
    return .detail(scroll: 0)
  }

  /// The next job number.
  package mutating func nextJob() -> Int {
    jobCount += 1
    return jobCount
  }
}

/// The card to select once the source is read again: the one of a file (after a
/// rename), or the one at a place among the cards (after an edit).
package enum ReloadSelection: Hashable, Sendable {
  case file(String)
  case card(Int)
}

/// A curation request (or what it did, for `u`): its cards, in the order of the request's
/// files, and which replacement of the cards they belong to (`cardsGeneration`).
package struct CurationStep: Hashable, Sendable {
  package var record: CurationRecord?
  package var cards: [Int]
  package var generation: Int

  package init(record: CurationRecord?, cards: [Int], generation: Int) {
    self.record = record
    self.cards = cards
    self.generation = generation
  }
}

/// A search whose first matches are shown while a worker scans the rest.
package struct SearchProgress: Hashable, Sendable {
  package var generation: Int
  package var filter: CardFilter
  /// The cards before this index are scanned; their matches are in `shown`.
  package var scannedThrough: Int
  /// Whether the scan has been handed to a worker (`BrowserEffect.search`).
  package var handedOut = false

  package init(generation: Int, filter: CardFilter, scannedThrough: Int) {
    self.generation = generation
    self.filter = filter
    self.scannedThrough = scannedThrough
  }
}

/// Counting every card's lines ahead of time on a worker: all of them once per layout,
/// then the cards of each piece a source hands over, as it arrives (so that `G` the moment
/// a long load ends finds them counted).
package struct MeasureProgress: Hashable, Sendable {
  /// Whether the layout changed since a worker was last given every card.
  package var wanted = false
  /// The jobs now measuring (their answers are taken; an older one's are too, since line
  /// counts are facts about text, but a newer generation stops it).
  package var generation = 0
  /// The chunks handed to workers under `generation` (the rest are given as they arrive).
  package var handedChunks = 0

  package init() {}

  init(generation: Int, handedChunks: Int) {
    self.generation = generation
    self.handedChunks = handedChunks
  }
}
