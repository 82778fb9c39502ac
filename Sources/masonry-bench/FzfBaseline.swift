import Foundation

/// fzf on the same file, the tool people search big inputs with: how long it takes to
/// read every line (a query that matches none), and to its final count for each prefix
/// of the keys typed (`fzf -e --filter`, exact matching, sorted as fzf sorts), each run
/// to its end.
struct FzfBaseline {
  var readSeconds: Double
  var countMilliseconds: [Double]
  var matches: [Int]

  /// The baseline for `path`, or `nil` without fzf.
  static func measure(_ path: String, keys: String) -> FzfBaseline? {
    guard let read = run(query: "\u{1}no such text\u{1}", path: path) else { return nil }
    var counts: [Double] = []
    var matches: [Int] = []
    var query = ""
    for key in keys {
      query.append(key)
      guard let (seconds, lines) = run(query: query, path: path) else { return nil }
      counts.append(seconds * 1000)
      matches.append(lines)
    }
    return FzfBaseline(readSeconds: read.seconds, countMilliseconds: counts, matches: matches)
  }

  /// The wall time of `fzf -e --filter query < path` and the lines it printed.
  private static func run(query: String, path: String) -> (seconds: Double, lines: Int)? {
    guard let input = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? input.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["fzf", "-e", "--filter", query]
    process.standardInput = input
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let start = DispatchTime.now().uptimeNanoseconds
    guard (try? process.run()) != nil else { return nil }
    var lines = 0
    let reader = output.fileHandleForReading
    while true {
      let data = reader.availableData
      if data.isEmpty { break }
      lines += data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
    process.waitUntilExit()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // fzf exits 1 when nothing matches, 0 when something does; 127: not installed.
    guard process.terminationStatus == 0 || process.terminationStatus == 1 else { return nil }
    return (seconds, lines)
  }
}
