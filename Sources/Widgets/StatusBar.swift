import LayoutEngine
import TerminalScreen
import TerminalText

/// The last row: source, layout, columns, the cards on screen and the total, the scroll
/// position, and a hint. When the row is narrow, the source name gives way first, then
/// the other fields from the least useful on.
package struct StatusBar: Widget {
  package var source: String
  package var layoutName: String
  package var columns: Int
  /// The 1-based range of cards on screen, or `nil` when none is.
  package var visibleRange: ClosedRange<Int>?
  package var total: Int
  /// The scroll position in percent (`nil`: everything fits).
  package var percent: Int?
  /// Replaces the hint: a prompt or a message.
  package var message: String?
  /// How far the source is read ("loading 43%", "waiting for input…", why it stopped):
  /// after the range, and the last field to give way.
  package var loading: String?
  /// The viewport's width, when one is set: after the columns (`84 wide`).
  package var viewportWidth: Int?
  /// How many cards are marked: after the range (`3 marked`) when any is.
  package var marked = 0
  /// What pictures wait on a slow link (`pictures: 0.8 MB to send at 140 KB/s`): before
  /// the hint, and among the first fields to give way.
  package var sending: String?

  package init(
    source: String, layoutName: String, columns: Int, visibleRange: ClosedRange<Int>?,
    total: Int, percent: Int?, message: String? = nil, loading: String? = nil
  ) {
    self.source = source
    self.layoutName = layoutName
    self.columns = columns
    self.visibleRange = visibleRange
    self.total = total
    self.percent = percent
    self.message = message
    self.loading = loading
  }

  package func text(width: Int) -> String {
    let range =
      visibleRange.map {
        $0.count == 1
          ? "\($0.lowerBound) of \(total)" : "\($0.lowerBound)–\($0.upperBound) of \(total)"
      } ?? (total == 0 ? "no cards" : "0 of \(total)")
    let position = percent.map { "\($0)%" } ?? "All"
    let columnText = columns == 1 ? "1 col" : "\(columns) cols"
    let hint = Sanitizer.sanitize(message ?? "? help")
    var fields: [(name: String, text: String)] = [
      ("layout", layoutName), ("columns", columnText), ("range", range), ("position", position),
      ("hint", hint),
    ]
    if let loading { fields.insert(("loading", Sanitizer.sanitize(loading)), at: 3) }
    if marked > 0 {
      let at = fields.firstIndex { $0.name == "range" }! + 1
      fields.insert(("marked", "\(marked) marked"), at: at)
    }
    if let viewportWidth { fields.insert(("viewport", "\(viewportWidth) wide"), at: 2) }
    if let sending { fields.insert(("sending", sending), at: fields.count - 1) }
    let separator = " │ "
    func length(_ fields: [(name: String, text: String)]) -> Int {
      fields.reduce(0) { $0 + DisplayWidth.of($1.text) } + DisplayWidth.of(separator) * fields.count
        + 1
    }
    // The source takes what the other fields leave; below a few cells it goes. Then, as
    // the row narrows, the least useful fields go first.
    let room = width - length(fields)
    if room >= 6 {
      // The source is a path or a name from the command line: sanitised like card text.
      fields.insert(
        ("source", TextFitting.truncated(Sanitizer.sanitize(source), toWidth: room)), at: 0)
    }
    for name in ["viewport", "sending", "columns", "position", "layout", "hint"]
    where length(fields) > width + 3 {
      fields.removeAll { $0.name == name }
    }
    if let index = fields.firstIndex(where: { $0.name == "loading" }), length(fields) > width + 3 {
      // A long reason (a stop at bad data) is cut rather than lost.
      let others = length(fields) - DisplayWidth.of(fields[index].text)
      fields[index].text = TextFitting.truncated(
        fields[index].text, toWidth: Swift.max(8, width - others))
    }
    return TextFitting.padded(" " + fields.map(\.text).joined(separator: separator), toWidth: width)
  }

  /// Draws the bar on the first row of `area`, as wide as it.
  package func draw(in area: Rect, clip: Rect, into screen: inout Screen) {
    screen.write(text(width: area.width), at: area.origin, style: Theme.status, clip: clip)
  }
}
