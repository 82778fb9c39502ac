import TerminalCore
import Testing

/// The pacing of kitty's pictures on a link, simulated: a link of a given rate and 20 ms
/// each way, the writer writing 4 KB pieces while the pacer lets it and asking for an
/// answer after each batch, the terminal answering each once it has read what came
/// before. The pacer keeps the link nearly busy, and what lies in the link ahead of a
/// key's frame stays about one round trip of it.
@Suite struct LinkPacerTests {
  /// Sends `total` bytes over a simulated link (at `startRate` for the first `slowFor`
  /// ms, if given); returns the time (ms) it took and the most bytes that were ever in
  /// the link.
  ///
  /// Also the most a key's frame, written at any millisecond, would wait behind the
  /// pictures queued in the link (beyond the link's latency).
  static func send(
    total: Int, rate: Int, latency: Int = 20, piece: Int = 4_096, every: Int? = nil,
    burst: Int = 0, startRate: Int? = nil, slowFor: Int = 0
  ) -> (
    milliseconds: Int, mostInFlight: Int, pacer: LinkPacer, keyWait: Int
  ) {
    var pacer = LinkPacer(roundTrip: 2 * latency)
    var written = 0
    // When the link has passed every byte written (in microseconds).
    var linkFreeAt = 0
    var answers: [Int] = []  // when each asked answer gets back
    var most = 0
    var now = 0
    var keyWait = 0
    while written < total || pacer.inFlight > 0 {
      if now > 500 { keyWait = Swift.max(keyWait, (linkFreeAt + 999) / 1_000 - (now + latency)) }
      // Answers back by now.
      let back = answers.filter { $0 <= now }.count
      if back > 0 {
        answers.removeFirst(back)
        pacer.answered(back, at: now)
      }
      // With `every`, the pictures come `burst` bytes at a time, every that many ms.
      let ready = every.map { Swift.min(total, burst * (now / $0 + 1)) } ?? total
      let piece = Swift.min(piece, total - written)
      if written < total && written + piece <= ready && pacer.mayWrite(piece, at: now) {
        let rateNow = now < slowFor ? (startRate ?? rate) : rate
        linkFreeAt = Swift.max(linkFreeAt, (now + latency) * 1_000) + piece * 1_000_000 / rateNow
        written += piece
        pacer.wrote(piece, at: now)
        // As the backend: asked for when the pictures run out, after a batch, and
        // whenever the writer stops (for the window or the pace).
        let drained = written == total || written + piece > ready
        let next = Swift.min(piece, total - written)
        let stops = next > 0 && !pacer.mayWrite(next, at: now)
        if pacer.shouldAsk(queueEmpty: drained || stops) {
          pacer.asked(at: now, drained: drained)
          // The query follows the bytes; the terminal answers at once, 20 ms back.
          answers.append((linkFreeAt + 999) / 1_000 + latency)
        }
        most = Swift.max(most, pacer.inFlight)
        continue
      }
      now += 1
      if now > 600_000 { break }
    }
    return (now, most, pacer, keyWait)
  }

  @Test func theLinkStaysBusyAndLittleLiesAheadOfAKey() {
    // Slow links 20 ms each way, and a fast one on this machine; escapes of a batch,
    // and smaller ones (a sixel row's pieces), several to a batch.
    for (rate, latency, piece) in [
      (200_000, 20, 4_096), (200_000, 20, 1_500), (1_000_000, 20, 4_096),
      (1_000_000, 20, 1_500), (20_000_000, 1, 4_096),
    ] {
      let total = 2_000_000
      let (milliseconds, most, pacer, keyWait) = Self.send(
        total: total, rate: rate, latency: latency, piece: piece)
      let ideal = total * 1_000 / rate + 2 * latency
      // Within a fifth of the link's own time…
      #expect(milliseconds <= ideal * 6 / 5 + 100, "\(rate): \(milliseconds) ms, ideal \(ideal)")
      // …with at most about a round trip and 20 ms of the link ahead of a key (an escape
      // begins only where it fits in the window: never a batch beyond it), as paced by
      // a measure that may run a little over the link's.
      let measuredPace = rate * 21 / 20
      let bound =
        Swift.max(LinkPacer.smallestWindow, measuredPace * (2 * latency + 20) / 1_000)
        + LinkPacer.slack
      #expect(most <= Swift.max(LinkPacer.firstWindow, bound), "\(rate): \(most) bytes in the link")
      // And the pace it measured is the link's, within a quarter.
      let measured = pacer.throughput ?? 0
      #expect(abs(measured - rate) * 4 <= rate, "\(rate): measured \(measured)")
      // A key's frame waits behind at most the window's 20 ms and a piece.
      #expect(keyWait <= 20 + 4_096 * 1_000 / rate + 5, "\(rate): a key waits \(keyWait) ms")
    }
  }

