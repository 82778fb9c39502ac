import PictureFiles

/// The argument vector of a program the browser starts, made only here: `ChildProcess`
/// starts nothing else, so this file is the one guard between data masonry did not write
/// (a card's path or address, a file's name) and a program's options.
///
/// A path becomes an operand no program can read as an option or a command: relative
/// paths start with `./` (as `find` prints them), so `--checkpoint=1` reaches `tar` as
/// the file `./--checkpoint=1` and `+!cmd` reaches `vim` as a file too. An address
/// reaches the opener only when it is an `http`, `https` or `file` address.
package struct ProgramArguments: Hashable, Sendable {
  /// The program (found on `PATH`), then its arguments.
  package let words: [String]

  private init(_ words: [String]) { self.words = words }

  /// `path` as an operand: absolute, or relative and starting with `./` or `../`.
  package static func operand(_ path: String) -> String {
    if path.hasPrefix("/") || path.hasPrefix("./") || path.hasPrefix("../") { return path }
    return "./" + path
  }

  /// The opener (`o`) with `target` as one argument after its own.
  package static func open(_ target: OpenTarget, with settings: ActionSettings)
    -> ProgramArguments
  {
    switch target {
    case .file(let path): return ProgramArguments(settings.opener + [operand(path)])
    case .address(let address): return ProgramArguments(settings.opener + [address.text])
    }
  }

  /// A command line (`!`) run on `paths`: `SHELL -c 'COMMAND "$@"' masonry PATH…`, so
  /// that each path is one argument of the command however it is spelled, and the command
  /// line alone is the shell's to parse.
  package static func command(_ line: String, paths: [String], with settings: ActionSettings)
    -> ProgramArguments
  {
    ProgramArguments([settings.shell, "-c", line + " \"$@\"", "masonry"] + paths.map(operand))
  }

  /// tmux's paste buffer filled from standard input (`y` inside tmux); `toClipboard`: tmux
  /// passes it on to the outer terminal's clipboard too (`-w`).
  package static func tmuxLoadBuffer(toClipboard: Bool) -> ProgramArguments {
    ProgramArguments(["tmux", "load-buffer"] + (toClipboard ? ["-w"] : []) + ["-"])
  }
}

/// What `o` hands the opener: a picture file, or a card's address.
package enum OpenTarget: Hashable, Sendable {
  case file(String)
  case address(Address)

  /// An address the opener may get: `http://`, `https://` or `file:` (any case), with no
  /// space or control character in it. A `javascript:` address, a command or an option
  /// is none.
  package struct Address: Hashable, Sendable {
    package let text: String

    package init?(_ text: String) {
      let lowered = text.lowercased()
      guard ["http://", "https://", "file:"].contains(where: { lowered.hasPrefix($0) }),
        !text.unicodeScalars.contains(where: {
          $0.value <= 0x20 || (0x7F...0x9F).contains($0.value)
        })
      else { return nil }
      self.text = text
    }
  }
}
