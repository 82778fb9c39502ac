/// Times closures with the monotonic clock.
enum Stopwatch {
  /// Nanoseconds per operation of `body`, which performs `operations` operations; the
  /// fastest of `rounds` runs, so that a busy moment of the machine does not count.
  static func nanoseconds(perOperationOf operations: Int, rounds: Int, _ body: () -> Void) -> Double
  {
    let clock = ContinuousClock()
    var best = Double.infinity
    for _ in 0..<Swift.max(1, rounds) {
      let elapsed = clock.measure(body)
      let nanoseconds =
        Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
      best = Swift.min(best, nanoseconds / Double(Swift.max(1, operations)))
    }
    return best
  }

  /// The seconds one run of `body` takes.
  static func seconds(_ body: () -> Void) -> Double {
    let elapsed = ContinuousClock().measure(body)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}
