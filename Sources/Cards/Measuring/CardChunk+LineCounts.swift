import TerminalText

extension CardChunk {
  /// The lines card `local`'s caption (`field` 0) or comment (1) takes at `width` cells:
  /// plain ASCII and plain CJK counted as they are, other text in word mode from its bytes
  /// (`UnicodeText.wordLineCount`), and what that refuses (and other text in character
  /// mode) from the chunk's shapes for `wrap`, which `shapes` gives (making them when first
  /// needed), or, when it gives none, shaped alone. The one count the measurer and the
  /// measuring worker share.
  ///
  /// - Complexity: O(text of the field), O(words) for text counted from the shapes.
  @inline(__always)
  func lineCount(
    ofCard local: Int, field: Int, width: Int, wrap: WrapMode,
    scratch: inout UnicodeText.Scratch, shapes: () -> ChunkShapes?
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
      if wrap == .word {
        let counted = withText(local) { caption, comment in
          UnicodeText.wordLineCount(
            field == 0 ? caption : comment, width: width, scratch: &scratch)
        }
        if let counted { return counted }
      }
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
    // From here on, shapes in word mode are given.
    let cards = count
    var flat = [UInt32](repeating: 0, count: cards * widths.count)
    var scratch = UnicodeText.Scratch()
    // Other text in word mode: its counts at every width, read once.
    let directCounts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2 * widths.count)
    defer { directCounts.deallocate() }
    let captionCounts = UnsafeMutableBufferPointer(rebasing: directCounts[0..<widths.count])
    let commentCounts = UnsafeMutableBufferPointer(rebasing: directCounts[widths.count...])
    // Asked once: a comparison across modules is a call through the conformance.
    let isWordMode = wrap == .word
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
            // In word mode, other text of printable ASCII and line feeds counted from its
            // bytes at every width (into `captionCounts` and `commentCounts`), the rest from
            // the shapes.
            var captionCounted = false
            var commentCounted = false
            if isWordMode {
              widths.withUnsafeBufferPointer { widths in
                // Printable ASCII (the store's flag) is counted without a check of its bytes.
                func counted(
                  _ text: UnsafeBufferPointer<UInt8>, printable: Bool,
                  into counts: UnsafeMutableBufferPointer<Int>
                ) -> Bool {
                  printable
                    ? UnicodeText.printableASCIIWordLineCounts(
                      text, widths: widths, into: counts, scratch: &scratch)
                    : UnicodeText.asciiWordLineCounts(
                      text, widths: widths, into: counts, scratch: &scratch)
                }
                // A text the shapes keep is not counted from its bytes (they refused it).
                if captionKind == .other && shapes?.keeps(card: local, field: 0) != true {
                  captionCounted = counted(
                    caption, printable: flags.contains(.printableCaption), into: captionCounts)
                }
                if commentKind == .other && shapes?.keeps(card: local, field: 1) != true {
                  commentCounted = counted(
                    comment, printable: flags.contains(.printableComment), into: commentCounts)
                }
              }
            }
            @inline(__always) func lines(
              _ text: UnsafeBufferPointer<UInt8>, _ kind: TextKind, field: Int, slot: Int,
              width: Int, counted: UnsafeMutableBufferPointer<Int>?
            ) -> Int {
              switch kind {
              case .ascii: return ASCIIText.lineCount(text, width: width, mode: wrap)
              case .cjk: return CJKText.lineCount(text, width: width, mode: wrap)
              case .other:
                if let counted { return counted[slot] }
                guard let shapes else {
                  return ChunkShapes.lineCount(ofText: text, width: width, wrap: wrap)
                }
                return shapes.lineCount(ofCard: local, field: field, text: text, width: width)
              }
            }
            for (slot, width) in widths.enumerated() {
              let captionLines = lines(
                caption, captionKind, field: 0, slot: slot, width: width,
                counted: captionCounted ? captionCounts : nil)
              let commentLines = lines(
                comment, commentKind, field: 1, slot: slot, width: width,
                counted: commentCounted ? commentCounts : nil)
              out[slot * cards + local] =
                UInt32(Swift.min(0xFFFE, captionLines)) << 16
                | UInt32(Swift.min(0xFFFF, commentLines))
            }
          }
        }
      }
    }
    return (widths.indices.map { Array(flat[$0 * cards..<($0 + 1) * cards]) }, nil)
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
    let simpleCaption = CardRecord.Flags.simpleCaption.rawValue
    let cjkCaption = CardRecord.Flags.cjkCaption.rawValue
    let printableCaption = CardRecord.Flags.printableCaption.rawValue
    let simpleComment = CardRecord.Flags.simpleComment.rawValue
    let cjkComment = CardRecord.Flags.cjkComment.rawValue
    let printableComment = CardRecord.Flags.printableComment.rawValue
    flat.withUnsafeMutableBufferPointer { out in
      records.withUnsafeBufferPointer { records in
        text.withUnsafeBufferPointer { arena in
          widths.withUnsafeBufferPointer { widths in
            let base = arena.baseAddress
            /// The text's lines at every width into `into`; false when it is other text the
            /// bytes do not give (it is shaped).
            @inline(__always) func count(
              _ text: UnsafeBufferPointer<UInt8>, flags: UInt16, simple: UInt16, cjk: UInt16,
              printable: UInt16, into lines: UnsafeMutableBufferPointer<Int>
            ) -> Bool {
              if flags & simple != 0 {
                for slot in 0..<widthCount {
                  lines[slot] = ASCIIText.lineCount(text, width: widths[slot], mode: .word)
                }
                return true
              }
              if flags & cjk != 0 {
                for slot in 0..<widthCount {
                  lines[slot] = CJKText.lineCount(text, width: widths[slot], mode: .word)
                }
                return true
              }
              // Printable ASCII (the store's flag) is counted without a check of its bytes.
              return flags & printable != 0
                ? UnicodeText.printableASCIIWordLineCounts(
                  text, widths: widths, into: lines, scratch: &scratch)
                : UnicodeText.asciiWordLineCounts(
                  text, widths: widths, into: lines, scratch: &scratch)
            }
            for local in 0..<cards {
              let record = records[local]
              let flags = record.flags.rawValue
              let commentStart = Int(record.textStart) &+ Int(record.captionLength)
              let caption = UnsafeBufferPointer(
                start: base.map { $0 + Int(record.textStart) }, count: Int(record.captionLength))
              let comment = UnsafeBufferPointer(
                start: base.map { $0 + commentStart }, count: Int(record.commentLength))
              let captionCounted = count(
                caption, flags: flags, simple: simpleCaption, cjk: cjkCaption,
                printable: printableCaption, into: captionCounts)
              let commentCounted = count(
                comment, flags: flags, simple: simpleComment, cjk: cjkComment,
                printable: printableComment, into: commentCounts)
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
                out[slot &* cards &+ local] =
                  UInt32(Swift.min(0xFFFE, captionCounts[slot])) << 16
                  | UInt32(Swift.min(0xFFFF, commentCounts[slot]))
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
