import FuzzSupport
import TerminalText

/// Text: sanitising, line breaking and widths never crash; sanitised text holds no
/// control; the fast paths (plain ASCII, CJK, the table-driven `UnicodeText`, counting
/// in word mode straight from the bytes at one width or several, checked or not, folding
/// into words from the bytes) shape and count exactly as the sanitiser and ICU; message
/// text holds no control; search folding never crashes.
enum Target {
  static func test(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    let safe = Sanitizer.sanitize(text)
    for scalar in safe.unicodeScalars
    where (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value) {
      FuzzReplay.fail("sanitised text holds U+\(String(scalar.value, radix: 16))")
    }
    let prepared = PreparedText(text)
    // The text drawn is the sanitised text, whichever path shaped it (the reference path
    // alone with the other rules).
    if prepared.string != PreparedText(text, strictJapanese: false).string {
      FuzzReplay.fail("prepared text differs from the sanitised text")
    }
    for width in [1, 2, 3, 7, 20, 80] {
      for mode in WrapMode.allCases {
        let count = prepared.lineCount(width: width, mode: mode)
        let lines = prepared.lines(width: width, mode: mode)
        if lines.count != count { FuzzReplay.fail("lines \(lines.count) != count \(count)") }
        for line in lines where DisplayWidth.of(line) > width {
          FuzzReplay.fail("a line wider than \(width): \(line.debugDescription)")
        }
        if ASCIIText.isSimple(bytes),
          ASCIIText.lineCount(bytes, width: width, mode: mode) != count
        {
          FuzzReplay.fail("ASCII count differs at \(width) \(mode)")
        }
        if CJKText.isSimple(bytes), CJKText.lineCount(bytes, width: width, mode: mode) != count {
          FuzzReplay.fail("CJK count differs at \(width) \(mode)")
        }
      }
    }
    // Counting in word mode straight from the bytes: ICU's shape's count, whenever taken.
    var scratch = UnicodeText.Scratch()
    let icuShape = PreparedText.icuShape(of: text)
    for width in [1, 2, 3, 7, 20, 80] {
      if let count = UnicodeText.wordLineCount(bytes, width: width, scratch: &scratch),
        count
          != icuShape.withUnsafeBufferPointer({
            PreparedText.lineCount(of: $0, width: width, mode: .word)
          })
      {
        FuzzReplay.fail("count from the bytes differs from ICU's at \(width)")
      }
    }
    // At several widths at once, in no order (a narrower width may take the lines of a
    // wider one): each is the count at that width.
    let widths = [21, 20, 7, 80, 3, 2, 1, 20]
    var counts = [Int](repeating: -1, count: widths.count)
    let countedTogether = widths.withUnsafeBufferPointer { widths in
      counts.withUnsafeMutableBufferPointer {
        UnicodeText.wordLineCounts(bytes, widths: widths, into: $0, scratch: &scratch)
      }
    }
    let expected = icuShape.withUnsafeBufferPointer { shape in
      widths.map { PreparedText.lineCount(of: shape, width: $0, mode: .word) }
    }
    if countedTogether && counts != expected {
      FuzzReplay.fail("counts at several widths differ from ICU's")
    }
    // Counted as ASCII (its other scalars by their stand-ins): ICU's counts, and taken
    // exactly when the store's check says a text is counted from its bytes.
    let countedAsASCII = widths.withUnsafeBufferPointer { widths in
      counts.withUnsafeMutableBufferPointer {
        UnicodeText.asciiWordLineCounts(bytes, widths: widths, into: $0, scratch: &scratch)
      }
    }
    if countedAsASCII && counts != expected {
      FuzzReplay.fail("counts as ASCII differ from ICU's")
    }
    if countedAsASCII != UnicodeText.isCountedFromBytes(bytes) {
      FuzzReplay.fail("counted as ASCII but not said to be, or the other way")
    }
    // Text a store flags printable ASCII, counted without a check of its bytes.
    if bytes.allSatisfy({ $0 == 0x0A || (0x20...0x7E).contains($0) }) {
      let trusted = widths.withUnsafeBufferPointer { widths in
        counts.withUnsafeMutableBufferPointer {
          UnicodeText.printableASCIIWordLineCounts(
            bytes, widths: widths, into: $0, scratch: &scratch)
        }
      }
      if !trusted || counts != expected {
        FuzzReplay.fail("printable ASCII counted unchecked differs from ICU's")
      }
    }
    // Folded into its words straight from the bytes: the words of ICU's shape.
    var units: [UInt16] = []
    var longWords = LongWords(longerThan: 5)
    if let folded = UnicodeText.appendWordSegments(
      bytes, to: &units, longWords: &longWords, scratch: &scratch)
    {
      var expected: [UInt16] = []
      var expectedLong = LongWords(longerThan: 5)
      let fits = icuShape.withUnsafeBufferPointer {
        WordSegments.append($0, to: &expected, longWords: &expectedLong)
      }
      if Array(scratch.lastClusters(count: folded.clusters)) != icuShape {
        FuzzReplay.fail("clusters folded from the bytes differ from ICU's shape")
      }
      if folded.fits != fits
        || (fits && (units != expected || longWords.count != expectedLong.count))
      {
        FuzzReplay.fail("words folded from the bytes differ from those of ICU's shape")
      }
    }
    if let width = UnicodeText.naturalWidth(bytes, scratch: &scratch),
      width != icuShape.withUnsafeBufferPointer({ PreparedText.naturalWidth(of: $0) })
    {
      FuzzReplay.fail("natural width from the bytes differs from ICU's")
    }
    var shape: [UInt8] = []
    if ASCIIText.isSimple(bytes) {
      ASCIIText.shape(bytes, into: &shape)
      if shape != PreparedText.icuShape(of: text) { FuzzReplay.fail("ASCII shape differs") }
    }
    if UnicodeText.shape(bytes, into: &shape, scratch: &scratch),
      shape != PreparedText.icuShape(of: text)
    {
      FuzzReplay.fail("table-driven shape differs from ICU's")
    }
    let message = MessageText.visible(text, limit: 40)
    for scalar in message.unicodeScalars
    where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
      FuzzReplay.fail("a control in a message")
    }
    _ = SearchFolding.folded(utf8: bytes)
  }
}
