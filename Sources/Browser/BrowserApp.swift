import CardLayouts
import Cards
import LayoutEngine
import TerminalCore
import TerminalScreen

/// The browser's event loop: read an event, `reduce`, carry out the effect, and draw a
/// frame when the state changed (a key that changes nothing draws nothing). Bursts of
/// resize events are coalesced into the last one.
package struct BrowserApp {
  package private(set) var state: BrowserState
  package private(set) var content: BrowserContent
  private let reload: () throws -> CardCollection

  /// - Parameters:
  ///   - reload: reads the source again (`r`); an error is shown on the status bar.
  package init(
    collection: CardCollection, options: LayoutOptions, size: Size,
    reload: @escaping () throws -> CardCollection
  ) {
    state = BrowserState(size: size, layout: options)
    content = BrowserContent(collection: collection, style: options.cardStyle)
    self.reload = reload
  }

  /// Runs until `q` or the end of input.
  package mutating func run(on terminal: inout some TerminalDevice) {
    _ = BrowserReducer.reduce(
      &state, .resized(terminal.size), at: terminal.now(), content: &content)
    BrowserReducer.start(&state, content: &content)
    terminal.draw(FrameComposer.compose(state, content: &content))
    var pending: BrowserEvent?
    while true {
      let animating = state.transition != nil
      var event =
        pending ?? terminal.nextEvent(timeout: animating ? 16 : nil).map(Self.event) ?? .tick
      pending = nil
      if case .resized = event {
        // Coalesce a burst: only the last size of the resizes already waiting counts.
        while let next = terminal.nextEvent(timeout: 0).map(Self.event) {
          if case .resized = next {
            event = next
          } else {
            pending = next
            break
          }
        }
      }
      let before = state
      let effect = BrowserReducer.reduce(&state, event, at: terminal.now(), content: &content)
      switch effect {
      case .quit:
        return
      case .reload:
        do {
          let fresh = BrowserContent(collection: try reload(), style: state.layout.cardStyle)
          BrowserReducer.reloaded(&state, content: &content, with: fresh)
        } catch {
          state.message = "reload failed: \(error)"
        }
      case .none:
        break
      }
      // The clock alone is not a change: a key that changes nothing draws nothing.
      var compared = before
      compared.time = state.time
      if state != compared || animating {
        terminal.draw(FrameComposer.compose(state, content: &content))
      }
    }
  }

  private static func event(_ event: TerminalEvent) -> BrowserEvent {
    switch event {
    case .key(let key): return .key(key)
    case .mouse(let mouse): return .mouse(mouse)
    case .resized(let size): return .resized(size)
    case .paste, .wakeUp: return .tick
    case .endOfInput: return .endOfInput
    }
  }
}
