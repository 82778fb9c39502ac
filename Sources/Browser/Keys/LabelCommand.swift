/// What a key does while the cards show labels (`f`; letters type a label: lowercase
/// reaches the card, uppercase opens it).
package enum LabelCommand: Hashable, Sendable {
  /// Between selecting and marking the cards reached.
  case switchAction
  case deleteBackward
  case cancel
}
