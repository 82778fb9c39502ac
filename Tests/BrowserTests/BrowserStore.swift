import Browser
import CardLayouts
import Cards
import LayoutEngine
import TerminalCore
import TerminalScreen
import Testing

/// Drives the reducer one event at a time and asserts each step, as The Composable
/// Architecture's TestStore does: `send(event) { $0.field = value }` states exactly how the
/// state must change, and anything else that changed fails the test with the fields that
/// differ.
struct BrowserStore {
  private(set) var state: BrowserState
  private(set) var content: BrowserContent
  private var clock = 0

  init(
    _ collection: CardCollection = BundledSample.collection(), size: Size,
    options: LayoutOptions = LayoutOptions(), load: LoadStatus = .complete
  ) {
    state = BrowserState(size: .zero, layout: options)
    state.load = load
    content = BrowserContent(collection: collection, style: options.cardStyle)
    _ = BrowserReducer.reduce(&state, .started(size), at: clock, content: &content)
  }

  /// Sends `event` (100 ms after the last one). With `expected`, the new state must equal
  /// the old one changed by `expected`, exactly.
  @discardableResult
  mutating func send(
    _ event: BrowserEvent, sourceLocation: SourceLocation = #_sourceLocation,
    _ expected: ((inout BrowserState) -> Void)? = nil
  ) -> [BrowserEffect] {
    clock += 100
    var wanted = state
    let effects = BrowserReducer.reduce(&state, event, at: clock, content: &content)
    if let expected {
      wanted.time = state.time
      if let transition = wanted.transition, transition.isFinished(at: clock) {
        wanted.transition = nil
      }
      expected(&wanted)
      if wanted != state {
        Issue.record(
          "after \(event): \(Self.differences(expected: wanted, actual: state))",
          sourceLocation: sourceLocation)
      }
    }
    return effects
  }

  /// Sends each key in turn, without asserting the steps.
  mutating func press(_ keys: Key...) {
    for key in keys { send(.key(key)) }
  }

  /// The frame of the current state.
  mutating func frame() -> Screen { FrameComposer.compose(state, content: &content) }

  /// The geometry of the current state.
  mutating func geometry() -> FrameGeometry { content.sync(with: state) }

  /// The selected card's frame on screen.
  mutating func selectedScreenFrame() -> Rect? {
    let geometry = content.sync(with: state)
    guard let selected = state.selected, let frame = content.frame(ofShown: selected) else {
      return nil
    }
    return frame.offsetBy(dx: 0, dy: geometry.cardArea.minY - state.scrollOffset)
  }

  /// The collection index of the selected card (stable across filters).
  var selectedCard: Int? { state.selected.map { content.shown[$0] } }

  /// The state's fields that differ, as `name: expected → actual`.
  static func differences(expected: BrowserState, actual: BrowserState) -> String {
    let left = Mirror(reflecting: expected).children
    let right = Mirror(reflecting: actual).children
    var lines: [String] = []
    for (a, b) in zip(left, right) where "\(a.value)" != "\(b.value)" {
      lines.append("\(a.label ?? "?"): \(a.value) → \(b.value)")
    }
    return lines.isEmpty ? "states differ" : lines.joined(separator: "; ")
  }
}
