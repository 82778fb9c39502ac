import CTextSupport
import TestSupport
import Testing

@testable import TerminalText

/// The ASCII fast path shapes text exactly as ICU does, on thousands of seeded strings.
@Suite struct ASCIITextTests {
  @Test(arguments: 0..<4)
  func shapesAsICUDoes(batch: Int) {
    var random = SeededGenerator(seed: UInt64(300 + batch))
    let pieces = [
      "a", "Fox", "lynx", "12", "3", " ", "  ", "\n", " \n", ".", ",", ";", ":", "'", "x.y", "1.5",
      "e.g.", "don't", "A", "Z9", " .", ". ", " ,", " :", "' ", " '", "\n.", "\n ",
    ]
    for _ in 0..<2_500 {
      var text = ""
      for _ in 0..<Int.random(in: 0...24, using: &random) {
        text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      let bytes = Array(text.utf8)
      let simple = bytes.withUnsafeBufferPointer { ASCIIText.isSimple($0) }
      #expect(simple, "\(text)")
      var shape: [UInt8] = []
      bytes.withUnsafeBufferPointer { ASCIIText.shape($0, into: &shape) }
      let expected = PreparedText.icuShape(of: text)
      #expect(shape == expected, "\(text.debugDescription)")
      if shape != expected { return }
    }
  }

  @Test func theSimpleBytesAreExactlyTheDocumentedOnes() {
    let expected = Set(
      Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 \n.,;:'".utf8))
    for byte in UInt8(0)...UInt8(255) {
      let simple = [byte].withUnsafeBufferPointer { ASCIIText.isSimple($0) }
      #expect(simple == expected.contains(byte), "byte \(byte)")
    }
  }

  /// Eight bytes are checked at once: every byte value at every place of a word (and of
  /// the tail after it), among simple bytes of each kind, answers as the byte alone does.
  @Test func everyByteAtEveryPlaceOfAWordIsCheckedAsAlone() {
    let fillers = Array("aZ09 \n.,;:'".utf8)
    for byte in UInt8(0)...UInt8(255) {
      let alone = [byte].withUnsafeBufferPointer { ASCIIText.isSimple($0) }
      for length in [8, 11, 16] {
        for place in 0..<length {
          for filler in fillers {
            var bytes = [UInt8](repeating: filler, count: length)
            bytes[place] = byte
            let simple = bytes.withUnsafeBufferPointer { ASCIIText.isSimple($0) }
            #expect(simple == alone, "byte \(byte) at \(place) of \(length) among \(filler)")
            if simple != alone { return }
          }
        }
      }
    }
  }

  /// `kind` in its one pass answers as its definition does, byte by byte: every byte value
  /// at every place of a word and of the tail, among simple and among printable bytes.
  @Test func kindIsSimpleElsePrintableElseOther() {
    func expected(_ bytes: [UInt8]) -> ASCIIText.Kind {
      if bytes.withUnsafeBufferPointer({ ASCIIText.isSimple($0) }) { return .simple }
      let printable = bytes.allSatisfy { $0 == 0x0A || (0x20..<0x7F).contains($0) }
      return printable ? .printable : .other
    }
    #expect([UInt8]().withUnsafeBufferPointer { ASCIIText.kind($0) } == .simple)
    for byte in UInt8(0)...UInt8(255) {
      // Under a block of sixteen (padded), one, one and an overlapping last one, two,
      // several with an overlapping last one.
      for length in [1, 8, 11, 16, 17, 19, 32, 33, 41] {
        for place in 0..<length {
          for filler in Array("a\n-~".utf8) {
            var bytes = [UInt8](repeating: filler, count: length)
            bytes[place] = byte
            let kind = bytes.withUnsafeBufferPointer { ASCIIText.kind($0) }
            #expect(
              kind == expected(bytes), "byte \(byte) at \(place) of \(length) among \(filler)")
            if kind != expected(bytes) { return }
            // Where other text stops being printable (what a card store checks UTF-8
            // from): at the start of the byte's block of sixteen, never after the byte.
            var otherFrom = -1
            let code = masonry_ascii_kind(bytes, bytes.count, &otherFrom)
            let stop = kind == .other ? place : 0
            #expect(
              code == (kind == .simple ? 0 : kind == .printable ? 1 : 2) && otherFrom <= stop
                && otherFrom >= 0 && (kind != .other || otherFrom > place - 16),
              "byte \(byte) at \(place) of \(length): from \(otherFrom)")
            if otherFrom > stop { return }
          }
        }
      }
    }
  }

