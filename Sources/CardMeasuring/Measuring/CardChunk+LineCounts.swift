import CardModel
import TerminalText

extension CardChunk {
  /// The lines card `local`'s caption (`field` 0) or comment (1) takes at `width` cells:
  /// counted by `LineCounter` from the text's bytes where its route allows, else from the
  /// chunk's shapes for `wrap`, which `shapes` gives (making them when first needed), or,
  /// when it gives none, shaped alone. The one count the measurer and the measuring worker
  /// share.
  ///
  /// - Complexity: O(text of the field), O(words) for text counted from the shapes.
  @inline(__always)
  func lineCount(
    ofCard local: Int, field: Int, width: Int, wrap: WrapMode,
    scratch: inout UnicodeText.Scratch, shapes: () -> ChunkShapes?
  ) -> Int {
    let kind = textKind(local, field: field)
    let counted = withText(local) { caption, comment in
      LineCounter.count(
        of: field == 0 ? caption : comment, kind: kind, width: width, mode: wrap,
        scratch: &scratch)
    }
    if let counted { return counted }
    let shapes = shapes()
    return withText(local) { caption, comment in
      let text = field == 0 ? caption : comment
      guard let shapes else {
        return ChunkShapes.lineCount(ofText: text, width: width, wrap: wrap)
      }
      return shapes.lineCount(ofCard: local, field: field, text: text, width: width)
    }
  }

  /// Whether a caption or comment of the chunk is neither simple ASCII nor plain CJK (its
  /// counts need the chunk's `ChunkShapes`).
  var hasTextToShape: Bool {
    records.contains { record in
      !record.flags.contains(.simpleCaption) && !record.flags.contains(.cjkCaption)
        || !record.flags.contains(.simpleComment) && !record.flags.contains(.cjkComment)
    }
  }

