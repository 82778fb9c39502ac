/// What a store knows of a text before it counts its lines, found once when the text is
/// kept (a card store's flags), so that a count reads no byte to choose its route
/// (`LineCounter`).
package enum TextKind: Sendable {
  /// Letters, digits, spaces, line feeds and `. , ; : '` (`ASCIIText.isSimple`).
  case simpleASCII
  /// Plain Japanese or Chinese (`CJKText.isSimple`).
  case cjk
  /// Printable ASCII and line feeds throughout, but not simple.
  case printableASCII
  /// Anything else.
  case other

  /// The kind of `bytes` (UTF-8, untrusted), read from them: for text no store has read.
  ///
  /// - Complexity: O(*n*).
  package init(of bytes: UnsafeBufferPointer<UInt8>) {
    switch ASCIIText.kind(bytes) {
    case .simple: self = .simpleASCII
    case .printable: self = .printableASCII
    case .other: self = CJKText.isSimple(bytes) ? .cjk : .other
    }
  }

  /// Whether the text is one the fixed-width routes read as it is (`ASCIIText`,
  /// `CJKText`): search compares it without folding.
  package var isPlain: Bool {
    switch self {
    case .simpleASCII, .cjk: return true
    case .printableASCII, .other: return false
    }
  }
}
