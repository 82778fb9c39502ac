import Browser
import Cards
import LayoutEngine
import TerminalCore
import TestSupport
import Testing

/// Every command of the wall, the open card and the viewer, reached three ways: by its
/// standard key, by a key `--bind` binds to its name, and by its name over `--listen`'s
/// socket. The three leave the same state and ask for the same effects (the socket's
/// answer aside), from states a seeded walk of keys reaches.
@Suite struct EveryActionTests {
  static let size = Size(width: 100, height: 30)

  /// The standard key of each command of `table` (its first), by command.
  static func keys<Command: NamedCommand>(_ table: KeyTable<Command>) -> [(Command, Key)] {
    var seen: Set<Command> = []
    var found: [(Command, Key)] = []
    for binding in table.bindings {
      for (input, command) in binding.inputs {
        guard case .key(let key) = input, seen.insert(command).inserted else { continue }
        found.append((command, key))
      }
    }
    return found
  }

  /// Compares the three ways from `start` for `name` with its standard `key`.
  static func check(_ name: String, key: Key, from start: BrowserStore) throws {
    var byKey = start
    byKey.ownCaches()
    let keyEffects = byKey.send(.key(key))
    var tables = KeyTables.standard
    try tables.bind(.function(12), to: name)
    var byBinding = start
    byBinding.ownCaches()
    byBinding.setKeys(tables)
    let bindingEffects = byBinding.send(.key(.function(12)))
    byBinding.setKeys(.standard)
    var byName = start
    byName.ownCaches()
    let nameEffects = byName.send(.remote(.command(name), connection: 7)).filter {
      if case .answer = $0 { return false } else { return true }
    }
    #expect(byBinding.state == byKey.state, "\(name): by a binding")
    #expect(bindingEffects == keyEffects, "\(name): a binding's effects")
    var named = byName.state
    named.message = byKey.state.message
    #expect(named == byKey.state, "\(name): by name over the socket")
    #expect(nameEffects == keyEffects, "\(name): the socket's effects")
  }

  @Test func everyCommandTheThreeWays() throws {
    var random = SeededGenerator(seed: 500)
    let walk: [Key] = [.down, .down, .right, .character("m"), .pageDown, .character("2")]
    for round in 0..<3 {
      var wall = BrowserStore(BundledSample.collection(), size: Self.size)
      for _ in 0..<(round * 2) { wall.press(walk.randomElement(using: &random)!) }
      // Commands that end or leave the browser compare as well: their effects say so.
      for (command, key) in Self.keys(KeyTables.standard.cards) {
        try Self.check(command.name, key: key, from: wall)
      }
      // A card opened: the viewer for a picture, the open card for one without.
      for end in [Key.character("g"), .character("G")] {
        var card = wall
        card.press(end)
        card.press(.enter)
        switch card.state.mode {
        case .viewer:
          for (command, key) in Self.keys(KeyTables.standard.viewer) {
            try Self.check(command.name, key: key, from: card)
          }
        case .detail:
          for (command, key) in Self.keys(KeyTables.standard.openCard) {
            try Self.check(command.name, key: key, from: card)
          }
        default:
          Issue.record("Enter opened nothing: \(card.state.mode)")
        }
      }
    }
  }

  /// While the person types at a prompt, a request (any but `state`) waits: nothing typed
  /// is lost, and the answer says why.
  @Test func requestsWaitWhileThePersonTypes() {
    var store = BrowserStore(BundledSample.collection(), size: Self.size)
    store.press(.character("/"))
    store.press(.character("a"))
    let before = store.state.mode
    for request in [RemoteRequest.search("x"), .tag("forest"), .select(3), .command("quit")] {
      let effects = store.send(.remote(request, connection: 1))
      #expect(
        effects == [
          .answer(
            connection: 1, refusal: "the person is typing (a prompt is open); nothing done")
        ], "\(request)")
      #expect(store.state.mode == before)
    }
    #expect(store.send(.remote(.state, connection: 1)) == [.answer(connection: 1, refusal: nil)])
  }
}
