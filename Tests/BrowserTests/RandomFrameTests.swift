import Browser
import CardLayouts
import Cards
import LayoutEngine
import TerminalCore
import TerminalScreen
import TerminalTesting
import TerminalText
import TestSupport
import Testing

/// Random sizes, layouts and scroll offsets: every row exactly fills the width, every
/// card on screen is an unbroken box, and the frame is the same from caches that served
/// every state before as from caches made for it alone.
@Suite struct RandomFrameTests {
  @Test func framesAreWholeAtRandomSizes() {
    let sample = BundledSample.collection()
    var random = SeededGenerator(seed: 4)
    let caches = BrowserCaches()
    for _ in 0..<400 {
      var options = LayoutOptions()
      options.kind = LayoutKind.all.randomElement(using: &random)!
      if Bool.random(using: &random) { options.columns = Int.random(in: 1...8, using: &random) }
      var state = BrowserState(
        size: Size(
          width: Int.random(in: 1...300, using: &random),
          height: Int.random(in: 1...100, using: &random)),
        cards: sample, layout: options)
      state.selected = Int.random(in: 0..<sample.cards.count, using: &random)
      let maximum = Scrolling.maximumOffset(state, caches, geometry: caches.geometry(for: state))
      state.scrollOffset = Int.random(in: 0...maximum, using: &random)
      let screen = FrameComposer.compose(state, caches: caches)
      #expect(screen == FrameComposer.compose(state, caches: BrowserCaches()), "\(state.size)")
      let rows = screen.plainText().split(separator: "\n", omittingEmptySubsequences: false)
        .dropLast()
      #expect(rows.count == state.size.height)
      for row in rows { #expect(DisplayWidth.of(row) == state.size.width, "\(state.size)") }
      let regions = caches.geometry(for: state).regions
      guard !regions.isTooSmall, !options.kind.showsCardsAsChips else { continue }
      let visible = Rect(
        x: 0, y: state.scrollOffset, width: regions.content.width, height: regions.content.height)
      for item in caches.layout(for: state).attributes(in: visible)
      where item.kind == .item && item.frame.width >= 2 {
        let frame = item.frame.offsetBy(dx: 0, dy: regions.content.minY - state.scrollOffset)
        for y in Swift.max(
          frame.minY, regions.content.minY)..<Swift.min(frame.maxY, regions.content.maxY)
        {
          let left = screen[frame.minX, y].grapheme
          let right = screen[frame.maxX - 1, y].grapheme
          #expect(
            "╭│╰┏┃┗".contains(left) && "╮│╯┓┃┛".contains(right),
            "\(state.size) \(options.kind) y \(y): \(left) \(right)")
        }
      }
    }
  }
}