  @Test func otherBytesAreNotSimple() {
    for text in ["a!b", "a-b", "(x)", "tab\tx", "é", "a/b", "\"q\"", "\u{1B}[0m", "a?"] {
      let simple = Array(text.utf8).withUnsafeBufferPointer { ASCIIText.isSimple($0) }
      #expect(!simple, "\(text)")
    }
  }
}

extension ASCIITextTests {
  /// Lines counted on the fly equal lines of the prepared text, at every width and mode.
  @Test func countsLinesAsThePreparedTextDoes() {
    var random = SeededGenerator(seed: 77)
    let words = [
      "a", "fox", "lynx", "12", " ", "  ", "\n", ".", ",", "x.y", "glacier", "e.g.", "don't",
    ]
    for _ in 0..<1_500 {
      var text = ""
      for _ in 0..<Int.random(in: 0...40, using: &random) {
        text += words[Int.random(in: 0..<words.count, using: &random)]
      }
      let prepared = PreparedText(text)
      let bytes = Array(text.utf8)
      for width in [1, 2, 3, 4, 5, 6, 8, 13, 24, 80] {
        for mode in WrapMode.allCases {
          var scratch = UnicodeText.Scratch()
          let counted = bytes.withUnsafeBufferPointer {
            LineCounter.count(
              of: $0, kind: .simpleASCII, width: width, mode: mode, scratch: &scratch)
          }
          #expect(
            counted == prepared.lineCount(width: width, mode: mode), "\(text.debugDescription)")
        }
      }
      let natural = bytes.withUnsafeBufferPointer {
        PreparedText.naturalWidth(of: ASCIIText.Clusters($0))
      }
      #expect(natural == prepared.naturalWidth)
    }
  }
}

/// The CJK fast path shapes text exactly as ICU does (strict Japanese rules).
@Suite struct CJKTextTests {
  @Test(arguments: 0..<3)
  func shapesAsICUDoes(batch: Int) {
    var random = SeededGenerator(seed: UInt64(900 + batch))
    let pieces =
      Array(
        "森の川辺夜小さな大きな静かなすばやい白い赤い青いキツネカワウソツルヤモリクジラガサギオオヤマネコイモリパンダ"
      ).map(String.init) + [
        "ぁ", "っ", "ゃ", "ァ", "ッ", "ュ", "ヵ", "ー", "々", "、", "。", "「", "」", "「」", "ゖ", "ヶ",
        "猫", "犬", "日本語", "ゐ", "ヴ",
      ]
    // Half the texts are heavy in clusters that cannot start a line, and in 「.
    let awkward = ["ぁ", "っ", "ー", "々", "、", "。", "」", "「", "ッ", "ャ", "猫"]
    for round in 0..<2_000 {
      var text = ""
      let source = round % 2 == 0 ? pieces : awkward
      for _ in 0..<Int.random(in: 1...20, using: &random) {
        text += source[Int.random(in: 0..<source.count, using: &random)]
      }
      let bytes = Array(text.utf8)
      let simple = bytes.withUnsafeBufferPointer { CJKText.isSimple($0) }
      #expect(simple, "\(text)")
      let shape = bytes.withUnsafeBufferPointer { buffer in
        let clusters = CJKText.Clusters(buffer)
        return (0..<clusters.count).map { clusters[$0] }
      }
      let expected = PreparedText.icuShape(of: text)
      #expect(shape == expected, "\(text)")
      if shape != expected { return }
      for width in [1, 2, 3, 4, 5, 7, 20] {
        for mode in WrapMode.allCases {
          var scratch = UnicodeText.Scratch()
          let counted = bytes.withUnsafeBufferPointer {
            LineCounter.count(of: $0, kind: .cjk, width: width, mode: mode, scratch: &scratch)
          }
          #expect(
            counted == PreparedText(text).lineCount(width: width, mode: mode),
            "\(text) at \(width), \(mode)")
        }
      }
    }
  }

  @Test func otherTextIsNotSimple() {
    for text in ["", "a", "キツネa", "・", "ゝ", "ﾊ", "가", "キツネ ", "(", "😀", "〜"] {
      let simple = Array(text.utf8).withUnsafeBufferPointer { CJKText.isSimple($0) }
      #expect(!simple, "\(text)")
    }
  }
}
