/// What tmux says of the terminal its client runs in: the features it uses there
/// (`#{client_termfeatures}`, tmux 3.2 on: `256,RGB,clipboard,…`). Inside tmux this, not
/// `COLORTERM` or the pane's terminfo entry, decides whether 24-bit colour reaches the
/// screen: tmux itself turns 24-bit colour into its client's 256 when the client lacks
/// `RGB`. The answer is untrusted: only names of letters, digits, `-` and `_` are taken.
package struct TmuxClientFeatures: Hashable, Sendable {
  /// The features, as tmux names them.
  package let names: Set<String>

  /// The features in tmux's answer (one line, names between commas); `nil` for an empty
  /// answer (a session no client is attached to, a control-mode client) or one that is
  /// not such a list.
  package init?(answer: [UInt8]) {
    var text = answer[...]
    while let last = text.last, last == 0x0A || last == 0x0D { text = text.dropLast() }
    guard !text.isEmpty, text.count <= 1_024 else { return nil }
    var names: Set<String> = []
    for name in text.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
      guard !name.isEmpty, name.allSatisfy(Self.isNameByte) else { return nil }
      names.insert(String(decoding: name, as: UTF8.self))
    }
    self.names = names
  }

  package init(names: Set<String>) { self.names = names }

  /// Whether tmux sends 24-bit colour on to its client's terminal.
  package var hasRGB: Bool { names.contains("RGB") }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }
}

/// What tmux says of the pane masonry runs in: whether its escapes may pass through to
/// the terminal outside (`allow-passthrough`), and what that terminal can do
/// (`TmuxClientFeatures`). Asked as one format, `#{allow-passthrough};#{client_termfeatures}`.
package struct TmuxPane: Hashable, Sendable {
  /// The format that asks it (`tmux display-message -p`).
  package static let format = "#{allow-passthrough};#{client_termfeatures}"

  /// The pane lets escapes through to the terminal outside.
  package var passthrough: Bool
  /// masonry turned passthrough on for this pane (and turns it off again at the end).
  package var turnedPassthroughOn = false
  /// What tmux says of its client's terminal (`nil`: no client attached, or tmux did not
  /// say).
  package var client: TmuxClientFeatures?

  /// tmux's answer to `format`; `nil` for one that is not such an answer.
  package init?(answer: [UInt8]) {
    guard let split = answer.firstIndex(of: UInt8(ascii: ";")) else { return nil }
    switch String(decoding: answer[..<split], as: UTF8.self) {
    case "0", "off": passthrough = false
    case "1", "on", "all": passthrough = true
    default: return nil
    }
    client = TmuxClientFeatures(answer: Array(answer[(split + 1)...]))
  }

  package init(passthrough: Bool, client: TmuxClientFeatures?) {
    self.passthrough = passthrough
    self.client = client
  }

  /// What `--probe` says of it.
  package var description: String {
    let passing =
      turnedPassthroughOn
      ? "passthrough turned on for this pane (allow-passthrough, off again at the end)"
      : passthrough ? "passthrough on for this pane" : "passthrough off for this pane"
    return passing + (client == nil ? ", no client attached" : "")
  }
}
