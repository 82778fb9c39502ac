import TerminalCore
import Testing

/// The pacing of kitty's pictures on a link, simulated: a link of a given rate and 20 ms
/// each way, the writer writing 4 KB pieces while the pacer lets it and asking for an
/// answer after each batch, the terminal answering each once it has read what came
/// before. The pacer keeps the link nearly busy, and what lies in the link ahead of a
/// key's frame stays about one round trip of it.
@Suite struct LinkPacerTests {
  /// Sends `total` bytes over a simulated link; returns the time (ms) it took and the
  /// most bytes that were ever in the link.
  static func send(total: Int, rate: Int, latency: Int = 20) -> (
    milliseconds: Int, mostInFlight: Int, pacer: LinkPacer
  ) {
    var pacer = LinkPacer(roundTrip: 2 * latency)
    var written = 0
    // When the link has passed every byte written (in microseconds).
    var linkFreeAt = 0
    var answers: [Int] = []  // when each asked answer gets back
    var most = 0
    var now = 0
    while written < total || pacer.inFlight > 0 {
      // Answers back by now.
      let back = answers.filter { $0 <= now }.count
      if back > 0 {
        answers.removeFirst(back)
        pacer.answered(back, at: now)
      }
      let piece = Swift.min(4_096, total - written)
      if written < total && pacer.mayWrite(piece) {
        linkFreeAt = Swift.max(linkFreeAt, (now + latency) * 1_000) + piece * 1_000_000 / rate
        written += piece
        pacer.wrote(piece)
        if pacer.shouldAsk(queueEmpty: written == total) {
          pacer.asked(at: now)
          // The query follows the bytes; the terminal answers at once, 20 ms back.
          answers.append((linkFreeAt + 999) / 1_000 + latency)
        }
        most = Swift.max(most, pacer.inFlight)
        continue
      }
      now += 1
      if now > 600_000 { break }
    }
    return (now, most, pacer)
  }

  @Test func theLinkStaysBusyAndLittleLiesAheadOfAKey() {
    // Slow links 20 ms each way, and a fast one on this machine.
    for (rate, latency) in [(200_000, 20), (1_000_000, 20), (20_000_000, 1)] {
      let total = 2_000_000
      let (milliseconds, most, pacer) = Self.send(total: total, rate: rate, latency: latency)
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
    }
  }

  @Test func unansweredBatchesAreGivenUpOn() {
    var pacer = LinkPacer(roundTrip: 40)
    pacer.wrote(20_000)
    pacer.asked(at: 0)
    #expect(!pacer.mayWrite(1) && pacer.answerDue == LinkPacer.answerWait)
    pacer.giveUp(at: 999)
    #expect(!pacer.mayWrite(1))
    pacer.giveUp(at: 1_000)
    #expect(pacer.mayWrite(1) && pacer.inFlight == 0 && pacer.answerDue == nil)
  }

  /// An escape begins only where it fits in the window beside what is in the link, so
  /// no more than the window ever lies ahead of a key's frame; one larger than the
  /// window goes alone, once the link is empty.
  @Test func anEscapeBeginsOnlyWhereItFits() {
    var pacer = LinkPacer(roundTrip: 40)
    let window = pacer.window
    #expect(pacer.mayWrite(window) && pacer.mayWrite(window * 3))
    pacer.wrote(window - 1_000)
    #expect(pacer.mayWrite(1_000) && !pacer.mayWrite(1_001) && !pacer.mayWrite(window * 3))
    // Before the writer waits, what it wrote is asked for: an answer wakes it.
    #expect(pacer.shouldAsk(queueEmpty: true))
    pacer.asked(at: 0)
    #expect(!pacer.shouldAsk(queueEmpty: true) && !pacer.mayWrite(1_001))
    pacer.answered(1, at: 60)
    #expect(pacer.inFlight == 0 && pacer.mayWrite(window * 3))
  }
}
