/// One cell of the screen: a grapheme cluster (already sanitised) and its style. A wide
/// cluster takes two cells; the second is marked as its continuation and holds nothing.
package struct Cell: Hashable, Sendable {
  package var grapheme: String
  package var style: CellStyle
  package var isContinuation: Bool

  package init(grapheme: String = " ", style: CellStyle = .plain, isContinuation: Bool = false) {
    self.grapheme = grapheme
    self.style = style
    self.isContinuation = isContinuation
  }

  package static let blank = Cell()
}
