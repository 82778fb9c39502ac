#if canImport(Glibc)
  import Glibc
#endif

// Counting lines of printable ASCII text: a cell a byte, so a line's overflow is found
// by arithmetic, eight bytes read at a time.

extension UnicodeText {
  /// The lines of text at each of `widths` in word mode, exactly as its shape counts them
  /// (`PreparedText.lineCount`), for text that is printable ASCII and line feeds (or
  /// nothing), also
  /// once its other scalars are replaced by their stand-ins (`writeStandIns`: most
  /// letters of accented Latin, Greek, Cyrillic, ideographs, kana, Hangul, wide and other
  /// punctuation, `StandInBytes`); false, counting nothing, for any other
  /// text — so that a caller that keeps other text apart tells and counts in one pass.
  ///
  /// - Complexity: O(*n*) eight bytes a step, then O(lines) and a short run of the rules a
  ///   line per width, nothing more for a width the text fits.
  package static func asciiWordLineCounts(
    _ bytes: UnsafeBufferPointer<UInt8>, knownPrintable: Bool = false,
    widths: UnsafeBufferPointer<Int>, into counts: UnsafeMutableBufferPointer<Int>,
    scratch: inout Scratch
  ) -> Bool {
    guard hasASCIITables else { return false }
    guard let text = visibleText(bytes, zeroing: counts) else { return true }
    // What is counted (the text, or its stand-ins), and how far from its start it holds
    // no control (below 0x20, or 0x7F) but line feeds.
    var counted = text
    var checked = 0
    if knownPrintable {
      // Its caller knows (a card store's flag): a line feed is looked for (`memchr`), not
      // every byte checked. Text of any other byte must not be passed this way (the
      // classes are looked up in tables of the 128 ASCII bytes).
      checked = memchr(text.baseAddress!, 0x0A, text.count) == nil ? text.count : 0
    } else {
      let end = text.count
      checked = printableASCIIPrefix(text)
      if checked < end && hasNonASCII(text, from: checked) {
        // Scalars that are not ASCII: counted as the ASCII they read as, when each has a
        // stand-in (letters of alphabetic scripts, ideographs and kana, `StandInBytes`).
        scratch.reserve(forBytes: end)
        let standIns = scratch.withBuffers { $0.standIns }
        guard var written = writeStandIns(text, from: checked, into: standIns) else {
          return false
        }
        // Spaces and line feeds before a joiner at the end (left out) end the text now.
        while written > 0 && (standIns[written - 1] == 0x20 || standIns[written - 1] == 0x0A) {
          written -= 1
        }
        guard written > 0 else {
          // Nothing but joiners, spaces and line feeds: no line.
          for slot in counts.indices { counts[slot] = 0 }
          return true
        }
        // (The buffers hold four scalars a byte: the counts below reserve no more, so the
        // stand-ins stay where they are.)
        counted = UnsafeBufferPointer(start: standIns, count: written)
        checked = nextControl(counted, from: Swift.min(checked, written))
      }
    }
    if checked == counted.count {
      countASCIIParagraph(counted, widths: widths, into: counts, scratch: &scratch)
      return true
    }
    return countASCIIParagraphs(
      counted, from: checked, widths: widths, into: counts, scratch: &scratch)
  }

