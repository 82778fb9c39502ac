import Foundation

/// What the terminal suites share: the answers each terminal measured in `pixels.md` gave
/// the start-up probe, and escape sequences written so that a failure reads.
enum TerminalSamples {
  static let esc = "\u{1B}"
  /// What each terminal answered to `TerminalProbe.queries`, in order.
  static let xterm =
    "\(esc)[6;19;9t\(esc)[4;760;900t\(esc)[?1;0;256S\(esc)[?2;0;900;760S\(esc)[?2026;0$y\(esc)P>|XTerm(379)\(esc)\\"
    + "\(esc)[?63;1;2;4;6;9;15;16;22;28c"
  static let kitty =
    "\(esc)_Gi=31;OK\(esc)\\\(esc)[6;18;9t\(esc)[4;756;900t\(esc)[?2026;2$y\(esc)P>|kitty(0.26.5)\(esc)\\"
    + "\(esc)[?62;c"
  static let mlterm =
    "\(esc)[6;19;8t\(esc)[4;760;800t\(esc)[?2;3;0S\(esc)[?2026;0$y\(esc)[?63;1;2;3;4;6;7;15;18;22;29c"
  static let konsole =
    "\(esc)_Gi=31;OK\(esc)\\\(esc)[6;18;9t\(esc)[4;720;900t\(esc)[?2;0;16384;16384S\(esc)P>|Konsole 22.12.3\(esc)\\"
    + "\(esc)[?62;1;4c"
  static let tmux = "\(esc)P>|tmux 3.3a\(esc)\\\(esc)[?1;2c"

  /// `bytes` as text, each escape shown as `⎋`.
  static func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋")
  }
}
