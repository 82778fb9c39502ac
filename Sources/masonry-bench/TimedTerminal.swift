import Foundation
import LayoutEngine
import TerminalCore
import TerminalScreen

/// A terminal the real browser loop (`BrowserApp.run`) draws into while it plays a
/// script, for timing what a person at a terminal sees: each step's event is handed over
/// once the step before is done, and a step is done at the first frame that shows what it
/// waits for; its time runs from its event (or from the frame that ended the step before)
/// to that frame. The loop's own steps — from the end of one wait to the start of the
/// next — are timed too, for the steps that ask.
struct TimedTerminal: TerminalDevice {
  struct Step {
    let name: String
    /// What is handed over to begin the step (`nil`: nothing, the step waits for
    /// background work alone).
    let event: TerminalEvent?
    /// Whether the loop's steps are timed during this one.
    var timesLoopSteps = false
    /// Whether a frame shows what the step waits for.
    let isDone: (Screen) -> Bool
    /// Whether the frame's pixel pictures are what the step waits for (`nil`: any).
    var picturesDone: (([PicturePlacement]) -> Bool)? = nil
    /// How long after the step before its event is handed over, in milliseconds (time for
    /// work in the background, not counted in the step's time).
    var after = 0.0
  }

  private(set) var size: Size
  private let wakeUp: WakeUpSignal
  private let steps: [Step]
  private var current = 0
  private let clock = ContinuousClock()
  private var stepStart: ContinuousClock.Instant
  private var pending: TerminalEvent?
  private var waitEnded: ContinuousClock.Instant?
  /// Each step's time, in milliseconds, by name.
  private(set) var timings: [String: Double] = [:]
  /// The loop's steps during the steps that time them, in milliseconds.
  private(set) var loopSteps: [Double] = []
  /// Called as each step is done, with its name (to sample memory there, say).
  private let stepDone: (String) -> Void

  /// The first step's time runs from `started` (before the source was opened).
  init(
    size: Size, wakeUp: WakeUpSignal, steps: [Step], started: ContinuousClock.Instant,
    stepDone: @escaping (String) -> Void = { _ in }
  ) {
    self.size = size
    self.wakeUp = wakeUp
    self.steps = steps
    self.stepDone = stepDone
    stepStart = started
    pending = steps.first?.event
  }

  static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
  }

  /// The longest a step may wait for its frame, in milliseconds.
  static let stepLimit = 60_000.0

  /// Whether every step is done.
  var isFinished: Bool { current >= steps.count }

  mutating func draw(_ screen: Screen, pictures: [PicturePlacement], scrolling: ScrollingArea?) {
    guard current < steps.count, steps[current].isDone(screen),
      steps[current].picturesDone?(pictures) ?? true
    else { return }
    let now = clock.now
    timings[steps[current].name] = Self.milliseconds(now - stepStart)
    stepDone(steps[current].name)
    current += 1
    stepStart = now
    pending = current < steps.count ? steps[current].event : nil
  }

  mutating func nextEvent(timeout: Int?) -> TerminalEvent? {
    let now = clock.now
    if let ended = waitEnded, current < steps.count, steps[current].timesLoopSteps {
      loopSteps.append(Self.milliseconds(now - ended))
    }
    defer { waitEnded = clock.now }
    if let event = pending {
      let early = steps[current].after - Self.milliseconds(now - stepStart)
      if early > 0 {
        usleep(useconds_t(early * 1000))
        return nil
      }
      pending = nil
      stepStart = now
      if case .resized(let newSize) = event { size = newSize }
      return event
    }
    // The script played out, or a step waited too long (its frame never came: the
    // browser drew nothing new): the browser ends, as at the end of its input, and the
    // scenario says the script did not play out (`isFinished`).
    let waited = Self.milliseconds(now - stepStart)
    if isFinished || waited > Self.stepLimit { return .endOfInput }
    let left = Int(Self.stepLimit - waited) + 1
    return wakeUp.wait(timeout: timeout.map { Swift.min($0, left) } ?? left) ? .wakeUp : nil
  }

  func now() -> Int { Int(Self.milliseconds(clock.now - Self.epoch)) }
  private static let epoch = ContinuousClock().now

  var picturesNeedAnotherFrame: Bool { false }
  mutating func suspend() {}
  mutating func handOver<Result>(_ body: () -> Result) -> Result { body() }
  mutating func copyToClipboard(_ bytes: [UInt8]) {}
}
