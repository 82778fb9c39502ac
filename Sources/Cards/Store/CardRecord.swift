/// One card of a `CardChunk` in fixed fields: where its text lies in the chunk's arena,
/// its picture's shape and colour, its tags and its section. 48 bytes, however long the
/// card's text: a million cards take 48 MB plus their text.
struct CardRecord: Sendable {
  /// Where the caption starts in the arena; the comment, id and picture path follow it.
  var textStart: UInt32
  var captionLength: UInt32
  var commentLength: UInt32
  var idLength: UInt32
  var pathLength: UInt32
  /// The picture's size in pixels (0: unknown).
  var imageWidth: UInt32
  var imageHeight: UInt32
  /// `0xRRGGBB`, or `noColor`.
  var color: UInt32
  /// The card's first tag in the chunk's `tagReferences`.
  var tagStart: UInt32
  var tagCount: UInt32
  /// The card's section name in the chunk's `sectionNames`.
  var section: UInt32
  var flags: Flags

  struct Flags: OptionSet, Sendable {
    let rawValue: UInt16
    static let hasComment = Flags(rawValue: 1)
    static let hasID = Flags(rawValue: 2)
    static let hasImage = Flags(rawValue: 4)
    static let hasPath = Flags(rawValue: 8)
    /// Caption, comment and tags are all printable ASCII (spaces and line feeds allowed):
    /// measuring and folding take the fast path.
    static let asciiText = Flags(rawValue: 16)
    /// The caption (the comment) is simple text (`ASCIIText`): shaped without ICU.
    static let simpleCaption = Flags(rawValue: 32)
    static let simpleComment = Flags(rawValue: 64)
    /// The caption (the comment) is plain Japanese or Chinese (`CJKText`): shaped without
    /// ICU either.
    static let cjkCaption = Flags(rawValue: 128)
    static let cjkComment = Flags(rawValue: 256)
    /// Every tag is printable ASCII.
    static let asciiTags = Flags(rawValue: 512)
    /// The caption (the comment) is printable ASCII (spaces and line feeds allowed), as
    /// stored: counted from its bytes without a check.
    static let printableCaption = Flags(rawValue: 1024)
    static let printableComment = Flags(rawValue: 2048)
  }

  static let noColor: UInt32 = 0xFF00_0000

  var commentStart: Int { Int(textStart) + Int(captionLength) }
  var idStart: Int { commentStart + Int(commentLength) }
  var pathStart: Int { idStart + Int(idLength) }
}