  /// The lines of every card at each of `widths`, packed as `MeasuredCounts` keeps them
  /// (caption `<< 16 |` comment, each capped): what `lineCount(ofCard:...)` gives card by
  /// card, in one pass over the cards — each card's kinds and text found once for all the
  /// widths, other text in word mode read once for all of them. `shapes` are the chunk's
  /// for `wrap`, when made: in character mode they must be (unless `hasTextToShape` is
  /// false); in word mode, without them (every chunk's first count:
  /// `firstWordLineCounts`), the texts they keep (all but ASCII text) are shaped as they
  /// come, and the shapes so made are returned, to be kept.
  ///
  /// - Complexity: O(cards × widths) steps plus, per other text, O(its bytes) and O(its
  ///   lines) per width in word mode, O(its clusters) per width in character mode.
  func lineCounts(atWidths widths: [Int], wrap: WrapMode, shapes: ChunkShapes?) -> (
    counts: [[UInt32]], made: ChunkShapes?
  ) {
    if wrap == .word && shapes == nil {
      return firstWordLineCounts(atWidths: widths)
    }
    let cards = count
    var flat = [UInt32](repeating: 0, count: cards * widths.count)
    var scratch = UnicodeText.Scratch()
    let lines = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2 * widths.count)
    defer { lines.deallocate() }
    let captionLines = UnsafeMutableBufferPointer(rebasing: lines[0..<widths.count])
    let commentLines = UnsafeMutableBufferPointer(rebasing: lines[widths.count...])
    flat.withUnsafeMutableBufferPointer { out in
      records.withUnsafeBufferPointer { records in
        text.withUnsafeBufferPointer { arena in
          widths.withUnsafeBufferPointer { widths in
            for local in 0..<cards {
              let record = records[local]
              for field in 0...1 {
                let start = field == 0 ? Int(record.textStart) : record.commentStart
                let length = Int(field == 0 ? record.captionLength : record.commentLength)
                let text = UnsafeBufferPointer(rebasing: arena[start..<start + length])
                let into = field == 0 ? captionLines : commentLines
                let kind = Self.textKind(record.flags, field: field)
                // A text the shapes keep is one its bytes do not give.
                if let shapes, !kind.isPlain, shapes.keeps(card: local, field: field) {
                  for slot in widths.indices {
                    into[slot] = shapes.lineCount(
                      ofCard: local, field: field, text: text, width: widths[slot])
                  }
                } else if !LineCounter.counts(
                  of: text, kind: kind, widths: widths, mode: wrap, into: into, scratch: &scratch)
                {
                  for slot in widths.indices {
                    into[slot] = ChunkShapes.lineCount(
                      ofText: text, width: widths[slot], wrap: wrap)
                  }
                }
              }
              for slot in widths.indices {
                out[slot * cards + local] = Self.packed(captionLines[slot], commentLines[slot])
              }
            }
          }
        }
      }
    }
    return (widths.indices.map { Array(flat[$0 * cards..<($0 + 1) * cards]) }, nil)
  }

  /// A card's caption and comment lines as `MeasuredCounts` keeps them, each capped.
  @inline(__always)
  private static func packed(_ caption: Int, _ comment: Int) -> UInt32 {
    UInt32(Swift.min(0xFFFE, caption)) << 16 | UInt32(Swift.min(0xFFFF, comment))
  }

  /// `lineCounts(atWidths:wrap:shapes:)` in word mode without shapes (every chunk's first
  /// count, the one the load pays): the same counts, in a loop of its own over raw
  /// pointers, each card's flags read once — the general loop's closures, optionals and
  /// checked slices cost a tenth of the count.
  ///
  /// - Complexity: as `lineCounts(atWidths:wrap:shapes:)`.
  private func firstWordLineCounts(atWidths widths: [Int]) -> (
    counts: [[UInt32]], made: ChunkShapes?
  ) {
    let cards = count
    let widthCount = widths.count
    var flat = [UInt32](repeating: 0, count: cards * widthCount)
    var scratch = UnicodeText.Scratch()
    var builder = ChunkShapes.Builder(cards: cards, wrap: .word)
    let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2 * widthCount)
    defer { counts.deallocate() }
    let captionCounts = UnsafeMutableBufferPointer(rebasing: counts[0..<widthCount])
    let commentCounts = UnsafeMutableBufferPointer(rebasing: counts[widthCount...])
    flat.withUnsafeMutableBufferPointer { out in
      records.withUnsafeBufferPointer { records in
        text.withUnsafeBufferPointer { arena in
          widths.withUnsafeBufferPointer { widths in
            let base = arena.baseAddress
            for local in 0..<cards {
              let record = records[local]
              let commentStart = Int(record.textStart) &+ Int(record.captionLength)
              let caption = UnsafeBufferPointer(
                start: base.map { $0 + Int(record.textStart) }, count: Int(record.captionLength))
              let comment = UnsafeBufferPointer(
                start: base.map { $0 + commentStart }, count: Int(record.commentLength))
              let captionCounted = LineCounter.counts(
                of: caption, kind: Self.textKind(record.flags, field: 0), widths: widths,
                mode: .word, into: captionCounts, scratch: &scratch)
              let commentCounted = LineCounter.counts(
                of: comment, kind: Self.textKind(record.flags, field: 1), widths: widths,
                mode: .word, into: commentCounts, scratch: &scratch)
              if !captionCounted || !commentCounted {
                // The texts the bytes do not give, shaped (each counted as it is shaped).
                builder.add(
                  card: local, caption: captionCounted ? nil : caption,
                  comment: commentCounted ? nil : comment
                ) { field, lineCount in
                  let lines = field == 0 ? captionCounts : commentCounts
                  for slot in 0..<widthCount { lines[slot] = lineCount(widths[slot]) }
                }
              }
              for slot in 0..<widthCount {
                out[slot &* cards &+ local] = Self.packed(captionCounts[slot], commentCounts[slot])
              }
            }
          }
        }
      }
    }
    let made = builder.isEmpty ? nil : ChunkShapes(builder)
    return (widths.indices.map { Array(flat[$0 * cards..<($0 + 1) * cards]) }, made)
  }
}
