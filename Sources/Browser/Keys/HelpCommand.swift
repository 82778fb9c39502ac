/// What a key does while the help is open.
package enum HelpCommand: Hashable, Sendable {
  case scrollRows(Int)
  case scrollPages(Int)
  case close
}
