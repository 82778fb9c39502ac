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

/// Seeded random input — keys, pastes, mouse events, resizes, in any mode — through the
/// in-memory terminal: the browser never ends but by `q` (here: the end of the script),
/// every frame's rows are exactly the terminal's width, and a card stays selected
/// whenever cards are shown.
@Suite struct InputFuzzTests {
  /// 8 × 125 sequences of 10 to 40 events.
  @Test(.slow, arguments: 0..<8)
  func randomInputNeverBreaksTheBrowser(batch: Int) {
    let sample = BundledSample.collection()
    var random = SeededGenerator(seed: UInt64(4_000 + batch))
    for sequence in 0..<125 {
      var size = Size(
        width: Int.random(in: 20...140, using: &random),
        height: Int.random(in: 8...50, using: &random))
      let start = size
      var steps: [InMemoryTerminal.Step] = []
      for _ in 0..<Int.random(in: 10...40, using: &random) {
        steps.append(.event(RandomInput.event(&random, size: &size)))
      }
      var app = BrowserApp(collection: sample, options: LayoutOptions(), measuresAhead: false) {
        sample
      }
      var terminal = InMemoryTerminal(size: start, script: steps)
      app.run(on: &terminal)
      let note = "batch \(batch), sequence \(sequence)"
      // Only the script's end stops it (q is not among the keys).
      #expect(terminal.remainingSteps == 0, "\(note): ended early")
      #expect(terminal.frames.count >= 1, "\(note)")
      for frame in terminal.frames {
        for y in 0..<frame.height {
          #expect(DisplayWidth.of(frame.row(y)) == frame.width, "\(note): row \(y)")
        }
      }
      if !app.state.shown.isEmpty && !app.state.mode.isEditingSearch {
        let selected = app.state.selected
        #expect(selected != nil && selected! < app.state.shown.count, "\(note): selection")
      }
    }
  }
}
