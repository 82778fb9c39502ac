/// One card of a `CardChunk` in fixed fields: where its text lies in the chunk's arena,
/// its picture's shape and colour, its tags and its section. 48 bytes, however long the
/// card's text: a million cards take 48 MB plus their text.
package struct CardRecord: Sendable, BitwiseCopyable {
  /// Where the caption starts in the arena; the comment, id and picture path follow it.
  package var textStart: UInt32
  package var captionLength: UInt32
  package var commentLength: UInt32
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
  package var flags: Flags

  package struct Flags: OptionSet, Sendable, BitwiseCopyable {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }
    package static let hasComment = Flags(rawValue: 1)
    package static let hasID = Flags(rawValue: 2)
    package static let hasImage = Flags(rawValue: 4)
    package static let hasPath = Flags(rawValue: 8)
    /// Caption, comment and tags are all printable ASCII (spaces and line feeds allowed):
    /// measuring and folding take the fast path.
    package static let asciiText = Flags(rawValue: 16)
    /// The caption (the comment) is simple text (`ASCIIText`): shaped without ICU.
    package static let simpleCaption = Flags(rawValue: 32)
    package static let simpleComment = Flags(rawValue: 64)
    /// The caption (the comment) is plain Japanese or Chinese (`CJKText`): shaped without
    /// ICU either.
    package static let cjkCaption = Flags(rawValue: 128)
    package static let cjkComment = Flags(rawValue: 256)
    /// Every tag is printable ASCII.
    package static let asciiTags = Flags(rawValue: 512)
    /// The caption (the comment) is printable ASCII (spaces and line feeds allowed), as
    /// stored: counted from its bytes without a check.
    package static let printableCaption = Flags(rawValue: 1024)
    package static let printableComment = Flags(rawValue: 2048)
  }

  static let noColor: UInt32 = 0xFF00_0000

  package var commentStart: Int { Int(textStart) + Int(captionLength) }
  var idStart: Int { commentStart + Int(commentLength) }
  var pathStart: Int { idStart + Int(idLength) }
}
