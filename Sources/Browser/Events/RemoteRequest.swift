/// A request another program sends the browser over `--listen`'s socket, one a line: the
/// same actions as the keys' by name (`page-down`, `toggle-mark`, `layout-grid`, and any
/// binding the person wrote, by what it was bound to), and `search(TEXT)`, `select(N)` (the
/// Nth card shown, from 1), `tag(TAG)` (`tag()` clears the filter); `state` asks for
/// nothing. Every request is answered with the state as one line of JSON. No request can
/// start a shell command the person did not write in a binding: `execute(…)` and the like
/// are only what a binding already holds.
package enum RemoteRequest: Hashable, Sendable {
  case state
  case command(String)
  case search(String)
  case select(Int)
  case tag(String?)
  /// A request the listening socket refused (too many a second, not UTF-8), answered in
  /// its turn.
  case refused(String)

  /// The request `line` writes.
  package init(_ line: String) {
    let text = line.trimmingSpaces
    func argument(_ name: String) -> String? {
      guard text.hasPrefix(name + "("), text.hasSuffix(")") else { return nil }
      return String(text.dropFirst(name.count + 1).dropLast())
    }
    if text == "state" {
      self = .state
    } else if let query = argument("search") {
      self = .search(query)
    } else if let number = argument("select").flatMap({ Int($0) }) {
      self = .select(number)
    } else if let tag = argument("tag") {
      self = .tag(tag.isEmpty ? nil : tag)
    } else {
      self = .command(text)
    }
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