  /// Pictures that come in bursts (a screen's thumbnails as the workers finish them), the
  /// link idle between: after each pause the window is not poured into the link at
  /// once, where a key's frame would wait behind all of it (62 ms at 200 KB/s and at
  /// 1 MB/s in this simulation without the pace), but spread at the pace measured: a key
  /// waits behind the escape in flight (20 ms at 200 KB/s), `lead` and what the pace's
  /// tenth over the link let gather (35 and 22 ms).
  @Test func burstsAfterAPauseGoAtThePace() {
    for rate in [200_000, 1_000_000] {
      let total = 2_000_000
      let sent = Self.send(total: total, rate: rate, every: 300, burst: rate / 5)
      #expect(sent.keyWait <= 40, "\(rate): a key waits \(sent.keyWait) ms")
      // The bursts themselves take the time: the pace holds nothing back.
      #expect(
        sent.milliseconds <= total / (rate / 5) * 300 + 300, "\(rate): \(sent.milliseconds) ms")
    }
  }

  /// A terminal that takes 30 KB/s for the first 400 ms (kitty decoding the first
  /// pictures), then the link's rate: the measure grows back to the link's, and the
  /// whole takes at most a fifth more than the link's own time. Measured by the bytes
  /// answered alone, the window of two escapes it fell to held the measure at two thirds
  /// of 200 KB/s (14.7 s where the link takes 10.4 s), and at 1 MB/s the pace grew a
  /// tenth an interval (3.6 s against 2.4 s).
  @Test func aMeasureTakenLowGrowsBackToTheLinks() {
    for rate in [200_000, 1_000_000] {
      let total = 2_000_000
      let sent = Self.send(total: total, rate: rate, startRate: 30_000, slowFor: 400)
      let ideal = 400 + (total - 30_000 * 400 / 1_000) * 1_000 / rate + 40
      #expect(
        sent.milliseconds <= ideal * 6 / 5, "\(rate): \(sent.milliseconds) ms, ideal \(ideal)")
      let measured = sent.pacer.throughput ?? 0
      #expect(abs(measured - rate) * 4 <= rate, "\(rate): measured \(measured)")
    }
  }

  /// A measure taken while the writer ran out of pictures is of the pictures: it leaves
  /// the throughput as it was. A screen's last placements, 70 bytes answered a round
  /// trip later, measured kitty at 37 KB/s, and its next pictures went at that.
  @Test func aDrainedQueueMeasuresThePicturesNotTheLink() throws {
    // The first answer of all, for a placement alone: no measure.
    var first = LinkPacer(roundTrip: 40)
    first.wrote(70, at: 0)
    first.asked(at: 0, drained: true)
    first.answered(1, at: 40)
    #expect(first.throughput == nil)
    // A screen that fits in one interval, the link's: measured, drained or not.
    first.wrote(LinkPacer.drainedMeasure, at: 100)
    first.asked(at: 100, drained: true)
    first.answered(1, at: 180)
    #expect(first.throughput == LinkPacer.drainedMeasure * 1_000 / 40)
    for drained in [false, true] {
      var pacer = LinkPacer(roundTrip: 40)
      pacer.wrote(12_000, at: 0)
      pacer.asked(at: 0, drained: false)
      pacer.answered(1, at: 100)
      // 12,000 bytes in the 60 ms the first interval's round trip leaves: 200 KB/s.
      #expect(pacer.throughput == 200_000)
      // Then a placement alone.
      pacer.wrote(70, at: 200)
      pacer.asked(at: 200, drained: drained)
      pacer.answered(1, at: 240)
      let after = try #require(pacer.throughput)
      #expect(drained ? after == 200_000 : after < 10_000, "drained \(drained): \(after)")
    }
  }

  /// Once the pace is measured, an escape that fits in the window still waits until the
  /// bytes written before would have left the link at the pace (a tenth faster), less
  /// `lead`; `pacedAt` says when, and an empty link waits for nothing.
  @Test func theNextEscapeWaitsForThePace() throws {
    var pacer = LinkPacer(roundTrip: 40)
    pacer.wrote(4_000, at: 0)
    pacer.asked(at: 0, drained: false)
    pacer.answered(1, at: 60)
    // 4,000 bytes answered 60 ms after they went (a round trip of 40 ms among them).
    let pace = try #require(pacer.throughput)
    #expect(pace == 133_333 && pacer.pacedAt(60) == nil && pacer.mayWrite(4_000, at: 60))
    pacer.wrote(4_400, at: 60)
    // At a tenth over 133 KB/s the 4,400 bytes leave by 90 ms; the next may begin
    // `lead` before.
    let due = 90 - LinkPacer.lead
    #expect(pacer.pacedAt(60) == due && pacer.pacedAt(due - 1) == due)
    #expect(!pacer.mayWrite(1_000, at: due - 1) && pacer.fits(1_000))
    #expect(pacer.pacedAt(due) == nil && pacer.mayWrite(1_000, at: due))
    // Whatever the pace, nothing waits once the link is empty.
    pacer.asked(at: 60, drained: true)
    pacer.answered(1, at: 62)
    #expect(pacer.inFlight == 0 && pacer.pacedAt(62) == nil && pacer.mayWrite(100_000, at: 62))
  }

  @Test func unansweredBatchesAreGivenUpOn() {
    var pacer = LinkPacer(roundTrip: 40)
    pacer.wrote(20_000, at: 0)
    pacer.asked(at: 0, drained: false)
    #expect(!pacer.mayWrite(1, at: 0) && pacer.answerDue == LinkPacer.answerWait)
    pacer.giveUp(at: 999)
    #expect(!pacer.mayWrite(1, at: 0))
    pacer.giveUp(at: 1_000)
    #expect(pacer.mayWrite(1, at: 0) && pacer.inFlight == 0 && pacer.answerDue == nil)
  }

  /// An escape begins only where it fits in the window beside what is in the link, so
  /// no more than the window ever lies ahead of a key's frame; one larger than the
  /// window goes alone, once the link is empty.
  @Test func anEscapeBeginsOnlyWhereItFits() {
    var pacer = LinkPacer(roundTrip: 40)
    let window = pacer.window
    #expect(pacer.mayWrite(window, at: 0) && pacer.mayWrite(window * 3, at: 0))
    pacer.wrote(window - 1_000, at: 0)
    #expect(
      pacer.mayWrite(1_000, at: 0) && !pacer.mayWrite(1_001, at: 0)
        && !pacer.mayWrite(window * 3, at: 0))
    // Before the writer waits, what it wrote is asked for: an answer wakes it.
    #expect(pacer.shouldAsk(queueEmpty: true))
    pacer.asked(at: 0, drained: false)
    #expect(!pacer.shouldAsk(queueEmpty: true) && !pacer.mayWrite(1_001, at: 0))
    pacer.answered(1, at: 60)
    #expect(pacer.inFlight == 0 && pacer.mayWrite(window * 3, at: 60))
  }
}
