import CardModel
import TerminalText

/// What counting the lines of one chunk's captions and comments needs, for the texts that
/// are neither simple ASCII nor plain CJK (those are counted from their bytes: `ASCIIText`,
/// `CJKText`). In character mode each is shaped once — by the table-driven `UnicodeText`,
/// or the sanitiser and ICU for the rare text it leaves — and kept as its clusters (a
/// byte each). In word mode, text `LineCounter` counts from its bytes (printable ASCII,
/// and text whose other scalars all have stand-ins: most of it) is not kept, and the rest
/// is shaped once and kept as its words (`WordSegments`, two
/// bytes a word; most texts folded into them in one pass from their bytes,
/// `UnicodeText.appendWordSegments`), so a count at a new width is a step per word.
///
/// Made once per chunk and wrap mode, on any thread (a chunk never changes), so a worker
/// can make them while the browser runs.
package final class ChunkShapes: Sendable {
  package let wrap: WrapMode
  /// The `k`-th card with text to shape has its caption at `starts[2k]..<starts[2k+1]` of
  /// the storage, its comment at `starts[2k+1]..<starts[2k+2]` (empty for a field counted
  /// from its bytes).
  private let starts: [UInt32]
  /// The cards with text to shape, and each one's `k`: a card counted from its bytes keeps
  /// no place in `starts`.
  private let kept: KeptCards
  /// Word mode: the segments of the texts counted from their shapes. A text whose words do
  /// not fit units is the one unit
  /// `unfolded`, and is shaped again when counted.
  private let units: [UInt16]
  /// Character mode: the clusters.
  private let clusters: [UInt8]
  /// Word mode: the clusters of the words wider than `longWord`, so that a count at a
  /// narrower width reads them rather than shaping the text again; the texts with such
  /// words (`2k + field`, ascending) and the index of each one's first.
  private let longWords: LongWords
  private let longTexts: [UInt32]
  private let longFirst: [UInt32]
  /// Words wider than this keep their clusters: under the narrowest inside width of a
  /// card in a column of the default minimum width (26 − 4 = 22 cells), so only a layout
  /// narrower than any default one shapes a text again to count it.
  static let longWord = 20

  /// A text kept as nothing but this mark: shaped again at each count (a word over 2,046
  /// cells, a run of more than 31 spaces inside a text).
  fileprivate static let unfolded: UInt16 = 0xFFFE

  /// Shapes the texts of `chunk` that need it, for `wrap` (in word mode, not those of
  /// printable ASCII and line feeds).
  ///
  /// - Complexity: O(text of the chunk); an ICU pass only for text `UnicodeText` leaves.
  package convenience init(_ chunk: CardChunk, wrap: WrapMode) {
    var builder = Builder(cards: chunk.count, wrap: wrap)
    for index in 0..<chunk.count {
      chunk.withText(index) { caption, comment in
        // Word mode keeps no text that is counted from its bytes.
        func shaped(_ text: UnsafeBufferPointer<UInt8>, field: Int) -> Bool {
          !LineCounter.isCountedFromBytes(
            text, kind: chunk.textKind(index, field: field), mode: wrap)
        }
        let (captionShaped, commentShaped) = (shaped(caption, field: 0), shaped(comment, field: 1))
        guard captionShaped || commentShaped else { return }
        builder.add(
          card: index, caption: captionShaped ? caption : nil,
          comment: commentShaped ? comment : nil)
      }
    }
    self.init(builder)
  }

  /// The shapes `builder` made.
  package init(_ builder: Builder) {
    var builder = builder
    builder.closeCard()
    wrap = builder.wrap
    starts = builder.starts.trimmed()
    kept = builder.kept
    units = builder.units.trimmed()
    clusters = builder.clusters.trimmed()
    builder.longWords.trim()
    longWords = builder.longWords
    longTexts = builder.longTexts.trimmed()
    longFirst = builder.longFirst.trimmed()
  }

  /// Shapes a chunk's texts card by card, in ascending order of cards: all the others at
  /// once (`init(_:wrap:)`), or, in word mode, those the counter from the bytes refuses as
  /// a count meets them (`CardChunk.lineCounts`), so that no text is read twice.
  package struct Builder {
    let wrap: WrapMode
    /// `wrap == .word`, asked at every field (a comparison across modules is a call
    /// through the conformance each time).
    private let isWordMode: Bool
    fileprivate var starts: [UInt32] = [0]
    fileprivate var units: [UInt16] = []
    fileprivate var clusters: [UInt8] = []
    fileprivate var kept: KeptCards
    fileprivate var longWords = LongWords(longerThan: ChunkShapes.longWord)
    fileprivate var longTexts: [UInt32] = []
    fileprivate var longFirst: [UInt32] = []
    private var scratch = UnicodeText.Scratch()
    private var shape: [UInt8] = []
    /// The card whose fields are being added, and how many of its two are in `starts`.
    private var openCard = -1
    private var fieldsAdded = 2

    /// Shapes of none of `cards` cards, for `wrap`.
    package init(cards: Int, wrap: WrapMode) {
      self.wrap = wrap
      isWordMode = wrap == .word
      kept = KeptCards(cards: cards)
    }

    /// Whether a card was added.
    package var isEmpty: Bool { kept.count == 0 }

    /// Shapes and keeps card `index`'s caption and comment (`nil`: a field not kept),
    /// calling `shaped` with each field kept and a count of its lines at any width: from
    /// the words just kept in word mode (a step a word, as a later count reads them), from
    /// the clusters otherwise.
    package mutating func add(
      card index: Int, caption: UnsafeBufferPointer<UInt8>?, comment: UnsafeBufferPointer<UInt8>?,
      shaped: (_ field: Int, _ lineCount: (_ width: Int) -> Int) -> Void = { _, _ in }
    ) {
      if let caption { add(card: index, field: 0, text: caption, shaped: shaped) }
      if let comment { add(card: index, field: 1, text: comment, shaped: shaped) }
    }

    private mutating func add(
      card index: Int, field: Int, text: UnsafeBufferPointer<UInt8>,
      shaped: (_ field: Int, _ lineCount: (_ width: Int) -> Int) -> Void
    ) {
      let firstUnit = units.count
      let firstLong = longWords.count
      if isWordMode {
        // Nearly every text is folded into its words straight from its bytes.
        openField(card: index, field: field)
        if let (fits, clusterCount) = UnicodeText.appendWordSegments(
          text, to: &units, longWords: &longWords, scratch: &scratch)
        {
          closeWords(fits: fits, from: firstUnit, firstLong: firstLong, field: field)
          appendStart()
          count(
            field: field, clusters: scratch.lastClusters(count: clusterCount), from: firstUnit,
            firstLong: firstLong, shaped)
          return
        }
      }
      ChunkShapes.shape(text, into: &shape, scratch: &scratch)
      add(card: index, field: field, clusters: shape)
      shape.withUnsafeBufferPointer { clusters in
        count(field: field, clusters: clusters, from: firstUnit, firstLong: firstLong, shaped)
      }
    }

    /// Calls `shaped` with field `field`, just kept from its shape `clusters` (its words
    /// from unit `firstUnit` and long word `firstLong` on, in word mode), and its count at
    /// any width.
    private func count(
      field: Int, clusters: UnsafeBufferPointer<UInt8>, from firstUnit: Int, firstLong: Int,
      _ shaped: (_ field: Int, _ lineCount: (_ width: Int) -> Int) -> Void
    ) {
      let wrap = self.wrap
      func clusterCount(_ width: Int) -> Int {
        PreparedText.lineCount(of: clusters, width: width, mode: wrap)
      }
      guard wrap == .word, units.count > firstUnit, units[firstUnit] != ChunkShapes.unfolded
      else { return shaped(field, clusterCount) }
      units.withUnsafeBufferPointer { units in
        let words = UnsafeBufferPointer(rebasing: units[firstUnit...])
        shaped(field) { width in
          WordSegments.lineCount(words, width: width, longWords: longWords, first: { firstLong })
            ?? clusterCount(width)
        }
      }
    }

    /// Keeps field `field` of card `index` (0 caption, 1 comment) from its shape
    /// `clusters`: cards in ascending order, a card's fields in order (either may be left
    /// out).
    package mutating func add(card index: Int, field: Int, clusters shape: [UInt8]) {
      openField(card: index, field: field)
      switch wrap {
      case .char:
        clusters.append(contentsOf: shape)
      case .word:
        let start = units.count
        let firstLong = longWords.count
        let fits = shape.withUnsafeBufferPointer {
          WordSegments.append($0, to: &units, longWords: &longWords)
        }
        closeWords(fits: fits, from: start, firstLong: firstLong, field: field)
      }
      appendStart()
    }

    /// Makes field `field` of card `index` the next to be kept (opening the card's entry
    /// when it is a new card).
    private mutating func openField(card index: Int, field: Int) {
      if index != openCard {
        closeCard()
        kept.keep(index)
        openCard = index
        fieldsAdded = 0
      }
      while fieldsAdded < field { appendStart() }
    }

    /// Ends the words of field `field` appended from unit `start` and long word
    /// `firstLong` on: the one unit `unfolded` when they did not `fit`, and the text's
    /// place among those with long words when it has some.
    private mutating func closeWords(fits: Bool, from start: Int, firstLong: Int, field: Int) {
      if !fits {
        units.removeSubrange(start...)
        units.append(ChunkShapes.unfolded)
        longWords.removeLast(longWords.count - firstLong)
      } else if longWords.count > firstLong {
        longTexts.append(UInt32(2 * (kept.count - 1) + field))
        longFirst.append(UInt32(firstLong))
      }
    }

    /// Ends the open card's entry: a field left out keeps an empty one.
    fileprivate mutating func closeCard() {
      while fieldsAdded < 2 { appendStart() }
    }

    private mutating func appendStart() {
      starts.append(UInt32(isWordMode ? units.count : clusters.count))
      fieldsAdded += 1
    }
  }

  /// The index in `longWords` of the first long word of text `key` (`2k + field`), which
  /// has one.
  ///
  /// - Complexity: O(log texts with long words).
  private func firstLongWord(ofText key: Int) -> Int {
    var low = 0
    var high = longTexts.count
    while low < high {
      let middle = (low + high) / 2
      if Int(longTexts[middle]) < key { low = middle + 1 } else { high = middle }
    }
    return Int(longFirst[low])
  }

  /// The cluster bytes of untrusted text `text`, as `PreparedText` makes them.
  fileprivate static func shape(
    _ text: UnsafeBufferPointer<UInt8>, into shape: inout [UInt8],
    scratch: inout UnicodeText.Scratch
  ) {
    if !UnicodeText.shape(text, into: &shape, scratch: &scratch) {
      shape = PreparedText.icuShape(of: String(decoding: text, as: UTF8.self))
    }
  }

  /// The lines card `index`'s caption (`field` 0) or comment (1), whose bytes are `text`
  /// (not simple ASCII nor plain CJK), takes at `width`.
  ///
  /// - Complexity: O(words) in word mode (and the clusters of a word wider than the line),
  ///   O(clusters) in character mode; the text is shaped again only when a word no wider
  ///   than `longWord` is wider than the line.
  func lineCount(ofCard index: Int, field: Int, text: UnsafeBufferPointer<UInt8>, width: Int)
    -> Int
  {
    guard let place = kept.place(of: index),
      Int(starts[2 * place + field + 1]) > Int(starts[2 * place + field])
    else {
      // Not kept (word mode keeps no text counted from its bytes).
      var scratch = UnicodeText.Scratch()
      return LineCounter.count(of: text, kind: .other, width: width, mode: wrap, scratch: &scratch)
        ?? Self.lineCount(ofText: text, width: width, wrap: wrap)
    }
    let start = Int(starts[2 * place + field])
    let end = Int(starts[2 * place + field + 1])
    switch wrap {
    case .char:
      return clusters.withUnsafeBufferPointer {
        PreparedText.lineCount(
          of: UnsafeBufferPointer(rebasing: $0[start..<end]), width: width, mode: .char)
      }
    case .word:
      let counted = units.withUnsafeBufferPointer { units -> Int? in
        guard end > start, units[start] != Self.unfolded else { return end > start ? nil : 0 }
        return WordSegments.lineCount(
          UnsafeBufferPointer(rebasing: units[start..<end]), width: width,
          longWords: longWords, first: { firstLongWord(ofText: 2 * place + field) })
      }
      if let counted { return counted }
      return Self.clusters(of: text) {
        PreparedText.lineCount(of: $0, width: width, mode: .word)
      }
    }
  }

  /// Whether card `index`'s caption (`field` 0) or comment (1) is kept here (a text not
  /// kept is counted from its bytes).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func keeps(card index: Int, field: Int) -> Bool {
    guard let place = kept.place(of: index) else { return false }
    return Int(starts[2 * place + field + 1]) > Int(starts[2 * place + field])
  }

  /// The widest line of card `index`'s caption or comment (`text`), as
  /// `PreparedText.naturalWidth` measures it.
  func naturalWidth(ofCard index: Int, field: Int, text: UnsafeBufferPointer<UInt8>) -> Int {
    guard let place = kept.place(of: index),
      Int(starts[2 * place + field + 1]) > Int(starts[2 * place + field])
    else {
      var scratch = UnicodeText.Scratch()
      if let width = UnicodeText.naturalWidth(text, scratch: &scratch) { return width }
      return Self.clusters(of: text) { PreparedText.naturalWidth(of: $0) }
    }
    let start = Int(starts[2 * place + field])
    let end = Int(starts[2 * place + field + 1])
    switch wrap {
    case .char:
      return clusters.withUnsafeBufferPointer {
        PreparedText.naturalWidth(of: UnsafeBufferPointer(rebasing: $0[start..<end]))
      }
    case .word:
      let measured = units.withUnsafeBufferPointer { units -> Int? in
        guard end > start else { return 0 }
        guard units[start] != Self.unfolded else { return nil }
        return WordSegments.naturalWidth(UnsafeBufferPointer(rebasing: units[start..<end]))
      }
      return measured ?? Self.clusters(of: text) { PreparedText.naturalWidth(of: $0) }
    }
  }

  /// The lines untrusted text `text` takes at `width`, shaped for this count alone (a few
  /// cards of a chunk measured before its shapes are worth making).
  static func lineCount(ofText text: UnsafeBufferPointer<UInt8>, width: Int, wrap: WrapMode)
    -> Int
  {
    clusters(of: text) { PreparedText.lineCount(of: $0, width: width, mode: wrap) }
  }

  /// Calls `body` with the clusters of `text`, shaped again.
  private static func clusters<Result>(
    of text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    var scratch = UnicodeText.Scratch()
    var shape: [UInt8] = []
    Self.shape(text, into: &shape, scratch: &scratch)
    return shape.withUnsafeBufferPointer(body)
  }

  /// The bytes kept.
  package var storedBytes: Int {
    units.count * 2 + clusters.count + starts.count * 4 + longWords.storedBytes
      + longTexts.count * 8
  }
}
