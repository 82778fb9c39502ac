import LayoutEngine

extension ViewQueries {
  /// The cards on screen with their labels (`f`), top to bottom and left to right, and
  /// where each label goes: over the card's top left corner, or its first row on screen.
  static func labelTargets(_ state: BrowserState, caches: BrowserCaches) -> [(
    label: String, shown: Int, at: Rect
  )] {
    let geometry = caches.geometry(for: state)
    guard !geometry.isTooSmall else { return [] }
    let content = geometry.regions.content
    let shift = content.minY - state.scrollOffset
    let cards = caches.cards(in: geometry.viewport(scrolledTo: state.scrollOffset), for: state)
      .map { (index: $0.index, frame: $0.frame.offsetBy(dx: 0, dy: shift)) }
      .filter { $0.frame.intersects(content) }
      .sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
    let labels = CardLabels.labels(count: cards.count)
    return zip(labels, cards).map { label, card in
      let y = Swift.max(card.frame.minY, content.minY)
      let x = card.frame.minX + (card.frame.width > label.count + 2 ? 1 : 0)
      return (label, card.index, Rect(x: x, y: y, width: label.count, height: 1))
    }
  }
}
