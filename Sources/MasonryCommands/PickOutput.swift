import Browser
import Cards
import ChildProcesses
import PictureFiles
import TerminalText
import Widgets

/// `--pick[=card|path]` and `--print0`: how the cards chosen with Enter are printed on
/// standard output. `card` (the default) prints each as one JSON line; `path` prints the
/// picture files only, one per line, for `xargs` (relative ones as `./NAME`, so that
/// none reads as an option; with `--print0` each ends with a NUL,
/// for `xargs -0`, as `find -print0` and `fzf --print0` do).
package struct PickOutput: Hashable, Sendable {
  package enum Form: String, CaseIterable, Sendable {
    case card, path
  }

  package var form: Form
  /// Each item ends with a NUL (`--print0`) rather than a newline.
  package var nulTerminated: Bool

  package init(form: Form = .card, nulTerminated: Bool = false) {
    self.form = form
    self.nulTerminated = nulTerminated
  }

  /// `--pick[=card|path]` and `--print0` on the command line (`nil`: not picking).
  init?(_ parsed: ParsedArguments) throws(UsageError) {
    let print0 = parsed.flags.contains("--print0")
    if let form = try parsed.choice("--pick", of: Form.allCases.map(\.rawValue)) {
      self.init(form: Form(rawValue: form)!, nulTerminated: print0)
    } else if parsed.flags.contains("--pick") {
      self.init(nulTerminated: print0)
    } else {
      if print0 { throw UsageError("--print0 goes with --pick") }
      return nil
    }
  }

  /// The values `--pick=` takes, for `ParsedArguments`' optional-value options.
  static let parsing: [String: @Sendable (String) -> Bool] = [
    "--pick": { Form(rawValue: $0) != nil }
  ]

  /// The option's help.
  static let documentation = [
    OptionHelp(
      "--pick[=card|path]",
      "Choose cards: mark them with m (M marks every card shown), then Enter prints the marked cards in card order (the selected card when none is marked) and exits 0; q or Esc exits 1, printing nothing; Ctrl-C exits 130. card (the default, also --pick alone): one JSON line each. path: the picture files only, one per line, for xargs (cards without a picture file are left out; exit 1 when none is left). Standard output may be a pipe (masonry --pick=path | xargs ...): the browser draws on the terminal."
    ),
    OptionHelp(
      "--print0",
      "With --pick: end each card or path with a NUL byte instead of a newline (for xargs -0): a path may then hold any byte."
    ),
  ]

  /// What to print for `cards`, and a line on standard error for each thing left out.
  /// Nothing printed can be a control sequence: JSON lines escape every control; a path
  /// is written as its bytes only after `--print0` into a pipe (where a NUL ends it and
  /// no terminal reads it), is sanitised on a terminal, and is left out, with a warning,
  /// when it holds a control character and a newline ends it (it would break the line).
  package func render(_ cards: [Card], toTerminal: Bool) -> (bytes: [UInt8], notes: [String]) {
    let end: UInt8 = nulTerminated ? 0 : 0x0A
    var bytes: [UInt8] = []
    var notes: [String] = []
    switch form {
    case .card:
      for card in cards {
        bytes += Array(card.jsonLine.utf8)
        bytes.append(end)
      }
    case .path:
      var withoutFile = 0
      var withControls = 0
      for card in cards {
        guard case .file(let file) = card.image?.source else {
          withoutFile += 1
          continue
        }
        // As a program gets it: a relative path starts with `./`, never with a dash.
        let path = ProgramArguments.operand(file)
        if toTerminal {
          bytes += Array(MessageText.visible(path).utf8)
        } else if nulTerminated {
          bytes += FileName.bytes(path)
        } else if path.unicodeScalars.contains(where: Self.isControl) {
          withControls += 1
          continue
        } else {
          bytes += FileName.bytes(path)
        }
        bytes.append(end)
      }
      if withoutFile > 0 {
        notes.append(
          Counted.phrase(withoutFile, "picked card") + " without a picture file left out")
      }
      if withControls > 0 {
        notes.append(
          Counted.phrase(withControls, "path")
            + " with a control character left out (--print0 keeps them)")
      }
    }
    return (bytes, notes)
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
