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
