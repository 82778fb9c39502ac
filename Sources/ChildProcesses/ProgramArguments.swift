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

  /// `path` as an operand: absolute, or relative and starting with `./` or `../`. Bytes
  /// are compared, not characters: `/` followed by a combining mark is a character of its
  /// own, but the path is still absolute.
  package static func operand(_ path: String) -> String {
    let bytes = path.utf8
    if bytes.starts(with: "/".utf8) || bytes.starts(with: "./".utf8)
      || bytes.starts(with: "../".utf8)
    {
      return path
    }
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

  /// A `--bind` command: `script` (the person's own, its placeholders made `"${N}"`) run by
  /// the shell, `arguments` its positional parameters (`$1`, `$2`, …), after a `$0` of
  /// `masonry`: the shell reads them as words, never as options or code.
  package static func script(_ script: String, arguments: [String], with settings: ActionSettings)
    -> ProgramArguments
  {
    ProgramArguments([settings.shell, "-c", script, "masonry"] + arguments)
  }

  /// The decoder helper at `path` (masonry's own program, beside its executable): no
  /// argument at all, every file it decodes reaches it over its pipe.
  package static func decoderHelper(at path: String) -> ProgramArguments {
    ProgramArguments([path])
  }

  /// A desktop thumbnailer's command (`exec`, its desktop file's words) for the file at
  /// `path`: `%i` its absolute path (never an option: it starts with `/`), `%u` its URI,
  /// `%o` the PNG to write, `%s` the size, `%%` a percent sign; any other `%` code is
  /// dropped, as the desktop entry specification says.
  package static func thumbnailer(
    _ exec: [String], path: String, uri: String, output: String, size: Int
  ) -> ProgramArguments? {
    guard path.hasPrefix("/"), output.hasPrefix("/"), !exec.isEmpty else { return nil }
    let words = exec.map { word -> String in
      var out = ""
      var percent = false
      for character in word {
        if percent {
          switch character {
          case "i": out += path
          case "u": out += uri
          case "o": out += output
          case "s": out += String(size)
          case "%": out += "%"
          default: break
          }
          percent = false
        } else if character == "%" {
          percent = true
        } else {
          out.append(character)
        }
      }
      return out
    }
    return ProgramArguments(words)
  }

  /// tmux's paste buffer filled from standard input (`y` inside tmux); `toClipboard`: tmux
  /// passes it on to the outer terminal's clipboard too (`-w`).
  package static func tmuxLoadBuffer(toClipboard: Bool) -> ProgramArguments {
    ProgramArguments(["tmux", "load-buffer"] + (toClipboard ? ["-w"] : []) + ["-"])
  }

  /// `tmux display-message -p FORMAT`, of pane `pane` when it is one as tmux names panes
  /// in `TMUX_PANE` (`%` and digits; anything else is left out, never passed on).
  package static func tmuxDisplay(_ format: String, pane: String?) -> ProgramArguments {
    ProgramArguments(["tmux", "display-message", "-p"] + tmuxTarget(pane) + [format])
  }

  /// tmux's `allow-passthrough` for pane `pane` (as `tmuxDisplay` takes it) turned on, or
  /// its own setting dropped (`on` false: the window's or the global one holds again).
  package static func tmuxPassthrough(on: Bool, pane: String?) -> ProgramArguments {
    ProgramArguments(
      ["tmux", "set-option", "-p"] + tmuxTarget(pane)
        + (on ? ["allow-passthrough", "on"] : ["-u", "allow-passthrough"]))
  }

  /// `infocmp -1 -x ENTRY`: a terminfo entry as source, one capability a line; `nil` for
  /// a name that is no terminfo name (one that could be read as an option, or a path).
  package static func infocmp(entry: String) -> ProgramArguments? {
    guard !entry.isEmpty, entry.count < 128, entry.first != "-",
      entry.unicodeScalars.allSatisfy({
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
            || "._+-".unicodeScalars.contains($0))
      })
    else { return nil }
    return ProgramArguments(["infocmp", "-1", "-x", entry])
  }

  /// `tic -x -o FOLDER SOURCE`: terminfo source compiled into a folder; both absolute
  /// paths masonry made (`nil` otherwise).
  package static func tic(source: String, into folder: String) -> ProgramArguments? {
    guard source.hasPrefix("/"), folder.hasPrefix("/") else { return nil }
    return ProgramArguments(["tic", "-x", "-o", folder, source])
  }

  private static func tmuxTarget(_ pane: String?) -> [String] {
    guard let pane, pane.count > 1, pane.count < 12, pane.first == "%",
      pane.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
    else { return [] }
    return ["-t", pane]
  }
}

/// What `o` hands the opener: a picture file, or a card's address.
package enum OpenTarget: Hashable, Sendable {
  case file(String)
  case address(Address)

  /// An address the opener may get: `http://`, `https://` or `file:` (any case, compared
  /// as bytes), with no space, separator, control or format character in it (no
  /// no-break space, no bidi override, no zero-width space). A `javascript:` address, a
  /// command or an option is none.
  package struct Address: Hashable, Sendable {
    package let text: String

    package init?(_ text: String) {
      let lowered = text.utf8.prefix(8).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
      guard
        ["http://", "https://", "file:"].contains(where: { lowered.starts(with: $0.utf8) }),
        !text.unicodeScalars.contains(where: Self.isRefused)
      else { return nil }
      self.text = text
    }

    private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
      if scalar.value <= 0x20 || (0x7F...0xA0).contains(scalar.value) { return true }
      switch scalar.properties.generalCategory {
      case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format,
        .privateUse, .surrogate, .unassigned:
        return true
      default:
        return false
      }
    }
  }
}
