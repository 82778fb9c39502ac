#if canImport(Glibc)
  import Glibc
#endif

/// The machine's monotonic clock (`CLOCK_MONOTONIC`), which every process shares: a trace
/// written by the program and a harness timing it read the same time.
package enum MonotonicClock {
  /// Nanoseconds since an arbitrary start.
  package static func nanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
  }
}
