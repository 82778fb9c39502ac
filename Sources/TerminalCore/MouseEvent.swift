/// A mouse event at a screen cell.
package struct MouseEvent: Hashable, Sendable {
  package enum Kind: Hashable, Sendable {
    case click
    case doubleClick
    case wheelUp
    case wheelDown
  }

  package var kind: Kind
  package var x: Int
  package var y: Int

  package init(_ kind: Kind, x: Int, y: Int) {
    self.kind = kind
    self.x = x
    self.y = y
  }
}
