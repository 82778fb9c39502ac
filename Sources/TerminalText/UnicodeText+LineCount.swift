#if canImport(Glibc)
  import Glibc
#endif

extension UnicodeText {
  /// The lines text `bytes` (UTF-8, untrusted) takes at each of `widths` in word mode,
  /// written to `counts`: exactly `PreparedText.lineCount(of:width:mode:)` of the text's
  /// shape, without finding every break opportunity. Returns false (`counts` unspecified)
  /// when the text needs the sanitiser or ICU (invalid UTF-8, a scalar of class
  /// `unsupported`).
  ///
  /// The lines are filled as `PreparedText.forEachLine` fills them, with one change: where
  /// that loop notes every break opportunity on its way, this one asks only when a line
  /// overflows, for the last break before the overflow, and runs the rules over the few
  /// scalars before it, from the nearest one where a step of the rules always starts
  /// (`LineBreakRules.startsStep`). Printable ASCII (most text) is a cell a byte, so a
  /// line's overflow is found by arithmetic, as `ASCIIText.lineCount` finds it; other text
  /// is read into its clusters first. A text that fits on a line costs no rule at all.
  ///
  /// - Complexity: O(*n*) to read the text (eight bytes at a time for ASCII), then per
  ///   width O(lines) for ASCII, O(clusters) for other text, and a short run of the rules
  ///   per line.
  package static func wordLineCounts(
    _ bytes: UnsafeBufferPointer<UInt8>, widths: UnsafeBufferPointer<Int>,
    into counts: UnsafeMutableBufferPointer<Int>, scratch: inout Scratch
  ) -> Bool {
    if asciiWordLineCounts(bytes, widths: widths, into: counts, scratch: &scratch) {
      return true
    }
    // Never the case (no ASCII scalar joins another): the tables below read it.
    guard hasASCIITables, let base = bytes.baseAddress else { return false }
    let end = trimmedEnd(base, count: bytes.count)
    guard end > 0 else {
      // Nothing but joiners, spaces and line feeds: no line.
      for slot in counts.indices { counts[slot] = 0 }
      return true
    }
    let text = UnsafeBufferPointer(start: base, count: end)
    scratch.reserve(forBytes: end)
    guard let clusters = readScalars(text, scratch: &scratch) else { return false }
    return scratch.withBuffers { buffers in
      for (slot, width) in widths.enumerated() {
        if !clusters.hasLineFeed && clusters.totalWidth <= Swift.max(1, width) {
          counts[slot] = 1
        } else if clusters.oneCellEach {
          // Alphabetic scripts: a cell a cluster, as ASCII is.
          let shape = buffers.shape
          counts[slot] = countOneCellLines(
            UnsafeBufferPointer(start: buffers.classes, count: clusters.scalars),
            width: Swift.max(1, width), buffers: buffers,
            isSpace: { shape[$0] & PreparedText.ClusterInfo.space != 0 },
            mayStartLine: { shape[$0] & PreparedText.ClusterInfo.charBreakBefore != 0 })
        } else {
          counts[slot] = countLines(clusters, width: Swift.max(1, width), buffers: buffers)
        }
      }
      return true
    }
  }

