#if canImport(Glibc)
  import Glibc
#endif

/// The process's peak resident memory.
enum PeakMemory {
  static func megabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
  }
}
