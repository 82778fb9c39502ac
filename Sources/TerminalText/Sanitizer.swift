/// Makes text from data files safe to measure and to draw: nothing in it can act on the
/// terminal, and every cluster's width is one that ncurses, tmux and the width rule agree
/// on.
///
/// - C0 and C1 controls (ESC, CSI, BEL, DEL, …), bidirectional embedding, override and
///   isolate controls and directional marks, and any scalar `wcwidth` rejects become
///   U+FFFD, which shows that something was there.
/// - A tab becomes `tabWidth` spaces; CR LF and a lone CR become LF; LF stays, as a hard
///   line break.
/// - U+200D (zero width joiner), U+FE0F (emoji presentation selector) and the emoji
///   modifiers U+1F3FB to U+1F3FF (skin tones) are dropped: with them terminals disagree
///   about widths, and a line would shift (kitty draws an emoji and its skin tone in two
///   cells, where ncurses, tmux and xterm count four).
/// - Invalid UTF-8 decodes to U+FFFD.
package enum Sanitizer {
  package static let replacement: Unicode.Scalar = "\u{FFFD}"
  package static let tabWidth = 4

  /// `text` made safe.
  ///
  /// - Complexity: O(*n*) in the text's scalars; text that needs no change is returned
  ///   without copying.
  package static func sanitize(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F || $0 == 0x0A }) { return text }
    if text.unicodeScalars.allSatisfy({ $0 == "\n" || isSafe($0) && !isDropped($0) }) {
      return text
    }
    var result = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      defer { previousWasCR = scalar == "\r" }
      switch scalar {
      case "\n":
        if !previousWasCR { result.append("\n") }
      case "\r":
        result.append("\n")
      case "\t":
        result.append(contentsOf: repeatElement(" ", count: tabWidth))
      case _ where isDropped(scalar):
        continue
      default:
        result.append(isSafe(scalar) ? scalar : replacement)
      }
    }
    return String(result)
  }

  /// Bytes that claim to be UTF-8, decoded (invalid sequences become U+FFFD) and made safe.
  package static func sanitize(utf8 bytes: some Collection<UInt8>) -> String {
    sanitize(String(decoding: bytes, as: UTF8.self))
  }

  /// The joiners and modifiers on which terminals disagree about widths.
  static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
    UnicodeText.isDroppedJoiner(scalar.value)
  }

  /// Whether `scalar` may reach the terminal as it is.
  static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return false }
    switch value {
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
      return false
    case 0x10_FF80...0x10_FFFF:
      // A byte of a file name that was not UTF-8 (kept by `FileName`): shown as U+FFFD.
      return false
    default:
      return DisplayWidth.of(scalar) >= 0
    }
  }
}
