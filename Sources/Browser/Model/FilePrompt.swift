/// The prompt of `c`, `x` and `R`: what the files will be (copied or moved into a folder,
/// or renamed) and what was typed; the folders Tab found, to show.
package struct FilePrompt: Hashable, Sendable {
  package enum Action: Hashable, Sendable {
    case copy, move, rename

    /// The prompt's words before what is typed.
    package var label: String {
      switch self {
      case .copy: "copy to"
      case .move: "move to"
      case .rename: "rename to"
      }
    }

    /// Whether what is typed is a folder (Tab completes folder names).
    package var takesFolder: Bool {
      switch self {
      case .copy, .move: true
      case .rename: false
      }
    }
  }

  package var action: Action
  package var text: String
  /// The folders the last Tab found (shown while nothing else was typed since).
  package var candidates: [String] = []

  package init(_ action: Action, text: String = "") {
    self.action = action
    self.text = text
  }
}
