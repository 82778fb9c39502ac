import Foundation

/// The process's peak resident memory: VmHWM of /proc/self/status, which starts afresh
/// with `exec` (the `ru_maxrss` of `getrusage` keeps the peak of the process that forked
/// it, so a child measured by the `stream` part would report its parent's).
enum PeakMemory {
  static func megabytes() -> Double {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    {
      return kilobytes / 1024
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
  }
}
