/// How cards are read from a source, as every command that reads cards takes it:
/// `--caption KEY` and the other field paths, and `--flat`.
package struct CardReadOptions: Hashable, Sendable {
  package var mapping = FieldMapping()
  /// Sections ignored: one section, in file order.
  package var flat = false

  package init(mapping: FieldMapping = FieldMapping(), flat: Bool = false) {
    self.mapping = mapping
    self.flat = flat
  }
}
