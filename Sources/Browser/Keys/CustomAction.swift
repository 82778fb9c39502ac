/// What a `--bind` binding does beyond the key tables' commands, as fzf's actions: run a
/// command line with the terminal (`execute`) or without it (`execute-silent`), read the
/// cards again from a command's output (`reload`), end masonry and run a command in its
/// place (`become`), or end printing a text (`print`). In the command line `{}` is the
/// selected card's path, `{+}` every marked card's (else the selected one's), `{caption}`,
/// `{id}` and `{url}` the selected card's fields (see `CommandTemplate`).
package enum CustomAction: Hashable, Sendable {
  case execute(String)
  case executeSilent(String)
  case reload(String)
  case become(String)
  case print(String)

  /// The action as written in a binding: `execute(vi {})`.
  package var name: String {
    switch self {
    case .execute(let command): "execute(\(command))"
    case .executeSilent(let command): "execute-silent(\(command))"
    case .reload(let command): "reload(\(command))"
    case .become(let command): "become(\(command))"
    case .print(let text): "print(\(text))"
    }
  }

  /// The actions' names, as a binding begins them.
  package static let names = ["execute", "execute-silent", "reload", "become", "print"]

  /// The action called `name`, with its argument.
  package init?(name: String, argument: String) {
    switch name {
    case "execute": self = .execute(argument)
    case "execute-silent": self = .executeSilent(argument)
    case "reload": self = .reload(argument)
    case "become": self = .become(argument)
    case "print": self = .print(argument)
    default: return nil
    }
  }
}
