import CTextSupport
import PictureFiles
import TerminalText

/// Builds a `CardChunk` card by card: from `Card` values, or from the byte ranges the fast
/// parser finds, without making a `String` of any text.
///
/// Text is made safe to keep here: invalid UTF-8 becomes U+FFFD (as the JSON reader does)
/// and a field longer than `CardText.maximumFieldBytes` is cut with an ellipsis, so a
/// 50 MB caption costs 64 KB.
///
/// A builder is used where it is made and not copied: its text is a buffer it shares
/// with its copies.
package struct CardChunkBuilder {
  private var records: [CardRecord] = []
  private var text = ChunkTextBuffer()
  private var tagReferences: [UInt32] = []
  private var tags = NameTable()
  /// The chunk's sections in the order first seen (`nil`: cards without one).
  private var sectionNames: [String?] = []
  private var sections = NameTable()
  /// The index in `sectionNames` of each name in `sections`.
  private var sectionOfName: [UInt32] = []
  /// The index in `sectionNames` of `nil`, once a card without a section came.
  private var noSection: UInt32?
  private var resolvedPictures: [Int: CardImage] = [:]
  /// The addresses of the cards that have one, by index (most cards have none).
  private var urls: [Int: String] = [:]
  private var alts: [Int: String] = [:]
  private let pictureBase: PictureLinks.Base?
  /// Whether pictures of unknown size get their size from their header as cards arrive.
  private let probesPictures: Bool

  /// A builder whose relative picture paths point into `pictureBase` (`nil`: pictures are
  /// not looked for).
  package init(pictureBase: PictureLinks.Base?, probesPictures: Bool = true) {
    self.pictureBase = pictureBase
    self.probesPictures = probesPictures
  }

  /// Makes room for `cards` more cards with `textBytes` of text in all, so that a chunk
  /// whose size is known (a batch of records) is built without growing its arrays by
  /// doubling, each step a block of megabytes to map and copy.
  package mutating func reserve(cards: Int, textBytes: Int) {
    records.reserveCapacity(records.count + cards)
    text.reserve(textBytes)
  }

  package var count: Int { records.count }
  package var isEmpty: Bool { records.isEmpty }
  /// The bytes of text kept so far.
  package var textBytes: Int { text.count }

  /// Adds `card`.
  package mutating func append(_ card: Card) {
    // All the card's text in one buffer, so that one pointer covers every field.
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []
    func add(_ string: String) {
      let start = bytes.count
      bytes.append(contentsOf: string.utf8)
      ranges.append(start..<bytes.count)
    }
    add(card.caption)
    add(card.comment ?? "")
    add(card.id ?? "")
    add(card.image?.path ?? "")
    add(card.url ?? "")
    add(card.alt ?? "")
    for tag in card.tags { add(tag) }
    var image: ImageFields?
    if let cardImage = card.image {
      image = ImageFields(
        width: cardImage.width, height: cardImage.height,
        color: cardImage.dominantColor.map {
          UInt32($0.red) << 16 | UInt32($0.green) << 8 | UInt32($0.blue)
        })
    }
    bytes.withUnsafeBufferPointer { buffer in
      func field(_ number: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: buffer[ranges[number]])
      }
      var fields = TextFields()
      fields.caption = field(0)
      fields.comment = card.comment == nil ? nil : field(1)
      fields.id = card.id == nil ? nil : field(2)
      fields.path = card.image?.path == nil ? nil : field(3)
      fields.url = card.url == nil ? nil : field(4)
      fields.alt = card.alt == nil ? nil : field(5)
      let tags = (6..<ranges.count).map(field)
      tags.withUnsafeBufferPointer { tags in
        fields.tags = tags
        if let section = card.section {
          let sectionBytes = Array(section.utf8)
          sectionBytes.withUnsafeBufferPointer {
            fields.section = $0
            append(fields, image: image, probing: false)
          }
        } else {
          append(fields, image: image, probing: false)
        }
      }
    }
    if let image = card.image, image.source != nil || image.problem != nil {
      resolvedPictures[records.count - 1] = image
    }
  }

  /// The text of one card as byte ranges (valid only during `append`).
  package struct TextFields {
    package var caption = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    package var comment: UnsafeBufferPointer<UInt8>?
    package var id: UnsafeBufferPointer<UInt8>?
    package var path: UnsafeBufferPointer<UInt8>?
    /// (A buffer, not an array: a card's fields are read and stored by the million, and
    /// an array's slice costs a reference count and a uniqueness check a card.)
    package var tags = UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>(start: nil, count: 0)
    package var section: UnsafeBufferPointer<UInt8>?
    package var url: UnsafeBufferPointer<UInt8>?
    package var alt: UnsafeBufferPointer<UInt8>?

    package init() {}
  }

  /// A card's picture as its source describes it.
  package struct ImageFields {
    package var width: Int
    package var height: Int
    package var color: UInt32?

    package init(width: Int, height: Int, color: UInt32?) {
      self.width = width
      self.height = height
      self.color = color
    }
  }

  /// Adds a card from its fields. Each text field is checked and stored once; tags and
  /// section names are stored once per chunk.
  package mutating func append(_ fields: TextFields, image: ImageFields?, probing: Bool = true) {
    let start = text.count
    var tagsASCII = true
    let (captionLength, captionKind) = storeText(fields.caption)
    var (commentLength, commentKind) = (0, ASCIIText.Kind.simple)
    if let comment = fields.comment { (commentLength, commentKind) = storeText(comment) }
    // (Matched, not compared: `==` on another module's enum is a call.)
    let captionSimple = if case .simple = captionKind { true } else { false }
    let commentSimple = if case .simple = commentKind { true } else { false }
    let captionASCII = if case .other = captionKind { false } else { true }
    let commentASCII = if case .other = commentKind { false } else { true }
    var idASCII = true
    let idLength = fields.id.map { store($0, ascii: &idASCII) } ?? 0
    let pathLength = fields.path.map { store($0, ascii: &idASCII) } ?? 0
    let tagStart = tagReferences.count
    for tag in fields.tags {
      tagReferences.append(intern(tag, ascii: &tagsASCII))
    }
    var flags: CardRecord.Flags = []
    if fields.comment != nil { flags.insert(.hasComment) }
    if fields.id != nil { flags.insert(.hasID) }
    if image != nil { flags.insert(.hasImage) }
    if fields.path != nil { flags.insert(.hasPath) }
    if tagsASCII { flags.insert(.asciiTags) }
    if captionASCII && commentASCII && tagsASCII { flags.insert(.asciiText) }
    if captionASCII { flags.insert(.printableCaption) }
    if commentASCII { flags.insert(.printableComment) }
    // The kinds of the texts as stored (`storeText`); plain CJK is looked for in other
    // text.
    if captionSimple { flags.insert(.simpleCaption) }
    if commentSimple { flags.insert(.simpleComment) }
    if !captionASCII || !commentASCII {
      text.withUnsafeBufferPointer { stored in
        let caption = UnsafeBufferPointer(rebasing: stored[start..<start + captionLength])
        let comment = UnsafeBufferPointer(
          rebasing: stored[start + captionLength..<start + captionLength + commentLength])
        if !captionASCII && CJKText.isSimple(caption) { flags.insert(.cjkCaption) }
        if !commentASCII && CJKText.isSimple(comment) { flags.insert(.cjkComment) }
      }
    }
    records.append(
      CardRecord(
        textStart: UInt32(start), captionLength: UInt32(captionLength),
        commentLength: UInt32(commentLength), idLength: UInt32(idLength),
        pathLength: UInt32(pathLength),
        imageWidth: UInt32(clamping: image?.width ?? 0),
        imageHeight: UInt32(clamping: image?.height ?? 0),
        color: image?.color ?? CardRecord.noColor, tagStart: UInt32(tagStart),
        tagCount: UInt32(fields.tags.count), section: sectionID(fields.section), flags: flags))
    if let url = fields.url {
      urls[records.count - 1] = String(decoding: CardText.validUTF8(url), as: UTF8.self)
    }
    if let alt = fields.alt {
      alts[records.count - 1] = String(decoding: CardText.validUTF8(alt), as: UTF8.self)
    }
    if probing, probesPictures, let image, image.width == 0 || image.height == 0, fields.path != nil
    {
      resolveUnknownSize(ofCard: records.count - 1)
    }
  }

  /// A picture whose size the card left out: read from its header now, on the loading
  /// thread, as `PictureLinks.resolve` does for whole files.
  private mutating func resolveUnknownSize(ofCard index: Int) {
    let record = records[index]
    let path = text.withUnsafeBufferPointer {
      String(
        decoding: UnsafeBufferPointer(
          rebasing: $0[record.pathStart..<record.pathStart + Int(record.pathLength)]),
        as: UTF8.self)
    }
    guard !path.isEmpty, let pictureBase else { return }
    var image = CardImage(
      width: 0, height: 0,
      dominantColor: record.color == CardRecord.noColor
        ? nil
        : RGBColor(
          red: UInt8(record.color >> 16 & 0xFF), green: UInt8(record.color >> 8 & 0xFF),
          blue: UInt8(record.color & 0xFF)),
      path: path, source: PictureLinks.source(of: path, base: pictureBase))
    PictureLinks.readSize(of: &image)
    resolvedPictures[index] = image
  }

  /// Stores caption or comment `bytes` as `store` does, and returns the length and the
  /// ASCII kind (`ASCIIText.kind`) of what is stored: found in the one pass that tells
  /// whether the bytes can be stored as they are (for other text, the UTF-8 check goes on
  /// from where the ASCII stops). A text cut or mended is `other` (its ellipsis or U+FFFD
  /// is not ASCII).
  private mutating func storeText(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, ASCIIText.Kind) {
    // (The C function itself: through `ASCIIText.kind` a call from this module costs
    // fifty instructions more.)
    var otherFrom = 0
    let code = bytes.baseAddress.map { masonry_ascii_kind($0, bytes.count, &otherFrom) } ?? 0
    let kind: ASCIIText.Kind = code == 0 ? .simple : code == 1 ? .printable : .other
    if bytes.count <= CardText.maximumFieldBytes {
      switch kind {
      case .other:
        guard CardText.isValidUTF8(UnsafeBufferPointer(rebasing: bytes[otherFrom...])) else {
          break
        }
        text.append(bytes)
        return (bytes.count, kind)
      case .simple, .printable:
        text.append(bytes)
        return (bytes.count, kind)
      }
    }
    var ascii = false
    let printable = if case .other = kind { false } else { true }
    return (store(bytes, ascii: &ascii, printable: printable), .other)
  }

  /// Stores `bytes` (cut to the field limit, invalid UTF-8 replaced) and returns the
  /// length stored; `ascii` is made false unless what is stored is printable ASCII.
  /// `printable`, when known, is whether `bytes` are printable ASCII.
  private mutating func store(
    _ bytes: UnsafeBufferPointer<UInt8>, ascii: inout Bool, printable: Bool? = nil
  ) -> Int {
    let before = text.count
    if printable ?? CardText.isPrintableASCII(bytes) {
      if bytes.count <= CardText.maximumFieldBytes {
        text.append(bytes)
        return bytes.count
      }
    } else if bytes.count <= CardText.maximumFieldBytes && CardText.isValidUTF8(bytes) {
      ascii = false
      text.append(bytes)
      return bytes.count
    }
    // Cut (with an ellipsis, which is not ASCII) or mended.
    ascii = false
    let safe = CardText.validUTF8(bytes)
    text.append(contentsOf: safe)
    return text.count - before
  }

  /// The index of tag `bytes` in the chunk; `ascii` is made false unless the tag as kept
  /// is printable ASCII.
  private mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, ascii: inout Bool) -> UInt32 {
    let (index, printable) = Self.name(bytes, in: &tags)
    if !printable { ascii = false }
    return index
  }

  private mutating func sectionID(_ bytes: UnsafeBufferPointer<UInt8>?) -> UInt32 {
    guard let bytes else {
      if let noSection { return noSection }
      let index = UInt32(sectionNames.count)
      sectionNames.append(nil)
      noSection = index
      return index
    }
    let known = sections.count
    let found = Int(Self.name(bytes, in: &sections).index)
    if found == known {
      sectionOfName.append(UInt32(sectionNames.count))
      sectionNames.append(sections.names[found])
    }
    return sectionOfName[found]
  }

  /// The index in `table` of the name `bytes` are kept as, added if new, and whether it
  /// is printable ASCII. Bytes equal to a name already kept are that name (well-formed,
  /// within the limit): found by one lookup, not checked again.
  @inline(__always)
  private static func name(
    _ bytes: UnsafeBufferPointer<UInt8>, in table: inout NameTable
  ) -> (index: UInt32, printable: Bool) {
    if let found = table.find(bytes) { return found }
    let printable = CardText.isPrintableASCII(bytes)
    // A name cut to the limit ends in an ellipsis, which is not ASCII.
    let kept = printable && bytes.count <= CardText.maximumFieldBytes
    let index = withName(bytes, printable: printable) { table.index(of: $0, printable: kept) }
    return (index, kept)
  }

  /// Calls `body` with `bytes` as a name is kept: as they are when they are well-formed
  /// UTF-8 within the field limit (nearly always), else made so (`CardText.validUTF8`).
  private static func withName<Result>(
    _ bytes: UnsafeBufferPointer<UInt8>, printable: Bool,
    _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if bytes.count <= CardText.maximumFieldBytes && (printable || CardText.isValidUTF8(bytes)) {
      return body(bytes)
    }
    return CardText.validUTF8(bytes).withUnsafeBufferPointer(body)
  }

  /// The chunk, made of the cards appended; the builder starts over empty.
  package mutating func finish(sourceBytes: Int) -> CardChunk {
    let chunk = CardChunk(
      records: records.trimmed(), text: text.finish(),
      tagReferences: tagReferences.trimmed(), tagNames: tags.names,
      sectionNames: sectionNames, resolvedPictures: resolvedPictures, urls: urls, alts: alts,
      pictureBase: pictureBase, sourceBytes: sourceBytes)
    self = CardChunkBuilder(pictureBase: pictureBase, probesPictures: probesPictures)
    return chunk
  }
}
