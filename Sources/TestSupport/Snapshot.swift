/// Golden-text snapshots kept beside the tests, after swift-argument-parser's helper.
///
/// A snapshot is recorded only on purpose: set `RECORD_SNAPSHOTS=1`. Under CI (`CI` set)
/// recording is refused, so a missing or changed snapshot always fails there.
package enum Snapshot {
  /// Compares `actual` with the golden file `name` in the `Golden` folder beside
  /// `testFile`; returns a readable line diff when they differ, `nil` when they agree.
  package static func mismatch(
    _ actual: String, named name: String, testFile: String = #filePath
  ) -> String? {
    let folder =
      testFile.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/") + "/Golden"
    let path = "\(folder)/\(name).txt"
    let environment = Environment()
    if environment["RECORD_SNAPSHOTS"] == "1" {
      if environment["CI"] != nil { return "refusing to record \(path) under CI" }
      guard TextFile.write(actual, to: path) else { return "could not write \(path)" }
      return nil
    }
    guard let expected = TextFile.read(path) else {
      return "no golden file \(path); record it with RECORD_SNAPSHOTS=1\n\(actual)"
    }
    return expected == actual ? nil : diff(expected: expected, actual: actual, path: path)
  }

  /// Compares `actual` with the part of a repository file (a README, say) between the lines
  /// `begin` and `end`; with `RECORD_SNAPSHOTS=1` (never under CI) the part is rewritten.
  /// Returns a readable line diff when they differ, `nil` when they agree.
  package static func mismatch(
    _ actual: String, between begin: String, and end: String,
    inRepositoryFile relativePath: String, testFile: String = #filePath
  ) -> String? {
    var parts = testFile.split(separator: "/", omittingEmptySubsequences: false)
    while let last = parts.last, last != "Tests" { parts.removeLast() }
    parts.removeLast()
    let path = parts.joined(separator: "/") + "/" + relativePath
    guard let text = TextFile.read(path) else { return "cannot read \(path)" }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let first = lines.firstIndex(of: begin),
      let last = lines[first...].firstIndex(of: end)
    else { return "\(path) has no lines '\(begin)' … '\(end)'" }
    let expected = lines[(first + 1)..<last].map { $0 + "\n" }.joined()
    if expected == actual { return nil }
    let environment = Environment()
    if environment["RECORD_SNAPSHOTS"] == "1" {
      if environment["CI"] != nil { return "refusing to record \(path) under CI" }
      var replacement = actual.split(separator: "\n", omittingEmptySubsequences: false).map(
        String.init)
      if replacement.last == "" { replacement.removeLast() }
      lines.replaceSubrange((first + 1)..<last, with: replacement)
      return TextFile.write(lines.joined(separator: "\n"), to: path)
        ? nil : "could not write \(path)"
    }
    return diff(expected: expected, actual: actual, path: path)
  }

  /// A line diff: the first differing lines with their numbers, `-` expected, `+` actual.
  package static func diff(expected: String, actual: String, path: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var report = ["\(path) differs:"]
    for line in 0..<Swift.max(old.count, new.count) {
      let a = line < old.count ? String(old[line]) : "<none>"
      let b = line < new.count ? String(new[line]) : "<none>"
      if a != b {
        report.append("line \(line + 1):\n- \(a)\n+ \(b)")
        if report.count > 10 { break }
      }
    }
    return report.joined(separator: "\n")
  }
}
