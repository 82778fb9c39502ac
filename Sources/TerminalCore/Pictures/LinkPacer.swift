/// How fast queued picture bytes may go (`PictureOutputQueue`: kitty's, and sixel's on a
/// slow link): a sliding window of acknowledged batches. After every batch (about 4 KB,
/// ending between two escapes) a device attributes query goes out; the terminal answers
/// it only once it has read what came before, so the bytes written and not yet answered
/// for are the bytes in the link. They are kept under a window of about the link's
/// throughput times its round trip (plus 20 ms): enough to keep the link busy, little
/// enough that a key's frame, which goes behind them, waits about one round trip for
/// them. Within the window, writes are spread at the measured pace (a tenth faster, so
/// the measure can grow): the link then holds `lead` milliseconds of pictures and the
/// escape in flight, where after a pause the window's worth went at once and a key's
/// frame waited behind all of it (62 ms at 200 KB/s in `LinkPacerTests`' simulation of
/// bursts, against 35 ms at the pace).
///
/// The answers measure the throughput twice: the bytes answered for over the time (what
/// went, which is less than what could go while the window or the pace held the writer
/// back; an interval in which the pictures ran out is left out), and the latest
/// batches' own times in the link (`sample`), which are the link's even then. The
/// second raises the first, to twice it at most. Over the bytes alone, a measure taken low
/// (a terminal answering late while it decodes, a burst's tail) made a window of two
/// escapes, which kept the measure at two thirds of a 200 KB/s link, and a pace that
/// grew a tenth an interval. Pure: the backend tells it what it wrote and what was
/// answered, and when.
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
  /// Milliseconds of pictures the pace lets wait in the link ahead of a key's frame
  /// (beyond the escape in flight): enough to keep the link busy between two wake-ups.
  package static let lead = 10
  /// The bytes an interval in which the pictures ran out must have passed to measure
  /// the link: a screen that fits in one interval on a fast link still measures it.
  package static let drainedMeasure = 4 * batch
  /// How much faster than the measured pace bytes go, in percent.
  package static let paceGain = 110
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
  /// Whether the writer ran out of pictures in this interval: unless it passed
  /// `drainedMeasure` bytes, its measure is of the pictures, not the link, and is left
  /// out (a screen's last placements, a few dozen bytes a round trip, measured kitty at
  /// 37 KB/s and held its next pictures to that). The batches' own times (`sample`)
  /// still raise it.
  private var intervalDrained = false
  /// Bytes a second, as measured (`nil`: not yet).
  package private(set) var throughput: Int?
  /// When the last answer came in this busy spell, and the latest five batches' bytes
  /// and times in the link (`sample`): their sum's rate counts, for an answer read late
  /// (the loop drawing a frame) lengthens one batch's time and shortens the next's.
  private var lastAnswer: Int?
  private var samples: [(bytes: Int, milliseconds: Int)] = []
  /// The shortest time a batch took from its query to its answer: the round trip as it
  /// is now, where the probe's, taken while the terminal started, may be longer.
  private var shortestAnswer: Int?
  /// Answers still to come for batches given up on (`giveUp`): they acknowledge nothing
  /// written since.
  private var abandoned = 0
  /// When the link will have passed what was written, at the pace (microseconds).
  private var drainsAt = 0

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

  /// Whether an escape of `size` bytes may begin at `now`: the link is empty, or it
  /// fits in the window beside what is in the link and the pace has come to it. An
  /// escape begun is written whole, so the bytes ahead of a key's frame never exceed the
  /// window.
  package func mayWrite(_ size: Int, at now: Int) -> Bool {
    inFlight == 0 || (fits(size) && pacedAt(now) == nil)
  }

  /// Whether an escape of `size` bytes fits in the window beside what is in the link
  /// (or the link is empty), whatever the pace says.
  package func fits(_ size: Int) -> Bool { inFlight == 0 || inFlight + size <= window }

  /// When the pace lets the next escape begin, if later than `now` (`nil`: now, or
  /// when an answer opens the window).
  package func pacedAt(_ now: Int) -> Int? {
    guard throughput != nil, inFlight > 0 else { return nil }
    let at = (drainsAt + 999) / 1_000 - Self.lead
    return at > now ? at : nil
  }

  /// Whether an acknowledgement should be asked for, at a place between escapes with
  /// `queueEmpty` telling whether anything waits after it.
  package func shouldAsk(queueEmpty: Bool) -> Bool {
    unasked >= Self.batch || (queueEmpty && unasked > 0)
  }

  /// `count` bytes were written at `now`.
  package mutating func wrote(_ count: Int, at now: Int) {
    unasked += count
    guard let throughput else { return }
    let pace = Swift.max(1, throughput * Self.paceGain / 100)
    drainsAt = Swift.max(drainsAt, now * 1_000) + count * 1_000_000 / pace
  }

  /// An acknowledgement was asked for at `now`; `drained`: no picture waits after it.
  package mutating func asked(at now: Int, drained: Bool) {
    if asked.isEmpty && intervalStart == nil {
      // The first bytes of this busy spell went out with this batch.
      intervalStart = now
      intervalBytes = 0
      firstInterval = true
      intervalDrained = false
    }
    if drained { intervalDrained = true }
    asked.append((unasked, now))
    unasked = 0
  }

  /// `count` answers came at `now`: their batches left the link.
  package mutating func answered(_ count: Int, at now: Int) {
    let late = Swift.min(count, abandoned)
    abandoned -= late
    let count = count - late
    for _ in 0..<Swift.min(count, asked.count) {
      let batch = asked.removeFirst()
      intervalBytes += batch.bytes
      sample(batch, answeredAt: now)
    }
    guard let start = intervalStart else { return }
    // At least 20 ms, for a measure finer than the clock (or the first there is).
    let elapsed = now - start
    if elapsed >= 20 || throughput == nil {
      let sending =
        firstInterval ? Swift.max(Swift.max(1, elapsed / 2), elapsed - roundTrip) : elapsed
      let measured = intervalBytes * 1_000 / Swift.max(1, sending)
      if !intervalDrained || intervalBytes >= Self.drainedMeasure { throughput = measured }
    }
    // The batches' own times raise the measure, to twice the bytes' at most: a sample
    // too short (a round trip measured long) must not make the window a queue.
    if samples.count >= 3, let measured = throughput {
      let bytes = samples.reduce(0) { $0 + $1.bytes }
      let time = samples.reduce(0) { $0 + $1.milliseconds }
      let linkRate = bytes * 1_000 / Swift.max(1, time)
      throughput = Swift.max(measured, Swift.min(linkRate, 2 * measured))
    }
    // What is in the link goes at the pace measured now, not at one measured before.
    if let throughput {
      let pace = Swift.max(1, throughput * Self.paceGain / 100)
      drainsAt = Swift.min(drainsAt, now * 1_000 + inFlight * 1_000_000 / pace)
    }
    if asked.isEmpty && unasked == 0 {
      intervalStart = nil
      lastAnswer = nil
    } else if elapsed >= 100 {
      intervalStart = now
      intervalBytes = 0
      firstInterval = false
      intervalDrained = false
    }
  }

  /// A batch's own time in the link: from when its bytes could first be in it to its
  /// answer. The query goes right after the batch's last escape, so the link passed the
  /// batch since a round trip after the query (when it was idle: half a round trip for
  /// the bytes to arrive, half for the answer; the shorter of the probe's and the
  /// shortest answer's), or since the answer before if that is later (it was passing
  /// that batch until then).
  /// Two answers read at once give the second no time: it is left out, as is a batch of
  /// less than half a batch's bytes (a placement's few dozen), whose time is the round
  /// trip's, not the link's rate.
  private mutating func sample(_ batch: (bytes: Int, at: Int), answeredAt now: Int) {
    let delay = now - batch.at
    shortestAnswer = Swift.min(shortestAnswer ?? delay, delay)
    let trip = Swift.min(roundTrip, shortestAnswer ?? roundTrip)
    let start = Swift.max(lastAnswer ?? Int.min, batch.at + trip)
    lastAnswer = now
    let passing = now - start
    guard passing >= 1, batch.bytes >= Self.batch / 2 else { return }
    samples.append((batch.bytes, passing))
    if samples.count > 5 { samples.removeFirst() }
  }

  /// When the oldest unanswered batch is given up on (`nil`: none waits).
  package var answerDue: Int? { asked.first.map { $0.at + Self.answerWait } }

  /// Gives up on the batches not answered in time (at `now`).
  package mutating func giveUp(at now: Int) {
    guard let due = answerDue, now >= due else { return }
    abandoned += asked.count
    asked.removeAll()
    intervalStart = nil
    lastAnswer = nil
  }
}
