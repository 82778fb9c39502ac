/// What each terminal measured in `pixels.md` answered to the start-up probe's queries
/// (`TerminalProbe.queries`), in order: xterm 379, kitty 0.26.5, mlterm 3.9.0, konsole
/// 22.12.3, tmux 3.3a — for the probe's unit tests and the end-to-end ones alike.
package enum ProbeAnswerSamples {
  package static let esc = "\u{1B}"
  /// What each terminal answered to `TerminalProbe.queries`, in order.
  package static let xterm =
    "\(esc)[6;19;9t\(esc)[4;760;900t\(esc)[?1;0;256S\(esc)[?2;0;900;760S\(esc)[?2026;0$y\(esc)P>|XTerm(379)\(esc)\\"
    + "\(esc)[?63;1;2;4;6;9;15;16;22;28c"
  package static let kitty =
    "\(esc)_Gi=31;OK\(esc)\\\(esc)[6;18;9t\(esc)[4;756;900t\(esc)[?2026;2$y\(esc)P>|kitty(0.26.5)\(esc)\\"
    + "\(esc)[?62;c"
  package static let mlterm =
    "\(esc)[6;19;8t\(esc)[4;760;800t\(esc)[?2;3;0S\(esc)[?2026;0$y\(esc)[?63;1;2;3;4;6;7;15;18;22;29c"
  package static let konsole =
    "\(esc)_Gi=31;OK\(esc)\\\(esc)[6;18;9t\(esc)[4;720;900t\(esc)[?2;0;16384;16384S\(esc)P>|Konsole 22.12.3\(esc)\\"
    + "\(esc)[?62;1;4c"
  package static let tmux = "\(esc)P>|tmux 3.3a\(esc)\\\(esc)[?1;2c"
}
