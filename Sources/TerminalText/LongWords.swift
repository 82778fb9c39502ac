/// The clusters of the words (`WordSegments` segments) wider than `longerThan` cells, one
/// after another: what counting lines from a text's segments needs at a width narrower
/// than one of its words, instead of the whole text's clusters. URLs, paths and long
/// names are most of them; a caption or comment of ordinary words keeps none.
package struct LongWords: Sendable {
  /// Words no wider than this are not kept.
  package let longerThan: Int
  private var clusters: [UInt8] = []
  /// Word `k` is `clusters[ends[k - 1]..<ends[k]]` (from 0 for the first).
  private var ends: [UInt32] = []

  package init(longerThan: Int) { self.longerThan = longerThan }

  /// The number of words kept.
  package var count: Int { ends.count }

  /// Keeps `word`'s clusters as the next word.
  mutating func append(_ word: UnsafeBufferPointer<UInt8>) {
    clusters.append(contentsOf: word)
    ends.append(UInt32(clusters.count))
  }

  /// Drops the last `count` words.
  package mutating func removeLast(_ count: Int) {
    guard count > 0 else { return }
    ends.removeLast(count)
    clusters.removeSubrange((ends.last.map(Int.init) ?? 0)...)
  }

  /// Calls `body` with word `index`'s clusters.
  func withWord<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let start = index == 0 ? 0 : Int(ends[index - 1])
    let end = Int(ends[index])
    return clusters.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
  }

  /// Drops the capacity appending left over.
  package mutating func trim() {
    clusters = clusters.trimmed()
    ends = ends.trimmed()
  }

  /// The bytes kept.
  package var storedBytes: Int { clusters.count + ends.count * 4 }
}
