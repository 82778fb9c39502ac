/// How the browser acts outside itself, from the environment and the command line: the
/// program that opens a picture (`o`), the shell that runs a command (`!`), and whether
/// the clipboard may be set with OSC 52 (`y`).
package struct ActionSettings: Hashable, Sendable {
  /// The opener and its leading arguments; the picture's path is added as one more.
  package var opener: [String]
  /// The shell a command line is given to, with `-c`.
  package var shell: String
  /// Whether `y` may set the clipboard with OSC 52 (`--osc52`, `MASONRY_OSC52=1`): a
  /// terminal that takes it lets any program write the clipboard, so only when asked.
  package var allowsOSC52: Bool
  /// Whether the browser runs inside tmux (`TMUX`): OSC 52 then goes as tmux expects it,
  /// and without OSC 52 `y` fills tmux's paste buffer.
  package var insideTmux: Bool

  package init(
    opener: [String] = ["xdg-open"], shell: String = "/bin/sh", allowsOSC52: Bool = false,
    insideTmux: Bool = false
  ) {
    self.opener = opener
    self.shell = shell
    self.allowsOSC52 = allowsOSC52
    self.insideTmux = insideTmux
  }

  /// The settings `environment` asks for: `MASONRY_OPENER` (a program and its arguments,
  /// split at spaces, never given to a shell), `MASONRY_SHELL`, `MASONRY_OSC52=1`, `TMUX`;
  /// `osc52` is the command line's `--osc52`.
  package init(environment: [String: String], osc52: Bool = false) {
    let opener = environment["MASONRY_OPENER"].map { $0.split(separator: " ").map(String.init) }
    self.init(
      opener: opener.flatMap { $0.isEmpty ? nil : $0 } ?? ["xdg-open"],
      shell: environment["MASONRY_SHELL"].flatMap { $0.isEmpty ? nil : $0 } ?? "/bin/sh",
      allowsOSC52: osc52 || environment["MASONRY_OSC52"] == "1",
      insideTmux: !(environment["TMUX"] ?? "").isEmpty)
  }

  /// Where `y` puts what it copies: the one place that decides.
  package enum ClipboardRoute: Hashable, Sendable {
    /// OSC 52 written to the terminal (allowed, and not inside tmux).
    case osc52
    /// tmux's paste buffer; with `-w` tmux passes it on to the outer terminal's clipboard
    /// when OSC 52 is allowed.
    case tmuxBuffer(toOuterClipboard: Bool)
    /// Nowhere: OSC 52 is off and there is no tmux.
    case refused
  }

  package var clipboard: ClipboardRoute {
    if insideTmux { return .tmuxBuffer(toOuterClipboard: allowsOSC52) }
    return allowsOSC52 ? .osc52 : .refused
  }
}
