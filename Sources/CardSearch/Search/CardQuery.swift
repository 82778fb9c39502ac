import CardModel
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
    // Which of the chunk's tag and section names hold the needle, folded once for all
    // its cards (a section is a folder for pictures: `kyoto` finds `Trips/Kyoto`'s).
    let tagHits: [Bool] = needle.isEmpty ? [] : chunk.tagNames.map(containsNeedle)
    let sectionHits: [Bool] =
      needle.isEmpty ? [] : chunk.sectionNames.map { $0.map(containsNeedle) ?? false }
    var index = start
    while index < chunk.count && result.count < limit {
      defer { index += 1 }
      if let tagged, !chunk.hasTag(index, in: tagged) { continue }
      if !needle.isEmpty && !matchesCaptionOrComment(chunk, index, text: text)
        && !chunk.hasTag(index, in: tagHits) && !chunk.isInSection(index, in: sectionHits)
      {
        continue
      }
      result.append(index)
    }
    return (result, index)
  }

  /// Whether tag name `name`, folded, contains the needle.
  private func containsNeedle(_ name: String) -> Bool {
    var folded = SearchFolding.folded(name)
    return folded.withUTF8 { SearchFolding.contains($0, needle) }
  }

  /// Whether plain text contains the needle, compared as stored: CJK with kana folded,
  /// anything else (printable ASCII) lowercased.
  @inline(__always)
  private func plainContains(_ text: UnsafeBufferPointer<UInt8>, kind: TextKind) -> Bool {
    kind == .cjk
      ? SearchFolding.kanaContains(text, needle) : SearchFolding.asciiContains(text, needle)
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
    if let text, text.foldsCheaply(index) {
      return chunk.withText(index) { caption, comment in
        SearchFolding.cheaplyFoldedContains(caption, needle)
          || SearchFolding.cheaplyFoldedContains(comment, needle)
      }
    }
    return text?.withFolded(ofCard: index) { SearchFolding.contains($0, needle) } ?? false
  }
}