  /// `asciiWordLineCounts` for text with line feeds: a paragraph at a time (false,
  /// counting nothing, for text with a control but the line feed from `checked` on). A
  /// line feed ends a line, and the rules start again after it as at a text's start (LB5,
  /// and no break before it, LB6), so a paragraph's lines are those of the paragraph
  /// alone, whose trailing spaces hang as a text's do; one of nothing but spaces is a line.
  ///
  /// - Complexity: O(*n*), eight bytes a step but at line feeds, and the paragraphs'
  ///   counts.
  @inline(never)
  static func countASCIIParagraphs(
    _ text: UnsafeBufferPointer<UInt8>, from checked: Int, widths: UnsafeBufferPointer<Int>,
    into counts: UnsafeMutableBufferPointer<Int>, scratch: inout Scratch
  ) -> Bool {
    // Refused before anything is counted: a byte neither printable nor a line feed.
    guard hasNoControlButLineFeed(text, from: checked) else { return false }
    let base = text.baseAddress!
    let count = text.count
    for slot in counts.indices { counts[slot] = 0 }
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: widths.count) { paragraph in
      var start = 0
      while start <= count {
        let end = nextControl(text, from: start)
        var visibleEnd = end
        while visibleEnd > start && base[visibleEnd - 1] == 0x20 { visibleEnd -= 1 }
        if visibleEnd == start {
          for slot in counts.indices { counts[slot] += 1 }
        } else {
          countASCIIParagraph(
            UnsafeBufferPointer(start: base + start, count: visibleEnd - start), widths: widths,
            into: UnsafeMutableBufferPointer(start: paragraph.baseAddress, count: widths.count),
            scratch: &scratch, beforeLineFeed: end < count)
          for slot in counts.indices { counts[slot] += paragraph[slot] }
        }
        start = end + 1
      }
      return true
    }
  }

  /// Whether a byte of `text` from `start` on is 0x80 or above.
  ///
  /// - Complexity: O(*n*), eight bytes a step.
  @inline(__always)
  static func hasNonASCII(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
    let base = UnsafeRawPointer(text.baseAddress!)
    var index = start
    while index &+ 8 <= text.count {
      let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      if word & 0x8080_8080_8080_8080 != 0 { return true }
      index &+= 8
    }
    while index < text.count {
      if text[index] >= 0x80 { return true }
      index &+= 1
    }
    return false
  }

  /// `bytes` without its trailing spaces and line feeds (as `shape` leaves them out), or
  /// `nil`, with every count 0, when nothing is left.
  @inline(__always)
  static func visibleText(
    _ bytes: UnsafeBufferPointer<UInt8>, zeroing counts: UnsafeMutableBufferPointer<Int>
  ) -> UnsafeBufferPointer<UInt8>? {
    var end = bytes.count
    if let base = bytes.baseAddress {
      while end > 0 && (base[end - 1] == 0x20 || base[end - 1] == 0x0A) { end -= 1 }
    }
    guard end > 0 else {
      for slot in counts.indices { counts[slot] = 0 }
      return nil
    }
    return UnsafeBufferPointer(rebasing: bytes[0..<end])
  }

  /// The lines of printable ASCII `text` (not empty, no trailing space; stand-ins too,
  /// `StandInBytes`) at each of `widths` in word mode, written to `counts`. Followed by a
  /// line feed (`beforeLineFeed`), a text whose last line is a wide cluster alone (at
  /// width 1) takes one more, as `forEachLine` gives it: the line after that cluster is
  /// open, and the line feed ends it.
  ///
  /// - Complexity: O(lines) and a short run of the rules a line per width, nothing for a
  ///   width the text fits.
  @inline(__always)
  static func countASCIIParagraph(
    _ text: UnsafeBufferPointer<UInt8>, widths: UnsafeBufferPointer<Int>,
    into counts: UnsafeMutableBufferPointer<Int>, scratch: inout Scratch,
    beforeLineFeed: Bool = false
  ) {
    let end = text.count
    // A line fits whole at each width at least as wide as the text: no rule is needed.
    var fitsAll = true
    for (slot, width) in widths.enumerated() {
      if end <= width {
        counts[slot] = 1
      } else {
        fitsAll = false
      }
    }
    if fitsAll { return }
    scratch.reserve(end)
    scratch.withBuffers { buffers in
      let lines = OneCellText(text, buffers: buffers)
      var fit = LineFit()
      // One width (every chunk's first count, a resize): no order to find.
      if widths.count == 1 {
        counts[0] = fit.lineCount(of: lines, width: widths[0], beforeLineFeed: beforeLineFeed)
        return
      }
      // Widest first: the lines found at one width are those of a narrower one when each
      // of them fits it (`LineFit`), as at masonry's two neighbouring widths they most
      // often do. The slots in descending order of (width, slot), without sorting.
      var last: (width: Int, slot: Int)?
      var lastCount = 0
      while true {
        var next: (width: Int, slot: Int)?
        for (slot, width) in widths.enumerated() where end > width {
          let key = (width: width, slot: slot)
          if let last, !(key < last) { continue }
          if next == nil || key > next! { next = key }
        }
        guard let (width, slot) = next else { break }
        if last != nil && fit.isSplitFree && fit.widest <= width {
          counts[slot] = lastCount
        } else {
          counts[slot] = fit.lineCount(of: lines, width: width, beforeLineFeed: beforeLineFeed)
        }
        last = (width, slot)
        lastCount = counts[slot]
      }
    }
  }

  /// How the lines of one-cell text (`OneCellText`) fit: the cells the widest of them
  /// needs (through its last non-space), and whether every one ended at a break (none
  /// split a word, whose split point depends on the width). Lines that all end at breaks
  /// and fit `narrower` are its lines too: from each line's start, the overflow at
  /// `narrower` falls between the line's break and the wider overflow, and no break lies
  /// between those (the break was the last before the wider one), so greedy filling takes
  /// the same break.
  struct LineFit {
    var widest = 0
    var isSplitFree = true

    /// The lines of `text` at `width`, how they fit noted afresh. Followed by a line feed
    /// (`beforeLineFeed`), a text whose last line is a cluster alone takes one more, as
    /// `LineFilling` gives it: the line after that cluster is open, and the feed ends it
    /// (one-cell text has no line feed: only such a cluster leaves no line open at its
    /// end). Kept out of line: the filling and the rules inline into it whole, which they
    /// do not into a caller as large as `countASCIIParagraph` (9 % slower on the real
    /// feed that way).
    @inline(never)
    mutating func lineCount(of text: OneCellText, width: Int, beforeLineFeed: Bool) -> Int {
      var count = 0
      var widest = 0
      var isSplitFree = true
      let lastStart = LineFilling.forEachLine(of: text, width: width) { line, ending in
        count += 1
        widest = Swift.max(widest, line.count)
        switch ending {
        case .textEnd, .hardBreak, .atBreak: break
        case .split, .loneCluster: isSplitFree = false
        }
      }
      self = LineFit(widest: widest, isSplitFree: isSplitFree)
      return beforeLineFeed && lastStart == text.count ? count + 1 : count
    }
  }

  /// Whether no byte of `bytes` from `start` on is a control (below 0x20, or 0x7F) but
  /// the line feed: for ASCII and stand-ins (`StandInBytes`, 0x80 and above), whether
  /// each is printable or a line feed.
  ///
  /// - Complexity: O(*n*), eight bytes a step but at line feeds.
  static func hasNoControlButLineFeed(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Bool
  {
    var stop = nextControl(bytes, from: start)
    while stop < bytes.count {
      guard bytes[stop] == 0x0A else { return false }
      stop = nextControl(bytes, from: stop + 1)
    }
    return true
  }

  /// The offset of the first byte of `bytes` at or after `start` that is a control (below
  /// 0x20, or 0x7F), or `bytes.count`.
  ///
  /// - Complexity: O(*n*), eight bytes a step.
  @inline(__always)
  static func nextControl(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let base = UnsafeRawPointer(bytes.baseAddress!)
    let count = bytes.count
    var index = start
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    while index &+ 8 <= count {
      let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      // A zero byte among the top three bits (a byte below 0x20), or in the word XOR 0x7F.
      let top = word & (ones &* 0xE0)
      let rubout = word ^ (ones &* 0x7F)
      if ((top &- ones) & ~top | (rubout &- ones) & ~rubout) & high != 0 { break }
      index &+= 8
    }
    while index < count {
      let byte = base.load(fromByteOffset: index, as: UInt8.self)
      if byte < 0x20 || byte == 0x7F { return index }
      index &+= 1
    }
    return count
  }

  /// Whether `asciiScalars`, which the ASCII tables here are made from, is there.
  @inline(__always)
  static var hasASCIITables: Bool { TextTables.shared.pointee.hasASCII }

  /// Whether every byte of `bytes` is printable ASCII (0x20 to 0x7E): a scalar, a cluster
  /// and a cell each, none of them a line feed or a control.
  ///
  /// - Complexity: O(*n*), eight bytes a step.
  @inline(__always)
  static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    printableASCIIPrefix(bytes) == bytes.count
  }

  /// How many bytes at the start of `bytes` are known printable ASCII: all of them, or
  /// fewer than the offset of the first that is not (at most seven fewer).
  ///
  /// - Complexity: O(*n*), eight bytes a step.
  @inline(__always)
  static func printableASCIIPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let base = UnsafeRawPointer(bytes.baseAddress!)
    let count = bytes.count
    var index = 0
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    while index + 8 <= count {
      let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      // A byte at 0x80 or above, below 0x20, or at 0x7F (0x7F + 1 carries into bit 7).
      if (word | (word &- ones &* 0x20) | (word &+ ones)) & high != 0 { return index }
      index += 8
    }
    while index < count {
      let byte = base.load(fromByteOffset: index, as: UInt8.self)
      if byte < 0x20 || byte > 0x7E { return index }
      index += 1
    }
    return count
  }

  /// Each byte's line-break class, where a tight loop reads it (written once, then only
  /// read: safe to share), through `TextTables`: ASCII's (`asciiScalars`), and above 0x7F
  /// the stand-ins' (`StandInBytes`).
  @inline(__always)
  static var asciiClassTable: UnsafePointer<LineBreakClass> {
    TextTables.shared.pointee.asciiClasses
  }

  /// Whether a line may start with printable ASCII byte `byte` (wrapping at any cluster).
  @inline(__always)
  static func mayStartLine(_ byte: UInt8) -> Bool {
    asciiCharBreak & (1 << UInt128(byte)) != 0
  }

  /// Bit `b` set: a line may start with ASCII byte `b`.
  static let asciiCharBreak: UInt128 = {
    var bits: UInt128 = 0
    for byte in 0..<128 where ScalarTable.info(UInt32(byte)).mayStartLine {
      bits |= 1 << UInt128(byte)
    }
    return bits
  }()
}
