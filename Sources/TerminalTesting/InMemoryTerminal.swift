import LayoutEngine
import TerminalCore
import TerminalScreen

/// A terminal for tests: scripted events in, frames out. Each scripted step may advance
/// the clock, so animations can be driven deterministically, and a step may wait for
/// background work, which wakes the terminal through a `WakeUpSignal` as the real one is
/// woken.
package struct InMemoryTerminal: TerminalDevice {
  package enum Step: Hashable, Sendable {
    case event(TerminalEvent)
    /// Time passes with no input (a read times out).
    case wait(milliseconds: Int)
    /// Blocks until background work signals `wakeUp` (at most `seconds`), then reports it.
    case waitForWakeUp(seconds: Int)
    /// Reports every wake-up that comes while background work keeps coming back within
    /// `idleMilliseconds` of the last one (all thumbnails arriving, say), then goes on.
    case wakeUpsUntilIdle(idleMilliseconds: Int)
  }

  package private(set) var size: Size
  package private(set) var frames: [Screen] = []
  /// The pixel pictures drawn with each frame.
  package private(set) var pictureFrames: [[PicturePlacement]] = []
  private var steps: [Step]
  private var clock = 0
  private let wakeUp: WakeUpSignal?

  package init(size: Size, script: [Step], wakeUp: WakeUpSignal? = nil) {
    self.size = size
    steps = script.reversed()
    self.wakeUp = wakeUp
  }

  /// Keys typed as text, one event per character.
  package static func typing(_ text: String) -> [Step] {
    text.map { .event(.key(.character($0))) }
  }

  package var lastFrame: Screen? { frames.last }

  /// The steps of the script not yet taken (a program that ended early leaves some).
  package var remainingSteps: Int { steps.count }

  /// No picture layer here: nothing waits for another frame.
  package var picturesNeedAnotherFrame: Bool { false }

  package mutating func draw(
    _ screen: Screen, pictures: [PicturePlacement], scrolling: ScrollingArea?
  ) {
    frames.append(screen)
    pictureFrames.append(pictures)
  }

  package mutating func nextEvent(timeout: Int?) -> TerminalEvent? {
    // The script's end is the end of input, seen when the program waits for more without
    // a limit; a program that waits a while (an animation, a frame held back) sees the
    // time pass with nothing new.
    guard let step = steps.popLast() else {
      guard let timeout else { return .endOfInput }
      clock += Swift.max(0, timeout)
      return nil
    }
    clock += 1
    switch step {
    case .event(let event):
      if case .resized(let newSize) = event { size = newSize }
      return event
    case .wait(let milliseconds):
      clock += milliseconds
      if timeout == nil { return nextEvent(timeout: nil) }
      return nil
    case .waitForWakeUp(let seconds):
      guard let wakeUp, wakeUp.wait(timeout: seconds * 1000) else { return .endOfInput }
      return .wakeUp
    case .wakeUpsUntilIdle(let idle):
      guard let wakeUp, wakeUp.wait(timeout: idle) else { return nextEvent(timeout: timeout) }
      steps.append(step)
      return .wakeUp
    }
  }

  package func now() -> Int { clock }

  /// How often the program asked to be suspended (nothing stops: a test goes on).
  package private(set) var suspensions = 0

  package mutating func suspend() { suspensions += 1 }

  /// How often the terminal was handed to a program.
  package private(set) var handOvers = 0
  /// What the program put on the clipboard, in order.
  package private(set) var clipboard: [[UInt8]] = []

  package mutating func handOver<Result>(_ body: () -> Result) -> Result {
    handOvers += 1
    return body()
  }

  package mutating func copyToClipboard(_ bytes: [UInt8]) { clipboard.append(bytes) }
}