  /// `wordLineCounts` for text that is printable ASCII and line feeds (or nothing), also
  /// once its other scalars are replaced by their stand-ins (`writeStandIns`: most
  /// letters of accented Latin, Greek, Cyrillic, ideographs, kana, Hangul, wide and other
  /// punctuation, `StandInBytes`); false, counting nothing, for any other
  /// text — so that a caller that keeps other text apart tells and counts in one pass.
  ///
  /// - Complexity: O(*n*) eight bytes a step, then O(lines) and a short run of the rules a
  ///   line per width, nothing more for a width the text fits.
  package static func asciiWordLineCounts(
    _ bytes: UnsafeBufferPointer<UInt8>, widths: UnsafeBufferPointer<Int>,
    into counts: UnsafeMutableBufferPointer<Int>, scratch: inout Scratch
  ) -> Bool {
    guard hasASCIITables else { return false }
    guard let text = visibleText(bytes, zeroing: counts) else { return true }
    let end = text.count
    let printable = printableASCIIPrefix(text)
    if printable == end {
      countASCIIParagraph(text, widths: widths, into: counts, scratch: &scratch)
      return true
    }
    guard hasNonASCII(text, from: printable) else {
      return countASCIIParagraphs(
        text, from: printable, widths: widths, into: counts, scratch: &scratch)
    }
    // Scalars that are not ASCII: counted as the ASCII they read as, when each has a
    // stand-in (letters of alphabetic scripts, ideographs and kana, `StandInBytes`).
    scratch.reserve(forBytes: end)
    let standIns = scratch.withBuffers { $0.standIns }
    guard var written = writeStandIns(text, from: printable, into: standIns) else {
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
    let asASCII = UnsafeBufferPointer(start: standIns, count: written)
    let control = nextControl(asASCII, from: Swift.min(printable, written))
    if control == written {
      countASCIIParagraph(asASCII, widths: widths, into: counts, scratch: &scratch)
      return true
    }
    return countASCIIParagraphs(
      asASCII, from: control, widths: widths, into: counts, scratch: &scratch)
  }

  /// Whether a byte of `text` from `start` on is 0x80 or above.
  ///
  /// - Complexity: O(*n*), eight bytes a step.
  @inline(__always)
  private static func hasNonASCII(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
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

  /// `asciiWordLineCounts` for text its caller knows to be printable ASCII and line feeds
  /// throughout (a card store's flag), without checking it again: a line feed is looked for
  /// (`memchr`), not every byte. Text of any other byte must not be passed (the classes are
  /// looked up in tables of the 128 ASCII bytes).
  ///
  /// - Complexity: as `asciiWordLineCounts`.
  package static func printableASCIIWordLineCounts(
    _ bytes: UnsafeBufferPointer<UInt8>, widths: UnsafeBufferPointer<Int>,
    into counts: UnsafeMutableBufferPointer<Int>, scratch: inout Scratch
  ) -> Bool {
    guard hasASCIITables else { return false }
    guard let text = visibleText(bytes, zeroing: counts) else { return true }
    guard memchr(text.baseAddress!, 0x0A, text.count) != nil else {
      countASCIIParagraph(text, widths: widths, into: counts, scratch: &scratch)
      return true
    }
    return countASCIIParagraphs(text, from: 0, widths: widths, into: counts, scratch: &scratch)
  }

  /// `bytes` without its trailing spaces and line feeds (as `shape` leaves them out), or
  /// `nil`, with every count 0, when nothing is left.
  @inline(__always)
  private static func visibleText(
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

  /// `asciiWordLineCounts` for trimmed text with a byte that is not printable ASCII (none
  /// before `from`): text of printable ASCII (and stand-ins, `StandInBytes`) and line
  /// feeds is counted a paragraph at a time (false, counting nothing, for any other). A
  /// line feed ends a line, and the rules start again after it as at a text's start (LB5,
  /// and no break before it, LB6), so the paragraph's lines are those of the paragraph
  /// alone, whose trailing spaces hang as a text's do; one of nothing but spaces is a line.
  ///
  /// - Complexity: O(*n*), eight bytes a step but at line feeds, and the paragraphs'
  ///   counts.
  @inline(never)
  private static func countASCIIParagraphs(
    _ text: UnsafeBufferPointer<UInt8>, from checked: Int, widths: UnsafeBufferPointer<Int>,
    into counts: UnsafeMutableBufferPointer<Int>, scratch: inout Scratch
  ) -> Bool {
    let base = text.baseAddress!
    let count = text.count
    // Refused before anything is counted: a byte neither printable nor a line feed.
    guard hasNoControlButLineFeed(text, from: checked) else { return false }
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

  /// The lines of printable ASCII `text` (not empty, no trailing space; stand-ins too,
  /// `StandInBytes`) at each of `widths` in word mode, written to `counts`. Followed by a
  /// line feed (`beforeLineFeed`), a text whose last line is a wide cluster alone (at
  /// width 1) takes one more, as `forEachLine` gives it: the line after that cluster is
  /// open, and the line feed ends it.
  ///
  /// - Complexity: O(lines) and a short run of the rules a line per width, nothing for a
  ///   width the text fits.
  @inline(__always)
  private static func countASCIIParagraph(
    _ text: UnsafeBufferPointer<UInt8>, widths: UnsafeBufferPointer<Int>,
    into counts: UnsafeMutableBufferPointer<Int>, scratch: inout Scratch,
    beforeLineFeed: Bool = false
  ) {
    let end = text.count
    if widths.count == 1 {
      // One width (every chunk's first count, a resize): no order to find.
      let width = widths[0]
      if end <= width {
        counts[0] = 1
        return
      }
      scratch.reserve(end)
      scratch.withBuffers { buffers in
        var fit = LineFit()
        counts[0] = countASCIILines(text, width: Swift.max(1, width), buffers: buffers, fit: &fit)
        if beforeLineFeed && fit.endsWithLoneCluster { counts[0] += 1 }
      }
      return
    }
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
      // Widest first: the lines found at one width are those of a narrower one when each
      // of them fits it (`LineFit`), as at masonry's two neighbouring widths they most
      // often do. The slots in descending order of (width, slot), without sorting.
      var last: (width: Int, slot: Int)?
      var lastCount = 0
      var fit = LineFit()
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
          fit = LineFit()
          counts[slot] = countASCIILines(
            text, width: Swift.max(1, width), buffers: buffers, fit: &fit)
          if beforeLineFeed && fit.endsWithLoneCluster { counts[slot] += 1 }
        }
        last = (width, slot)
        lastCount = counts[slot]
      }
    }
  }

  /// How the lines `countOneCellLines` found fit: the cells the widest of them needs
  /// (through its last non-space), and whether every one ended at a break (none split a
  /// word, whose split point depends on the width). Lines that all end at breaks and fit
  /// `narrower` are its lines too: from each line's start, the overflow at `narrower`
  /// falls between the line's break and the wider overflow, and no break lies between
  /// those (the break was the last before the wider one), so greedy filling takes the
  /// same break.
  struct LineFit {
    var widest = 0
    var isSplitFree = true
    /// The last line is a cluster wider than the line, alone (`countOneCellLines`).
    var endsWithLoneCluster = false
  }

  /// `wordLineCounts` at one width: the lines `bytes` takes at `width` in word mode, or
  /// `nil` when the text needs the sanitiser or ICU.
  package static func wordLineCount(
    _ bytes: UnsafeBufferPointer<UInt8>, width: Int, scratch: inout Scratch
  ) -> Int? {
    var count = 0
    var width = width
    let taken = withUnsafeMutablePointer(to: &count) { count in
      withUnsafePointer(to: &width) { width in
        wordLineCounts(
          bytes, widths: UnsafeBufferPointer(start: width, count: 1),
          into: UnsafeMutableBufferPointer(start: count, count: 1), scratch: &scratch)
      }
    }
    return taken ? count : nil
  }

  /// The widest line of `bytes` (UTF-8, untrusted), as `PreparedText.naturalWidth` measures
  /// its shape, or `nil` when the text needs the sanitiser or ICU (those `wordLineCounts`
  /// refuses).
  ///
  /// - Complexity: O(*n*).
  package static func naturalWidth(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout Scratch)
    -> Int?
  {
    guard let base = bytes.baseAddress else { return 0 }
    let end = trimmedEnd(base, count: bytes.count)
    guard end > 0 else { return 0 }
    let text = UnsafeBufferPointer(start: base, count: end)
    if isPrintableASCII(text) { return end }
    scratch.reserve(forBytes: end)
    guard let clusters = readScalars(text, scratch: &scratch) else { return nil }
    return scratch.withBuffers {
      PreparedText.naturalWidth(of: UnsafeBufferPointer(start: $0.shape, count: clusters.count))
    }
  }

  /// Whether `bytes` is printable ASCII and line feeds (or nothing), or would be with its
  /// other scalars replaced by their stand-ins (`writeStandIns`): the text
  /// `wordLineCounts` counts in a few steps a line, however often, where other text is
  /// read scalar by scalar at each count (and is better kept folded into its words,
  /// `WordSegments`, when it is counted again and again).
  ///
  /// - Complexity: O(*n*), eight bytes a step but at line feeds and other scalars.
  package static func isCountedFromBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.baseAddress != nil else { return true }
    guard hasNonASCII(bytes, from: 0) else { return hasNoControlButLineFeed(bytes, from: 0) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { standIns in
      guard let written = writeStandIns(bytes, from: 0, into: standIns.baseAddress!) else {
        return false
      }
      return hasNoControlButLineFeed(
        UnsafeBufferPointer(start: standIns.baseAddress, count: written), from: 0)
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

  /// The lines of printable ASCII `text` (and stand-ins, `StandInBytes`) at `width` in
  /// word mode (`countOneCellLines`), its classes looked up as the rules read them.
  private static func countASCIILines(
    _ text: UnsafeBufferPointer<UInt8>, width: Int, buffers: Buffers, fit: inout LineFit
  ) -> Int {
    let base = text.baseAddress!
    let standInsMayStartLine = TextTables.shared.pointee.standInsMayStartLine
    return countOneCellLines(
      ASCIIClasses(bytes: base, count: text.count, table: asciiClassTable), width: width,
      buffers: buffers, fit: &fit, isSpace: { base[$0] == 0x20 },
      mayStartLine: { position in
        let byte = base[position]
        return byte < 0x80
          ? mayStartLine(byte)
          : standInsMayStartLine & (1 << UInt128(byte &- 0x80)) != 0
      },
      isContinuation: { base[$0] == StandInBytes.continuation })
  }

  /// The lines of a text whose clusters are each one scalar and one cell and none a line
  /// feed, of line-break classes `classes`, at `width` in word mode: `forEachLine`'s filling with
  /// every cluster a cell, so that a line from `start` overflows at the first non-space at
  /// or after `start + width` (spaces hang), and ends at the last break before the
  /// overflow (`lastBreak`) or, when there is none, at a split of the word.
  ///
  /// - Complexity: O(lines) plus the spaces at line ends and a short run of the rules a
  ///   line.
  @inline(__always)
  private static func countOneCellLines<Classes: LineBreakClassSequence>(
    _ classes: Classes, width: Int, buffers: Buffers, isSpace: (Int) -> Bool,
    mayStartLine: (Int) -> Bool
  ) -> Int {
    var fit = LineFit()
    return countOneCellLines(
      classes, width: width, buffers: buffers, fit: &fit, isSpace: isSpace,
      mayStartLine: mayStartLine, isContinuation: { _ in false })
  }

  /// `countOneCellLines`, noting in `fit` how its lines fit (`LineFit`). A position where
  /// `isContinuation` holds is the second cell of a two-cell cluster (a wide scalar's
  /// stand-in, `StandInBytes.continuation`): no break comes before it (the rules read it
  /// as a mark) and no line starts with it, and an overflow on it is the cluster's, which
  /// does not fit either; a cluster wider than the line (a wide one at width 1) gets a
  /// line of its own, as `forEachLine` gives it.
  @inline(__always)
  private static func countOneCellLines<Classes: LineBreakClassSequence>(
    _ classes: Classes, width: Int, buffers: Buffers, fit: inout LineFit,
    isSpace: (Int) -> Bool, mayStartLine: (Int) -> Bool, isContinuation: (Int) -> Bool
  ) -> Int {
    let end = classes.count
    var count = 0
    var start = 0
    while start < end {
      var overflow = start + width
      if overflow >= end {
        // The last line: the text ends with no space (trimmed).
        fit.widest = Swift.max(fit.widest, end - start)
        return count + 1
      }
      if isContinuation(overflow) {
        overflow -= 1
        if overflow == start {
          // A wide cluster at width 1: a line of its own.
          count += 1
          fit.widest = Swift.max(fit.widest, 2)
          fit.isSplitFree = false
          start += 2
          fit.endsWithLoneCluster = start >= end
          continue
        }
      }
      while overflow < end && isSpace(overflow) { overflow += 1 }
      if overflow == end {
        fit.widest = Swift.max(fit.widest, width)
        return count + 1
      }
      count += 1
      let found = lastBreak(
        after: start, through: overflow, classes: classes, oneScalarEach: true,
        buffers: buffers, isSpace: isSpace)
      if found > start {
        // The line needs its cells through its last non-space.
        var visibleEnd = found
        while visibleEnd > start && isSpace(visibleEnd - 1) { visibleEnd -= 1 }
        fit.widest = Swift.max(fit.widest, visibleEnd - start)
        start = found
        continue
      }
      // No break: split the word.
      fit.isSplitFree = false
      start = PreparedText.splitPoint(
        after: start, overflow: overflow, mayStartLine: mayStartLine, isSpace: isSpace)
    }
    return count
  }

  /// Whether a line may start with printable ASCII byte `byte` (wrapping at any cluster).
  @inline(__always)
  private static func mayStartLine(_ byte: UInt8) -> Bool {
    asciiCharBreak & (1 << UInt128(byte)) != 0
  }

  /// Bit `b` set: a line may start with ASCII byte `b`.
  private static let asciiCharBreak: UInt128 = {
    var bits: UInt128 = 0
    for byte in 0..<128 where ScalarTable.info(UInt32(byte)).mayStartLine {
      bits |= 1 << UInt128(byte)
    }
    return bits
  }()

  /// Other text read into `Scratch`: its clusters as `shape` makes them but for the word
  /// breaks (`shape`), each one's first scalar (`firsts`), its scalars' classes.
  struct ReadClusters {
    var count: Int
    var scalars: Int
    /// Every scalar is a cluster: cluster `k` is scalar `k` (`firsts` is not written).
    var oneScalarEach: Bool
    /// The cells of the clusters, spaces included (as `shape`'s bytes give them).
    var totalWidth: Int
    var hasLineFeed: Bool
    /// Every cluster is one scalar one cell wide, and none is a line feed.
    var oneCellEach = false
  }

  /// Reads `bytes` (trailing spaces and line feeds left out) into `scratch`, decoded and
  /// looked up as `shape` does, its clusters made as it makes them, in one pass; `nil`
  /// when `shape` would refuse the text. The scalars are those of the sanitised text: the
  /// dropped joiners left out, a tab read as four spaces, a CR as a line feed (and the LF
  /// of a CR LF left out), so `scratch` must hold four scalars a byte
  /// (`Scratch.reserve(forBytes:)`).
  ///
  /// - Complexity: O(*n*).
  static func readScalars(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout Scratch)
    -> ReadClusters?
  {
    typealias Info = PreparedText.ClusterInfo
    let end = bytes.count
    let base = bytes.baseAddress!
    let table = ScalarTable.reader
    return scratch.withBuffers { buffers -> ReadClusters? in
      switch readSimpleScalars(base, end: end, table: table, buffers: buffers) {
      case .read(let clusters): return clusters
      case .refused: return nil
      case .hasMarks: break
      }
      var cached = ScalarTable.Reader.Cached(table)
      var count = 0
      var clusters = 0
      var totalWidth = 0
      var lineFeed = false
      // The cluster being read: its cells and its byte but for the width.
      var width = 0
      var flags: UInt8 = 0
      // Whether marks may join it (not a line feed), and whether it is a lone space.
      var joinable = false
      var loneSpace = false
      // The Hangul part of the scalar before (GB6 to GB8 join by it).
      var lastHangul = ScalarInfo.Hangul.none
      // Writes the byte of the cluster being read, when there is one.
      @inline(__always) func finishCluster() {
        guard clusters > 0 else { return }
        let finished = clusterByte(width: width, flags: flags, loneSpace: loneSpace)
        totalWidth &+= Int(finished & Info.widthMask)
        buffers.shape[clusters &- 1] = finished
      }
      // Takes scalar `value` (of properties `info`) into the clusters; false for a class
      // the rules leave out.
      @inline(__always) func take(_ value: UInt32, _ info: ScalarInfo) -> Bool {
        let lineBreakClass = info.lineBreakClass
        guard lineBreakClass != .unsupported else { return false }
        buffers.classes[count] = lineBreakClass
        let hangul = info.hangul
        defer { lastHangul = hangul }
        if joinable && (info.joinsCluster || (lastHangul != .none && lastHangul.joins(hangul))) {
          // A mark joins the cluster before it (a space with one is no lone space), and
          // a jamo the Hangul scalar before it.
          width &+= info.width
          loneSpace = false
        } else {
          finishCluster()
          buffers.firsts[clusters] = Int32(truncatingIfNeeded: count)
          clusters &+= 1
          width = info.width
          joinable = value != 0x0A
          loneSpace = value == 0x20
          if value == 0x0A {
            flags = Info.hardBreak
            lineFeed = true
          } else {
            flags = info.mayStartLine ? Info.charBreakBefore : 0
          }
        }
        count &+= 1
        return true
      }
      var offset = 0
      while offset < end {
        let value: UInt32
        let length: Int
        let lead = base[offset]
        if lead < 0x80 {
          // Tabs and carriage returns as the sanitiser rewrites them (see
          // `readSimpleScalars`).
          if lead == 0x09 || lead == 0x0D
            || (lead == 0x0A && offset > 0 && base[offset &- 1] == 0x0D)
          {
            offset &+= 1
            if lead == 0x09 {
              let space = table.block(0)[0x20]
              for _ in 0..<Sanitizer.tabWidth { _ = take(0x20, space) }
            } else if lead == 0x0D {
              guard take(0x0A, table.block(0)[0x0A]) else { return nil }
            }
            continue
          }
          (value, length) = (UInt32(lead), 1)
        } else if lead & 0xE0 == 0xC0 && lead >= 0xC2 && offset &+ 1 < end
          && base[offset &+ 1] & 0xC0 == 0x80
        {
          // Two bytes (Latin, Greek, Cyrillic, Hebrew, Arabic): the common case, inline.
          (value, length) = (UInt32(lead & 0x1F) << 6 | UInt32(base[offset &+ 1] & 0x3F), 2)
        } else {
          (value, length) = decode(bytes, at: offset, end: end)
          guard length > 0 else { return nil }
          if isDroppedJoiner(value) {
            offset &+= length
            continue
          }
        }
        guard take(value, cached.info(value)) else { return nil }
        offset &+= length
      }
      finishCluster()
      return ReadClusters(
        count: clusters, scalars: count, oneScalarEach: false, totalWidth: totalWidth,
        hasLineFeed: lineFeed)
    }
  }

  /// A cluster's byte as `shape` makes it but for the word break: its cells (at most
  /// `widestCluster`, marked shortened beyond), its `flags` (line feed or may start a
  /// line), a lone space marked as a space instead.
  @inline(__always)
  private static func clusterByte(width: Int, flags: UInt8, loneSpace: Bool) -> UInt8 {
    typealias Info = PreparedText.ClusterInfo
    var byte = UInt8(Swift.min(PreparedText.widestCluster, width)) | flags
    if width > PreparedText.widestCluster { byte |= Info.shortened }
    if loneSpace { byte = byte & ~Info.charBreakBefore | Info.space }
    return byte
  }

  /// What `readSimpleScalars` made of a text.
  enum SimpleRead {
    case read(ReadClusters)
    case refused
    /// A mark joins a cluster: the general reading is needed.
    case hasMarks
  }

  /// `readScalars` for text where every scalar is a cluster of its own (no mark joins
  /// another scalar: nearly all text): a scalar's cluster byte follows from its table
  /// entry alone, and `firsts` is not written (cluster `k` is scalar `k`). ASCII scalars
  /// (the spaces and punctuation of every script) come from tables of their own, so the
  /// table's block is looked up again only when the script changes.
  ///
  /// - Complexity: O(*n*), a decoding, a lookup and two stores a scalar.
  @inline(__always)
  static func readSimpleScalars(
    _ base: UnsafePointer<UInt8>, end: Int, table: ScalarTable.Reader, buffers: Buffers
  ) -> SimpleRead {
    typealias Info = PreparedText.ClusterInfo
    let asciiClasses = asciiClassTable
    let asciiClusters = asciiClusterTable
    var cached = ScalarTable.Reader.Cached(table)
    var count = 0
    var totalWidth = 0
    var lineFeed = false
    var afterLineFeed = true  // a mark at the start or after a line feed starts a cluster
    var oneCellEach = true
    var offset = 0
    let bytes = UnsafeBufferPointer(start: base, count: end)
    while offset < end {
      var lead = base[offset]
      if lead &- 0x20 < 0x5F {
        // A run of printable ASCII (the spaces and punctuation of every script, and Latin
        // words): a cell each (`asciiScalars` holds them to it), the rest from the tables.
        var index = offset
        repeat {
          let byte = Int(base[index])
          buffers.classes[count] = asciiClasses[byte]
          buffers.shape[count] = asciiClusters[byte]
          count &+= 1
          index &+= 1
        } while index < end && base[index] &- 0x20 < 0x5F
        totalWidth &+= index &- offset
        afterLineFeed = false
        offset = index
        continue
      }
      if lead < 0x80 {
        var lineBreakClass = asciiClasses[Int(lead)]
        if lineBreakClass == .unsupported || lead == 0x0A {
          // Tabs and carriage returns as the sanitiser rewrites them: four spaces, and a
          // line feed for a CR, once for a CR LF (the byte before tells: a joiner between
          // them would be bytes of its own).
          if lead == 0x0A && offset > 0 && base[offset &- 1] == 0x0D {
            offset &+= 1
            continue
          }
          if lead == 0x09 {
            for _ in 0..<Sanitizer.tabWidth {
              buffers.classes[count] = .sp
              buffers.shape[count] = asciiClusters[0x20]
              count &+= 1
            }
            totalWidth &+= Sanitizer.tabWidth
            afterLineFeed = false
            offset &+= 1
            continue
          }
          if lead == 0x0D {
            lead = 0x0A
            lineBreakClass = .lf
          }
          guard lineBreakClass != .unsupported else { return .refused }
        }
        let cluster = asciiClusters[Int(lead)]
        buffers.classes[count] = lineBreakClass
        buffers.shape[count] = cluster
        totalWidth &+= Int(cluster & Info.widthMask)
        if cluster & Info.widthMask != 1 { oneCellEach = false }
        afterLineFeed = lead == 0x0A
        if afterLineFeed { lineFeed = true }
        count &+= 1
        offset &+= 1
        continue
      }
      let value: UInt32
      let length: Int
      if lead & 0xE0 == 0xC0 && lead >= 0xC2 && offset &+ 1 < end
        && base[offset &+ 1] & 0xC0 == 0x80
      {
        (value, length) = (UInt32(lead & 0x1F) << 6 | UInt32(base[offset &+ 1] & 0x3F), 2)
      } else if lead & 0xF0 == 0xE0 && lead != 0xE0 && lead != 0xED && offset &+ 2 < end
        && base[offset &+ 1] & 0xC0 == 0x80 && base[offset &+ 2] & 0xC0 == 0x80
      {
        // Three bytes (CJK, kana, Indic, most symbols), inline: with a lead other than E0
        // (whose second byte could make an overlong form) and ED (surrogates), every pair
        // of continuation bytes is well formed.
        value =
          UInt32(lead & 0x0F) << 12 | UInt32(base[offset &+ 1] & 0x3F) << 6
          | UInt32(base[offset &+ 2] & 0x3F)
        length = 3
        if isDroppedJoiner(value) {
          offset &+= 3
          continue
        }
      } else {
        (value, length) = decode(bytes, at: offset, end: end)
        guard length > 0 else { return .refused }
        // A joiner the sanitiser drops is read as if it were not there.
        if isDroppedJoiner(value) {
          offset &+= length
          continue
        }
      }
      let info = cached.info(value)
      let lineBreakClass = info.lineBreakClass
      guard lineBreakClass != .unsupported else { return .refused }
      // A mark, or a jamo (which joins by what is before it): the general reading.
      if info.mayJoinCluster && (!afterLineFeed || !info.joinsCluster) { return .hasMarks }
      afterLineFeed = false
      buffers.classes[count] = lineBreakClass
      // Its cells, and whether a line may start with it.
      let cells = UInt8(truncatingIfNeeded: info.bits >> 6 & 0b11)
      let cluster = cells | (info.mayStartLine ? Info.charBreakBefore : 0)
      buffers.shape[count] = cluster
      totalWidth &+= Int(cells)
      if cells != 1 { oneCellEach = false }
      count &+= 1
      offset &+= length
    }
    return .read(
      ReadClusters(
        count: count, scalars: count, oneScalarEach: true, totalWidth: totalWidth,
        hasLineFeed: lineFeed, oneCellEach: oneCellEach && !lineFeed))
  }

  /// Each ASCII byte's cluster byte but for the word break (`asciiScalars`), where a tight
  /// loop reads it (written once, then only read: safe to share), through `TextTables`.
  @inline(__always)
  static var asciiClusterTable: UnsafePointer<UInt8> { TextTables.shared.pointee.asciiClusters }

  /// `asciiClusterTable` as `TextTables` keeps it.
  nonisolated(unsafe) static let madeASCIIClusterTable: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)
    table.initialize(repeating: 0, count: 128)
    if let ascii = asciiScalars {
      for byte in 0..<128 { table[byte] = ascii.clusters[byte] }
    }
    return UnsafePointer(table)
  }()

  /// The lines of the text read into `buffers` at `width` in word mode:
  /// `PreparedText.forEachLine`'s filling, the break before an overflow found looking back
  /// (`lastBreak`). That loop's last break is always the last one between the line's start
  /// and the overflowing cluster: after a line ends at a break, none lies between it and
  /// the overflow (it was the last), and after a word is split, none lies in the line.
  ///
  /// - Complexity: O(clusters), and a short run of the rules per line.
  private static func countLines(_ text: ReadClusters, width: Int, buffers: Buffers) -> Int {
    typealias Info = PreparedText.ClusterInfo
    let clusters = buffers.shape
    let clusterCount = text.count
    var lines = 0
    var lineStart = 0
    var lineWidth = 0  // clusters lineStart..<index, spaces included
    var visibleEnd = 0  // just after the line's last non-space cluster
    var index = 0

    @inline(__always) func restart(at start: Int, upTo end: Int) {
      lineStart = start
      lineWidth = 0
      visibleEnd = start
      for position in start..<end {
        lineWidth += Int(clusters[position] & Info.widthMask)
        if clusters[position] & Info.space == 0 { visibleEnd = position + 1 }
      }
    }

    while index < clusterCount {
      let info = clusters[index]
      if info & Info.hardBreak != 0 {
        lines += 1
        index += 1
        restart(at: index, upTo: index)
        continue
      }
      let clusterWidth = Int(info & Info.widthMask)
      if info & Info.space != 0 {
        // Spaces hang at the end of a line: they never make it overflow.
        lineWidth += clusterWidth
        index += 1
        continue
      }
      if lineWidth + clusterWidth > width {
        let lastBreak = Self.lastBreak(
          after: lineStart, through: index,
          classes: UnsafeBufferPointer(start: buffers.classes, count: text.scalars),
          oneScalarEach: text.oneScalarEach,
          buffers: buffers
        ) { clusters[$0] & Info.space != 0 }
        if lastBreak > lineStart {
          lines += 1
          restart(at: lastBreak, upTo: index)
          continue
        }
        if index > lineStart {
          let split = PreparedText.splitPoint(
            after: lineStart, overflow: index,
            mayStartLine: { clusters[$0] & Info.charBreakBefore != 0 },
            isSpace: { clusters[$0] & Info.space != 0 })
          lines += 1
          restart(at: split, upTo: index)
          continue
        }
        // A single cluster wider than the whole line.
        lines += 1
        index += 1
        restart(at: index, upTo: index)
        continue
      }
      lineWidth += clusterWidth
      visibleEnd = index + 1
      index += 1
    }
    if lineStart < clusterCount || (clusterCount > 0 && visibleEnd > lineStart) { lines += 1 }
    return lines
  }

  /// The last cluster in `lineStart + 1 ... last` that is not a space (`isSpace`) and has
  /// a break opportunity before it, or -1. A cluster between two letters (AL) has none
  /// (LB28 joins them whatever came before), so the search passes over them; for the rest
  /// the rules run over windows of scalars, each from the nearest scalar before the
  /// cluster where a step always starts (or the text's start), each giving the breaks
  /// after its start up to the cluster.
  ///
  /// - Complexity: O(scalars from the break found to `last`).
  @inline(__always)
  private static func lastBreak<Classes: LineBreakClassSequence>(
    after lineStart: Int, through last: Int, classes: Classes, oneScalarEach: Bool,
    buffers: Buffers, isSpace: (Int) -> Bool
  ) -> Int {
    let positions = buffers.positions
    @inline(__always) func first(_ cluster: Int) -> Int {
      oneScalarEach ? cluster : Int(buffers.firsts[cluster])
    }
    var high = last
    while true {
      // Spaces and clusters between two letters have no break before them; nor has a
      // cluster whose scalar before starts a step that the pair alone joins (most
      // punctuation after a letter) or that joins it in any context (`pairBreaksAnywhere`:
      // a letter after a dot, punctuation after a number), and one that the pair breaks
      // before so is the answer.
      while high > lineStart {
        if isSpace(high) {
          high -= 1
          continue
        }
        let scalar = first(high)
        let before = classes[scalar - 1]
        let at = classes[scalar]
        if before == .al && at == .al {
          // No break before a letter after a letter (LB28): back over the run of letters,
          // eight at a time where each is one scalar (the run's start, or as far as
          // letters `A`–`Z` and `a`–`z` go), and at least to the scalar before.
          high =
            oneScalarEach
            ? Swift.max(lineStart, Swift.min(high - 1, classes.letterRunStart(through: scalar)))
            : high - 1
          continue
        }
        // (After a space, most often, neither decides: the test below does.)
        guard before != .sp,
          let breaks = LineBreakRules.pairBreaks(before, at)
            ?? LineBreakRules.pairBreaksAnywhere(classes, before: scalar)
        else { break }
        if breaks { return high }
        high -= 1
      }
      guard high > lineStart else { return -1 }
      let target = first(high)
      // Most often a word after a space: its two scalars before decide.
      if let breaks = LineBreakRules.breakAfterSpace(classes, before: target) {
        if breaks { return high }
        high -= 1
        continue
      }
      // The window's start: the nearest place before the cluster where a step starts.
      var start = target - 1
      while start > 0 && !LineBreakRules.startsStep(classes[start]) { start -= 1 }
      var found = 0
      LineBreakRules.forEachBreak(classes, from: start, before: target) { position in
        if position <= target {
          positions[found] = Int32(truncatingIfNeeded: position)
          found += 1
        }
      }
      // The clusters from `high` back to the window's start, against its breaks.
      var next = found - 1
      var cluster = high
      while cluster > lineStart && first(cluster) > start {
        if !isSpace(cluster) {
          let scalar = first(cluster)
          while next >= 0 && Int(positions[next]) > scalar { next -= 1 }
          if next >= 0 && Int(positions[next]) == scalar { return cluster }
        }
        cluster -= 1
      }
      high = cluster
    }
  }

  /// The scratch's buffers, as pointers for one call's loops (valid only inside
  /// `Scratch.withBuffers`).
  struct Buffers {
    var classes: UnsafeMutablePointer<LineBreakClass>
    var shape: UnsafeMutablePointer<UInt8>
    var firsts: UnsafeMutablePointer<Int32>
    var positions: UnsafeMutablePointer<Int32>
    /// Whether a line may break before each scalar (the ASCII shaper's).
    var breaks: UnsafeMutablePointer<Bool>
    /// Text with its scalars that read as ASCII replaced by the ASCII they read as
    /// (`writeStandIns`).
    var standIns: UnsafeMutablePointer<UInt8>
  }
}
