/// One cell of the screen: a grapheme cluster (already sanitised) and its style. A wide
/// cluster takes two cells; the second is marked as its continuation and holds nothing.
public struct Cell: Hashable, Sendable {
  public var grapheme: String
  public var style: CellStyle
  public var isContinuation: Bool

  public init(grapheme: String = " ", style: CellStyle = .plain, isContinuation: Bool = false) {
    self.grapheme = grapheme
    self.style = style
    self.isContinuation = isContinuation
  }

  public static let blank = Cell()
}
