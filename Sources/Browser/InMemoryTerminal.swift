import LayoutEngine
import TerminalScreen

/// A terminal for tests: scripted events in, frames out. Each scripted step may advance
/// the clock, so animations can be driven deterministically.
public struct InMemoryTerminal: TerminalDevice {
  public enum Step: Hashable, Sendable {
    case event(BrowserEvent)
    /// Time passes with no input (a read times out).
    case wait(milliseconds: Int)
  }

  public private(set) var size: Size
  public private(set) var frames: [Screen] = []
  private var steps: [Step]
  private var clock = 0

  public init(size: Size, script: [Step]) {
    self.size = size
    steps = script.reversed()
  }

  /// Keys typed as text, one event per character.
  public static func typing(_ text: String) -> [Step] {
    text.map { .event(.key(.character($0))) }
  }

  public var lastFrame: Screen? { frames.last }

  public mutating func draw(_ screen: Screen) {
    frames.append(screen)
  }

  public mutating func nextEvent(timeout: Int?) -> BrowserEvent? {
    guard let step = steps.popLast() else { return .endOfInput }
    clock += 1
    switch step {
    case .event(let event):
      if case .resized(let newSize) = event { size = newSize }
      return event
    case .wait(let milliseconds):
      clock += milliseconds
      if timeout == nil { return nextEvent(timeout: nil) }
      return nil
    }
  }

  public func now() -> Int { clock }
}
