import Browser
import LayoutEngine
import TerminalCore
import TestSupport

/// Seeded random input for the browser's random sessions: keys of every mode, pastes
/// (hostile ones too), mouse events in and around the screen, resizes down to 1×1.
enum RandomInput {
  static let keys: [Key] = [
    .up, .down, .left, .right, .shiftUp, .shiftDown, .pageUp, .pageDown, .home, .end, .enter,
    .escape, .backspace, .tab, .character("j"), .character("k"), .character("h"),
    .character("l"), .character("g"), .character("G"), .character("/"), .character("n"),
    .character("N"), .character("t"), .character("?"), .character("1"), .character("2"),
    .character("3"), .character("4"), .character("5"), .character("+"), .character("-"),
    .character("="), .character("p"), .character("w"), .character("x"), .character("é"),
    .character("猫"), .character("\u{1B}"), .character(" "), .control("d"), .control("u"),
    .control("l"), .character("b"), .character("<"), .character(">"), .character("{"),
    .character("}"),
  ]

  static func event(_ random: inout SeededGenerator, size: inout Size) -> TerminalEvent {
    switch Int.random(in: 0..<20, using: &random) {
    case 0:
      size = Size(
        width: Int.random(in: 1...160, using: &random),
        height: Int.random(in: 1...60, using: &random))
      return .resized(size)
    case 1:
      let texts = ["fox", "ねこ", "a\nb", "\u{1B}[2J", "", String(repeating: "x", count: 300), "🦊‍🔥"]
      return .paste(texts[Int.random(in: 0..<texts.count, using: &random)])
    case 2, 3:
      let kinds: [MouseEvent.Kind] = [.click, .doubleClick, .wheelUp, .wheelDown]
      return .mouse(
        MouseEvent(
          kinds[Int.random(in: 0..<kinds.count, using: &random)],
          x: Int.random(in: -2...size.width + 2, using: &random),
          y: Int.random(in: -2...size.height + 2, using: &random)))
    default:
      return .key(keys[Int.random(in: 0..<keys.count, using: &random)])
    }
  }

  /// The same as an event of the reducer (a wake-up or the end of input as a tick).
  static func browserEvent(_ random: inout SeededGenerator, size: inout Size) -> BrowserEvent {
    switch event(&random, size: &size) {
    case .key(let key): return .key(key)
    case .mouse(let mouse): return .mouse(mouse)
    case .paste(let text): return .paste(text)
    case .resized(let size): return .resized(size)
    case .wakeUp, .endOfInput: return .tick
    }
  }
}
