import TerminalText

/// What a filter looks for, ready to test cards with: the search text folded to UTF-8
/// (`SearchFolding`), and a tag (as shown: sanitised).
package struct CardQuery: Hashable, Sendable {
  /// The folded search text (empty: no search).
  package let needle: [UInt8]
  package let tag: String?

  package init(search: String, tag: String?) {
    var search = search
    needle = search.withUTF8 { SearchFolding.folded(utf8: $0) }
    self.tag = tag
  }

  /// Whether every card passes.
  package var isEmpty: Bool { needle.isEmpty && tag == nil }

  /// Whether the query needs the folded text of non-ASCII cards (`ChunkSearchText`).
  package var needsText: Bool { !needle.isEmpty }

  /// The cards of `chunk`, from `start` on, that pass; stops after `limit` matches.
  /// Returns the matches (indices in the chunk) and where it stopped.
  ///
  /// - Complexity: O(text of the cards scanned); no card is decoded.
  package func matches(
    in chunk: CardChunk, text: ChunkSearchText?, from start: Int = 0, limit: Int = .max
  ) -> (matches: [Int], next: Int) {
    var result: [Int] = []
    let tagged: [Bool]? = tag.map { tag in chunk.tagNames.map { Sanitizer.sanitize($0) == tag } }
    if let tagged, !tagged.contains(true) { return ([], chunk.count) }
    var index = start
    while index < chunk.count && result.count < limit {
      defer { index += 1 }
      if let tagged, !chunk.hasTag(index, in: tagged) { continue }
      if !needle.isEmpty && !matchesText(chunk, index, text: text) { continue }
      result.append(index)
    }
    return (result, index)
  }

  /// Whether card `index`'s caption, comment or one of its tags contains the needle.
  @inline(__always)
  func matchesText(_ chunk: CardChunk, _ index: Int, text: ChunkSearchText?) -> Bool {
    if chunk.isFoldedOnTheFly(index) {
      return matchesCaptionOrComment(chunk, index, text: nil)
        || matchesTags(chunk, index, text: nil)
    }
    guard let text else { return false }
    return text.withFolded(ofCard: index, field: 0) { SearchFolding.contains($0, needle) }
      || text.withFolded(ofCard: index, field: 1) { SearchFolding.contains($0, needle) }
  }

  /// Whether plain text contains the needle, compared as stored: CJK with kana folded,
  /// anything else (printable ASCII) lowercased.
  @inline(__always)
  private func plainContains(_ text: UnsafeBufferPointer<UInt8>, kind: CardChunk.TextKind) -> Bool {
    kind == .cjk
      ? SearchFolding.kanaContains(text, needle) : SearchFolding.asciiContains(text, needle)
  }

  /// Whether a tag of card `index` (not its caption or comment) contains the needle.
  package func matchesTags(_ chunk: CardChunk, _ index: Int, text: ChunkSearchText?) -> Bool {
    guard !needle.isEmpty else { return false }
    if chunk.isFoldedOnTheFly(index) {
      return chunk.tags(index).contains { tag in
        var tag = tag
        return tag.withUTF8 { SearchFolding.asciiContains($0, needle) }
      }
    }
    return text?.withFolded(ofCard: index, field: 1) { SearchFolding.contains($0, needle) } ?? false
  }

  /// Whether card `index`'s caption or comment (not a tag) contains the needle.
  package func matchesCaptionOrComment(_ chunk: CardChunk, _ index: Int, text: ChunkSearchText?)
    -> Bool
  {
    if chunk.isFoldedOnTheFly(index) {
      let captionKind = chunk.textKind(index, field: 0)
      let commentKind = chunk.textKind(index, field: 1)
      return chunk.withText(index) { caption, comment in
        plainContains(caption, kind: captionKind) || plainContains(comment, kind: commentKind)
      }
    }
    return text?.withFolded(ofCard: index, field: 0) { SearchFolding.contains($0, needle) } ?? false
  }
}
