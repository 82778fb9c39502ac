/// How fast kitty's queued picture bytes may go (`PictureOutputQueue`): a sliding window
/// of acknowledged batches. After every batch (about 4 KB, ending between two escapes) a
/// device attributes query goes out; the terminal answers it only once it has read what
/// came before, so the bytes written and not yet answered for are the bytes in the link.
/// They are kept under a window of about the link's throughput times its round trip
/// (plus 20 ms): enough to keep the link busy, little enough that a key's frame, which
/// goes behind them, waits about one round trip for them. The answers measure the
/// throughput. Pure: the backend tells it what it wrote and what was answered, and when.
package struct LinkPacer: Sendable {
  /// Bytes of a batch: an acknowledgement is asked for at the first place between
  /// escapes after this many.
  package static let batch = 4_096
  /// The window before anything was measured, and its bounds.
  package static let firstWindow = 16_384
  package static let smallestWindow = 8_192
  package static let largestWindow = 1 << 20
  /// Bytes of the window beyond the link's round trip and 20 ms: an escape begins only
  /// where it fits whole, so without them the pace measured could only fall.
  package static let slack = 2_048
  /// An answer not come in this long (a terminal that ignores the query) is given up on.
  package static let answerWait = 1_000

  /// The round trip the probe measured, in milliseconds.
  private let roundTrip: Int
  /// Batches asked for and not answered yet: their bytes, and when they were asked for.
  private var asked: [(bytes: Int, at: Int)] = []
  /// Bytes written since the last batch was asked for.
  private var unasked = 0
  /// The interval the pace is measured over while the link is busy (a batch asked for
  /// and not answered all along): since when, the bytes answered for in it, and whether
  /// it began the busy spell (its time then holds one round trip more than its bytes').
  /// A new interval starts every 100 ms, so the measure follows a growing window.
  private var intervalStart: Int?
  private var intervalBytes = 0
  private var firstInterval = true
  /// Bytes a second, as measured (`nil`: not yet).
  package private(set) var throughput: Int?

  package init(roundTrip: Int?) {
    self.roundTrip = Swift.max(0, roundTrip ?? 0)
  }

  /// The bytes in the link: written and not yet answered for.
  package var inFlight: Int { asked.reduce(0) { $0 + $1.bytes } + unasked }

  /// How many bytes may be in the link.
  package var window: Int {
    guard let throughput else { return Self.firstWindow }
    let bytes = throughput * (roundTrip + 20) / 1_000 + Self.slack
    return Swift.min(Self.largestWindow, Swift.max(Self.smallestWindow, bytes))
  }

  /// Whether an escape of `size` bytes may begin now: it fits in the window beside what
  /// is in the link (or the link is empty). An escape begun is written whole, so the
  /// bytes ahead of a key's frame never exceed the window.
  package func mayWrite(_ size: Int) -> Bool { inFlight == 0 || inFlight + size <= window }

  /// Whether an acknowledgement should be asked for, at a place between escapes with
  /// `queueEmpty` telling whether anything waits after it.
  package func shouldAsk(queueEmpty: Bool) -> Bool {
    unasked >= Self.batch || (queueEmpty && unasked > 0)
  }

  /// `count` bytes were written at `now`.
  package mutating func wrote(_ count: Int) { unasked += count }

  /// An acknowledgement was asked for at `now`.
  package mutating func asked(at now: Int) {
    if asked.isEmpty && intervalStart == nil {
      // The first bytes of this busy spell went out with this batch.
      intervalStart = now
      intervalBytes = 0
      firstInterval = true
    }
    asked.append((unasked, now))
    unasked = 0
  }

  /// `count` answers came at `now`: their batches left the link.
  package mutating func answered(_ count: Int, at now: Int) {
    for _ in 0..<Swift.min(count, asked.count) {
      intervalBytes += asked.removeFirst().bytes
    }
    guard let start = intervalStart else { return }
    // At least 20 ms, for a measure finer than the clock (or the first there is).
    let elapsed = now - start
    if elapsed >= 20 || throughput == nil {
      let sending =
        firstInterval ? Swift.max(Swift.max(1, elapsed / 2), elapsed - roundTrip) : elapsed
      throughput = intervalBytes * 1_000 / Swift.max(1, sending)
    }
    if asked.isEmpty && unasked == 0 {
      intervalStart = nil
    } else if elapsed >= 100 {
      intervalStart = now
      intervalBytes = 0
      firstInterval = false
    }
  }

  /// When the oldest unanswered batch is given up on (`nil`: none waits).
  package var answerDue: Int? { asked.first.map { $0.at + Self.answerWait } }

  /// Gives up on the batches not answered in time (at `now`).
  package mutating func giveUp(at now: Int) {
    guard let due = answerDue, now >= due else { return }
    asked.removeAll()
    intervalStart = nil
  }
}
