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
  /// The caches the reducer works with (dropping them changes no frame).
  private(set) var caches = BrowserCaches()
  private var clock = 0

  init(
    _ collection: CardCollection = BundledSample.collection(), size: Size,
    options: LayoutOptions = LayoutOptions(), load: LoadStatus = .complete, picking: Bool = false,
    folderSort: FolderSort? = nil, pictures: PictureDisplay = .placeholders
  ) {
    state = BrowserState(size: .zero, cards: collection, layout: options, pictures: pictures)
    state.load = load
    state.picking = picking
    state.folderSort = folderSort
    _ = BrowserReducer.reduce(&state, .started(size), at: clock, caches: caches)
  }

  /// The fields `send` leaves out of its exact comparison unless told otherwise: the
  /// content the view holds (the cards, the cards shown, the tags, the thumbnails), the
  /// bookkeeping of background work, and when the last movement key came. Tests of loading, search and pictures assert them
  /// directly; every other field must change exactly as the test says (TCA's TestStore
  /// offers the same choice as `exhaustivity`).
  static let contentFields: Set<String> = [
    "cards", "shown", "tags", "thumbnails", "search", "measuring", "jobCount", "lastMovement",
    "cardsGeneration",
  ]
  /// Which fields `send` does not compare.
  var unasserted = BrowserStore.contentFields

  /// Sends `event` (100 ms after the last one). With `expected`, the new state must equal
  /// the old one changed by `expected`, exactly (but for `unasserted`).
  @discardableResult
  mutating func send(
    _ event: BrowserEvent, sourceLocation: SourceLocation = #_sourceLocation,
    _ expected: ((inout BrowserState) -> Void)? = nil
  ) -> [BrowserEffect] {
    clock += 100
    var wanted = state
    let effects = BrowserReducer.reduce(&state, event, at: clock, caches: caches)
    if let expected {
      wanted.time = state.time
      // Playing time runs with the clock, and restarts for the selected card's picture.
      wanted.animation.time = state.animation.time
      wanted.animation.selectedSince = state.animation.selectedSince
      if let transition = wanted.transition, transition.isFinished(at: clock) {
        wanted.transition = nil
      }
      expected(&wanted)
      let differences = Self.differences(expected: wanted, actual: state, skipping: unasserted)
      if !differences.isEmpty {
        Issue.record(
          "after \(event): \(differences.joined(separator: "; "))", sourceLocation: sourceLocation)
      }
    }
    return effects
  }

  /// The card file `e` and `#` write to, as `masonry FILE` gives it.
  mutating func setEditableFile(_ path: String) { state.editableFile = path }

  /// Sends each key in turn, without asserting the steps.
  /// Caches of its own from now on (a copy of a store shares its caches, which remember
  /// the measuring jobs handed out: for comparing two paths from one state).
  mutating func ownCaches() { caches = BrowserCaches() }

  /// The key tables in force from now on (`--bind`).
  mutating func setKeys(_ tables: KeyTables) { state.keys = tables }

  mutating func press(_ keys: Key...) {
    for key in keys { send(.key(key)) }
  }

  /// The frame of the current state.
  func frame() -> Screen { FrameComposer.compose(state, caches: caches) }

  /// The geometry of the current state.
  func geometry() -> FrameGeometry { caches.geometry(for: state) }

  /// The selected card's frame on screen.
  func selectedScreenFrame() -> Rect? {
    let geometry = caches.geometry(for: state)
    guard let selected = state.selected, let frame = caches.frame(ofShown: selected, in: state)
    else {
      return nil
    }
    return frame.offsetBy(dx: 0, dy: geometry.cardArea.minY - state.scrollOffset)
  }

  /// The collection index of the selected card (stable across filters).
  var selectedCard: Int? { state.selectedCard }

  /// Forgets everything the caches hold: the next frame is made from the state alone.
  mutating func dropCaches() { caches = BrowserCaches() }

  /// The state's fields that differ, as `name: expected → actual`, but for `skipping`.
  static func differences(
    expected: BrowserState, actual: BrowserState, skipping: Set<String> = []
  ) -> [String] {
    let left = Mirror(reflecting: expected).children
    let right = Mirror(reflecting: actual).children
    var lines: [String] = []
    for (a, b) in zip(left, right) where !skipping.contains(a.label ?? "") {
      if "\(a.value)" != "\(b.value)" { lines.append("\(a.label ?? "?"): \(a.value) → \(b.value)") }
    }
    return lines
  }
}
