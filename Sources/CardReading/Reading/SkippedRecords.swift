import CardModel
import TerminalText

/// Records a followed file held that could not be read and were skipped: the first one's
/// error (its place and what is wrong) and how many in all.
package struct SkippedRecords: Hashable, Sendable {
  package var first: DataError
  package var count: Int

  package init(first: DataError, count: Int) {
    self.first = first
    self.count = count
  }

  /// These and `more` skipped after them.
  package func adding(_ more: Int) -> SkippedRecords {
    SkippedRecords(first: first, count: count + more)
  }

  /// What the status bar says: `feed.jsonl:12:5: what is wrong (skipped)`, or with the
  /// number skipped; the file by its last name (the status bar is one row).
  package var summary: String {
    let name = first.path.split(separator: "/").last.map(String.init) ?? first.path
    let place = first.position.map { "\(name):\($0.line):\($0.column)" } ?? name
    let what = "\(place): \(MessageText.visible(first.message))"
    return count == 1 ? "\(what) (skipped)" : "\(count) bad records skipped, the first \(what)"
  }
}
