import Cards
import LayoutEngine
import Widgets

/// The accessible view's words (`--accessible`, `A`): the selected card said whole, and a
/// line a card for those on screen, in reading order (the layout's order of the cards
/// shown). A picture is said by the card's `alt`, else by its file name and size.
package enum AccessibleView {
  /// The list for `state` in `area`, and the row the terminal's cursor goes to (the
  /// selected card's words, where a screen reader reads).
  static func list(_ state: BrowserState, in area: Rect) -> (
    list: AccessibleList, cursor: Point, shown: Range<Int>
  ) {
    let summary = selection(state)
    let summaryRows = AccessibleList.selectionLines(summary, width: area.width).count
    let rows = Swift.max(0, area.height - summaryRows - 1)
    let count = state.shown.count
    let selected = state.selected ?? 0
    let first = Swift.max(0, Swift.min(selected - rows / 2, count - rows))
    let onScreen = first..<Swift.max(first, Swift.min(count, first + rows))
    let items = onScreen.map { item(state, $0) }
    let list = AccessibleList(
      selection: summary, items: items,
      selectedItem: state.selected.map { $0 - first })
    return (list, Point(x: area.minX, y: area.minY), onScreen)
  }

  /// How many cards a page moves in the accessible view of `height` rows.
  static func page(height: Int) -> Int { Swift.max(1, height - 3) }

  /// `card 12 of 640: caption — comment — tags a, b — picture: … — marked`.
  static func selection(_ state: BrowserState) -> String {
    guard let selected = state.selected, selected < state.shown.count else {
      return state.shown.isEmpty ? "no cards shown" : "no card selected; \(state.shown.count) cards"
    }
    var text = "card \(selected + 1) of \(state.shown.count): " + words(state, selected)
    if state.marks.contains(state.shown[selected]) { text += " — marked" }
    return text
  }

  /// `12. caption — …` (a `>` before the selected card, `*` before a marked one).
  static func item(_ state: BrowserState, _ index: Int) -> String {
    let mark =
      index == state.selected ? "> " : state.marks.contains(state.shown[index]) ? "* " : "  "
    return mark + "\(index + 1). " + words(state, index)
  }

  /// A card's fields in reading order.
  private static func words(_ state: BrowserState, _ index: Int) -> String {
    let card = state.shownCard(index)
    var parts = [card.caption]
    if let comment = card.comment, !comment.isEmpty { parts.append(comment) }
    if !card.tags.isEmpty { parts.append("tags " + card.tags.joined(separator: ", ")) }
    if let picture = picture(card) { parts.append("picture: " + picture) }
    return parts.joined(separator: " — ")
  }

  /// A card's picture in words: its `alt`, else its file's name and its size.
  private static func picture(_ card: Card) -> String? {
    if let alt = card.alt, !alt.isEmpty { return alt }
    guard let image = card.image else { return nil }
    let name = image.path.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
    let size = image.hasSize ? "\(image.width)×\(image.height)" : nil
    let said = [name, size].compactMap { $0 }
    return said.isEmpty ? "a picture" : said.joined(separator: ", ")
  }
}
