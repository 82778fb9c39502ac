import PictureFiles
import TerminalText

/// A block of cards stored compactly and never changed once made, so that a loader thread
/// can build it and hand it to the browser without copying: fixed fields per card
/// (`CardRecord`) and all their text in one arena of UTF-8 bytes. Text is decoded into a
/// `Card` only when one is asked for (for the cards drawn, a search hit, `--pick`).
package final class CardChunk: Sendable {
  package let records: [CardRecord]
  /// Every card's caption, comment, id and picture path, back to back, as valid UTF-8.
  package let text: ChunkText
  /// For each card's tags (`tagStart..<tagStart+tagCount`), the index of its name in
  /// `tagNames`.
  let tagReferences: [UInt32]
  /// The tags of the chunk, each once.
  package let tagNames: [String]
  /// The section names of the chunk, each once (`nil` for cards without a section).
  package let sectionNames: [String?]
  /// Pictures whose card said less than the card needs (a size read from the header, a
  /// reason it cannot be shown), by the card's index in the chunk.
  let resolvedPictures: [Int: CardImage]
  /// The addresses of the cards that have one (`url`), by index in the chunk.
  let urls: [Int: String]
  /// The pictures' descriptions of the cards that have one (`alt`), by index in the chunk.
  let alts: [Int: String]
  /// Where relative picture paths point.
  let pictureBase: PictureLinks.Base?
  /// How many bytes of the source the chunk's cards came from (for progress).
  package let sourceBytes: Int

  init(
    records: [CardRecord], text: ChunkText, tagReferences: [UInt32], tagNames: [String],
    sectionNames: [String?], resolvedPictures: [Int: CardImage], urls: [Int: String] = [:],
    alts: [Int: String] = [:],
    pictureBase: PictureLinks.Base?, sourceBytes: Int
  ) {
    self.records = records
    self.text = text
    self.tagReferences = tagReferences
    self.tagNames = tagNames
    self.sectionNames = sectionNames
    self.resolvedPictures = resolvedPictures
    self.urls = urls
    self.alts = alts
    self.pictureBase = pictureBase
    self.sourceBytes = sourceBytes
  }

  /// The number of cards.
  package var count: Int { records.count }

  /// Card `index`, decoded.
  ///
  /// - Complexity: O(length of the card's text).
  package func card(_ index: Int) -> Card {
    let record = records[index]
    let flags = record.flags
    return Card(
      id: flags.contains(.hasID) ? string(record.idStart, Int(record.idLength)) : nil,
      caption: string(Int(record.textStart), Int(record.captionLength)),
      comment: flags.contains(.hasComment)
        ? string(record.commentStart, Int(record.commentLength)) : nil,
      image: image(index),
      tags: tags(index),
      section: sectionNames[Int(record.section)], url: urls[index], alt: alts[index])
  }

  /// Card `index`'s picture as the card describes it, resolved.
  package func image(_ index: Int) -> CardImage? {
    if let resolved = resolvedPictures[index] { return resolved }
    let record = records[index]
    guard record.flags.contains(.hasImage) else { return nil }
    let path =
      record.flags.contains(.hasPath) ? string(record.pathStart, Int(record.pathLength)) : nil
    var image = CardImage(
      width: Int(record.imageWidth), height: Int(record.imageHeight),
      dominantColor: record.color == CardRecord.noColor
        ? nil
        : RGBColor(
          red: UInt8(record.color >> 16 & 0xFF), green: UInt8(record.color >> 8 & 0xFF),
          blue: UInt8(record.color & 0xFF)),
      path: path)
    if let path, !path.isEmpty, let pictureBase {
      image.source = PictureLinks.source(of: path, base: pictureBase)
    }
    return image
  }

  /// Card `index`'s tags, as the source wrote them.
  package func tags(_ index: Int) -> [String] {
    let record = records[index]
    guard record.tagCount > 0 else { return [] }
    let start = Int(record.tagStart)
    return (start..<start + Int(record.tagCount)).map { tagNames[Int(tagReferences[$0])] }
  }

  /// Calls `body` with each card's tag references (indices into `tagNames`), in order.
  @inline(__always)
  func forEachCardsTags(_ body: (UnsafeBufferPointer<UInt32>) -> Void) {
    tagReferences.withUnsafeBufferPointer { references in
      for record in records where record.tagCount > 0 {
        body(
          UnsafeBufferPointer(
            rebasing: references[Int(record.tagStart)..<Int(record.tagStart + record.tagCount)]))
      }
    }
  }

  /// Whether card `index` carries a tag marked in `wanted` (by tag name index).
  @inline(__always)
  /// Whether card `index`'s section is one of those `wanted` marks (indexed like
  /// `sectionNames`).
  package func isInSection(_ index: Int, in wanted: [Bool]) -> Bool {
    wanted[Int(records[index].section)]
  }

  package func hasTag(_ index: Int, in wanted: [Bool]) -> Bool {
    let record = records[index]
    let start = Int(record.tagStart)
    for position in start..<start + Int(record.tagCount) where wanted[Int(tagReferences[position])]
    {
      return true
    }
    return false
  }

  /// The indices in the chunk of the cards carrying `tag` (as shown: sanitised).
  package func cards(taggedWith tag: String) -> [Int] {
    let matching = tagNames.map { Sanitizer.sanitize($0) == tag }
    guard matching.contains(true) else { return [] }
    return records.indices.filter { index in
      let record = records[index]
      let start = Int(record.tagStart)
      return tagReferences[start..<start + Int(record.tagCount)].contains { matching[Int($0)] }
    }
  }

  /// Card `index`'s section name.
  package func section(_ index: Int) -> String? { sectionNames[Int(records[index].section)] }

  /// The picture's aspect ratio and whether the card has one, without decoding text.
  @inline(__always)
  package func pictureShape(_ index: Int) -> (hasImage: Bool, aspectRatio: Double) {
    guard let size = pictureSize(index) else { return (false, 1) }
    return (true, size.width > 0 && size.height > 0 ? Double(size.height) / Double(size.width) : 1)
  }

  /// The picture's size in pixels (0 where unknown), `nil` when the card has none.
  @inline(__always)
  package func pictureSize(_ index: Int) -> (width: Int, height: Int)? {
    if !resolvedPictures.isEmpty, let resolved = resolvedPictures[index] {
      return (resolved.width, resolved.height)
    }
    let record = records[index]
    guard record.flags.contains(.hasImage) else { return nil }
    return (Int(record.imageWidth), Int(record.imageHeight))
  }

  /// Calls `body` with the UTF-8 bytes of card `index`'s caption and comment, without
  /// copying.
  package func withText<Result>(
    _ index: Int,
    _ body: (_ caption: UnsafeBufferPointer<UInt8>, _ comment: UnsafeBufferPointer<UInt8>)
      throws -> Result
  ) rethrows -> Result {
    let record = records[index]
    return try text.withUnsafeBufferPointer { arena in
      let caption = UnsafeBufferPointer(
        rebasing: arena[Int(record.textStart)..<record.commentStart])
      let comment = UnsafeBufferPointer(
        rebasing: arena[record.commentStart..<record.commentStart + Int(record.commentLength)])
      return try body(caption, comment)
    }
  }

  /// What the store found of card `index`'s caption (`field` 0) or comment (1) when it
  /// kept it: the route its lines are counted by (`LineCounter`).
  @inline(__always)
  package func textKind(_ index: Int, field: Int) -> TextKind {
    Self.textKind(records[index].flags, field: field)
  }

  /// `textKind(_:field:)` from a record's flags.
  @inline(__always)
  package static func textKind(_ flags: CardRecord.Flags, field: Int) -> TextKind {
    if flags.contains(field == 0 ? .simpleCaption : .simpleComment) { return .simpleASCII }
    if flags.contains(field == 0 ? .cjkCaption : .cjkComment) { return .cjk }
    if flags.contains(field == 0 ? .printableCaption : .printableComment) {
      return .printableASCII
    }
    return .other
  }

  /// Whether search can compare card `index`'s text as it is stored, without a folded
  /// copy: printable ASCII throughout (folding is lowercasing), or caption and comment
  /// plain CJK (`textKind`: hiragana read as katakana) with ASCII tags.
  package func isFoldedOnTheFly(_ index: Int) -> Bool {
    let flags = records[index].flags
    if flags.contains(.asciiText) { return true }
    return flags.contains(.asciiTags) && textKind(index, field: 0).isPlain
      && textKind(index, field: 1).isPlain
  }

  /// Whether card `index`'s caption, comment and tags are plain printable ASCII.
  package func hasASCIIText(_ index: Int) -> Bool { records[index].flags.contains(.asciiText) }

  private func string(_ start: Int, _ length: Int) -> String {
    text.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[start..<start + length]), as: UTF8.self)
    }
  }

  /// The bytes the chunk keeps, roughly: for the memory figures.
  package var storedBytes: Int {
    records.count * MemoryLayout<CardRecord>.stride + text.count + tagReferences.count * 4
      + tagNames.reduce(0) { $0 + $1.utf8.count + 16 } + resolvedPictures.count * 96
  }
}
