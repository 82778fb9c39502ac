import FuzzSupport
import TerminalText

/// Text: sanitising, line breaking and widths never crash; sanitised text holds no
/// control; the fast paths (plain ASCII, CJK, the table-driven `UnicodeText`, the line
/// counter's every route, folding into words from the bytes) shape and count exactly as
/// the sanitiser and ICU; message
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
      }
    }
    // The one way to count lines, for the text's own kind and as other text (any text
    // may be): ICU's counts at several widths at once, in no order (a narrower width may
    // take the lines of a wider one), whenever it counts from the bytes — exactly when it
    // says it does.
    var scratch = UnicodeText.Scratch()
    let icuShape = PreparedText.icuShape(of: text)
    let widths = [21, 20, 7, 80, 3, 2, 1, 20]
    var counts = [Int](repeating: -1, count: widths.count)
    for mode in WrapMode.allCases {
      let expected = icuShape.withUnsafeBufferPointer { shape in
        widths.map { PreparedText.lineCount(of: shape, width: $0, mode: mode) }
      }
      for kind in [TextKind(of: bytes), .other] {
        let counted = widths.withUnsafeBufferPointer { widths in
          counts.withUnsafeMutableBufferPointer {
            LineCounter.counts(
              of: bytes, kind: kind, widths: widths, mode: mode, into: $0, scratch: &scratch)
          }
        }
        if counted && counts != expected {
          FuzzReplay.fail("\(kind) text counted in \(mode) mode differs from ICU's")
        }
        if counted != LineCounter.isCountedFromBytes(bytes, kind: kind, mode: mode) {
          FuzzReplay.fail("\(kind) text counted from its bytes in \(mode) mode but not said to be")
        }
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
