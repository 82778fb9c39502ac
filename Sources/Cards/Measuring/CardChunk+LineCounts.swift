import TerminalText

extension CardChunk {
  /// The lines card `local`'s caption (`field` 0) or comment (1) takes at `width` cells:
  /// plain ASCII and plain CJK counted as they are, other text from the chunk's shapes for
  /// `wrap`, which `shapes` gives (making them when first needed), or, when it gives none,
  /// shaped alone. The one count the measurer and
  /// the measuring worker share.
  ///
  /// - Complexity: O(text of the field), O(words) once the shapes are made.
  @inline(__always)
  func lineCount(
    ofCard local: Int, field: Int, width: Int, wrap: WrapMode, shapes: () -> ChunkShapes?
  ) -> Int {
    switch textKind(local, field: field) {
    case .ascii:
      return withText(local) { caption, comment in
        ASCIIText.lineCount(field == 0 ? caption : comment, width: width, mode: wrap)
      }
    case .cjk:
      return withText(local) { caption, comment in
        CJKText.lineCount(field == 0 ? caption : comment, width: width, mode: wrap)
      }
    case .other:
      let shapes = shapes()
      return withText(local) { caption, comment in
        let text = field == 0 ? caption : comment
        guard let shapes else {
          return ChunkShapes.lineCount(ofText: text, width: width, wrap: wrap)
        }
        return shapes.lineCount(ofCard: local, field: field, text: text, width: width)
      }
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
  /// card, in one pass over the cards — each card's kinds, text and place among the
  /// shaped ones found once for all the widths, no closure or lookup per count. `shapes`
  /// are the chunk's for `wrap` (`nil` only when `hasTextToShape` is false).
  ///
  /// - Complexity: O(cards × widths) steps plus O(words) per shaped text and width.
  func lineCounts(atWidths widths: [Int], wrap: WrapMode, shapes: ChunkShapes?) -> [[UInt32]] {
    let cards = count
    var flat = [UInt32](repeating: 0, count: cards * widths.count)
    var place = 0
    flat.withUnsafeMutableBufferPointer { out in
      records.withUnsafeBufferPointer { records in
        text.withUnsafeBufferPointer { arena in
          for local in 0..<cards {
            let record = records[local]
            let flags = record.flags
            let captionKind: TextKind =
              flags.contains(.simpleCaption) ? .ascii : flags.contains(.cjkCaption) ? .cjk : .other
            let commentKind: TextKind =
              flags.contains(.simpleComment) ? .ascii : flags.contains(.cjkComment) ? .cjk : .other
            let caption = UnsafeBufferPointer(
              rebasing: arena[Int(record.textStart)..<record.commentStart])
            let comment = UnsafeBufferPointer(
              rebasing: arena[record.commentStart..<record.commentStart + Int(record.commentLength)]
            )
            let shaped = captionKind == .other || commentKind == .other
            @inline(__always) func lines(
              _ text: UnsafeBufferPointer<UInt8>, _ kind: TextKind, field: Int, width: Int
            ) -> Int {
              switch kind {
              case .ascii: return ASCIIText.lineCount(text, width: width, mode: wrap)
              case .cjk: return CJKText.lineCount(text, width: width, mode: wrap)
              case .other:
                guard let shapes else {
                  return ChunkShapes.lineCount(ofText: text, width: width, wrap: wrap)
                }
                return shapes.lineCount(atPlace: place, field: field, text: text, width: width)
              }
            }
            for (slot, width) in widths.enumerated() {
              let captionLines = lines(caption, captionKind, field: 0, width: width)
              let commentLines = lines(comment, commentKind, field: 1, width: width)
              out[slot * cards + local] =
                UInt32(Swift.min(0xFFFE, captionLines)) << 16
                | UInt32(Swift.min(0xFFFF, commentLines))
            }
            if shaped { place += 1 }
          }
        }
      }
    }
    return widths.indices.map { Array(flat[$0 * cards..<($0 + 1) * cards]) }
  }
}
