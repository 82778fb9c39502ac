import CardModel

/// The rest of a search, scanned on a worker thread while the browser shows the first
/// matches: chunk by chunk from `from`, reporting matches as it goes, and stopping as soon
/// as the search is no longer the current one (the next keystroke). A value: the browser
/// returns it as an effect, and whoever runs effects runs it.
package struct SearchJob: Sendable {
  package let generation: Int
  package let query: CardQuery
  /// The cards as they were when the search started (chunks never change).
  package let chunks: [CardChunk]
  /// The first card to scan.
  package let from: Int
  /// Folded text already made, by chunk (the worker makes the rest and hands it back).
  package let texts: [ChunkSearchText?]

  package init(
    generation: Int, query: CardQuery, chunks: [CardChunk], from: Int, texts: [ChunkSearchText?]
  ) {
    self.generation = generation
    self.query = query
    self.chunks = chunks
    self.from = from
    self.texts = texts
  }

  /// Scans, calling `report` with each batch of matches (about every 50,000 cards) and
  /// once more at the end (`isDone`); returns early once `cancellation` says this job is no
  /// longer the current one.
  package func run(cancellation: JobCancellation, report: (SearchFound) -> Void) {
    var first = 0
    var found = SearchFound(generation: generation, matches: [], scannedThrough: from)
    var scannedSinceReport = 0
    for (chunkIndex, chunk) in chunks.enumerated() {
      let end = first + chunk.count
      defer { first = end }
      guard end > from else { continue }
      if cancellation.isCancelled(generation) { return }
      var text = chunkIndex < texts.count ? texts[chunkIndex] : nil
      if query.needsText && text == nil {
        let made = ChunkSearchText(chunk)
        text = made
        found.texts.append((chunkIndex, made))
      }
      let start = Swift.max(0, from - first)
      found.matches += query.matches(in: chunk, text: text, from: start).matches.map { first + $0 }
      found.scannedThrough = end
      scannedSinceReport += chunk.count - start
      if scannedSinceReport >= 50_000 {
        report(found)
        found = SearchFound(generation: generation, matches: [], scannedThrough: end)
        scannedSinceReport = 0
      }
    }
    if cancellation.isCancelled(generation) { return }
    found.isDone = true
    report(found)
  }
}

extension SearchJob: Hashable {
  /// Jobs are told apart by their search.
  package static func == (lhs: SearchJob, rhs: SearchJob) -> Bool {
    lhs.generation == rhs.generation && lhs.query == rhs.query && lhs.from == rhs.from
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(generation)
    hasher.combine(from)
  }
}
