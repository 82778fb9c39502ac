import TerminalText
import TestSupport
import Testing

@testable import CardMeasuring
@testable import CardModel
@testable import CardReading
@testable import CardSearch

/// The checks every field's bytes pass as a card is parsed, against the standard library.
@Suite struct CardTextTests {
  /// Thousands of seeded byte strings — ASCII runs of every length around a word of
  /// eight, well-formed sequences of every length, and the malformed kinds (stray
  /// continuation bytes, cut sequences, overlong forms, surrogates, values above
  /// U+10FFFF, bytes no sequence starts with) at every place — are well-formed exactly
  /// when decoding them changes nothing.
  @Test func wellFormedExactlyWhenDecodingChangesNothing() {
    var random = SeededGenerator(seed: 0x5554_4638)
    let pieces: [[UInt8]] = [
      [0x61], [0x20], Array("plain ASCII".utf8), Array("eight by".utf8),
      [0xC3, 0xA9], [0xE3, 0x81, 0x82], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0x9F, 0xBF],
      [0xF4, 0x8F, 0xBF, 0xBF], [0xE0, 0xA0, 0x80],
      [0x80], [0xBF], [0xC3], [0xE3, 0x81], [0xF0, 0x9F, 0x98], [0xC0, 0xAF], [0xC1, 0xBF],
      [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
      [0xFF], [0xFE], [0x7F], [0x00],
    ]
    var wellFormed = 0
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
        if Bool.random(using: &random) {
          bytes += [UInt8](repeating: 0x41, count: Int.random(in: 0...17, using: &random))
        }
      }
      let expected = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
      let checked = bytes.withUnsafeBufferPointer { CardText.isValidUTF8($0) }
      #expect(checked == expected, "\(bytes)")
      if checked != expected { return }
      if expected { wellFormed += 1 }
    }
    // Both answers come up often.
    #expect(wellFormed > 2_000 && wellFormed < 18_000, "\(wellFormed) well-formed")
  }
}

extension CardTextTests {
  /// The check reads sixteen bytes a step with the bytes before them (`masonry_utf8_valid`),
  /// so what a sequence is must not depend on where it falls: every pair of bytes whose
  /// first is not ASCII, and every sequence of three and four bytes from leads and
  /// continuation bytes at the edges of their ranges, in ASCII at each place around a
  /// block's end (cut there too), and long seeded mixes of multi-byte text, are
  /// well-formed exactly when decoding them changes nothing.
  @Test func wellFormedWhereverASequenceFalls() {
    func agrees(_ bytes: [UInt8]) -> Bool {
      let expected = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
      let checked = bytes.withUnsafeBufferPointer { CardText.isValidUTF8($0) }
      return checked == expected
    }
    let text = [UInt8](repeating: 0x61, count: 40)
    var failures: [[UInt8]] = []
    func check(_ sequence: [UInt8]) {
      for place in [0, 13, 14, 15, 16, 30] {
        var bytes = text
        bytes.replaceSubrange(place..<place + sequence.count, with: sequence)
        if !agrees(bytes) { failures.append(bytes) }
        // The sequence at the very end, and cut by the end.
        let ending = Array(bytes[0..<place + sequence.count])
        if !agrees(ending) { failures.append(ending) }
        if sequence.count > 1 && !agrees(Array(ending.dropLast())) {
          failures.append(Array(ending.dropLast()))
        }
      }
    }
    for first in UInt8(0x80)...0xFF {
      for second in UInt8(0)...0xFF { check([first, second]) }
    }
    let edges: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF5]
    for lead in UInt8(0xE0)...0xF7 {
      for second in edges {
        for third in edges {
          check([lead, second, third])
          for fourth in edges { check([lead, second, third, fourth]) }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(3))")
    // Long texts: Cyrillic, Japanese, emoji and ASCII runs, with a malformed piece now
    // and then, across many blocks.
    var random = SeededGenerator(seed: 0x4C4F_4E47)
    let pieces: [[UInt8]] = [
      Array("слово ".utf8), Array("日本語の".utf8), Array("😀👍🏽".utf8), Array("plain words ".utf8),
      Array("é".utf8), [0x80], [0xE3, 0x81], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC1],
    ]
    var wellFormed = 0
    for _ in 0..<5_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 1...40, using: &random) {
        let piece = Int.random(in: 0..<pieces.count, using: &random)
        // A malformed piece one draw in nine.
        if piece >= 5 && Int.random(in: 0..<8, using: &random) != 0 { continue }
        bytes += pieces[piece]
      }
      #expect(agrees(bytes), "\(bytes)")
      if !agrees(bytes) { return }
      if Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes { wellFormed += 1 }
    }
    #expect(wellFormed > 1_000 && wellFormed < 4_500, "\(wellFormed) well-formed")
  }
}

extension CardTextTests {
  /// A chunk's flags say what its stored texts are, the stored texts: a field over the
  /// limit is cut with an ellipsis (not ASCII), so a long printable or simple ASCII text is
  /// neither once stored; every other text keeps its kind. Counting in word mode trusts
  /// the printable flag without a check, so a wrong one would read bytes past the ASCII
  /// tables; the counts are those of the prepared stored text.
  @Test func flagsDescribeTheTextsAsStored() {
    let long = String(repeating: "word, ", count: 12_000)
    let simpleLong = String(repeating: "word ", count: 14_000)
    let texts: [String?] = [
      "plain words", "punctuated (0.1-2) https://x.org/", "two\nlines", "a\ttab", "naïve",
      "日本語", "", nil, long, simpleLong, "control\u{4}here", String(repeating: "é", count: 40_000),
    ]
    var cards: [Card] = []
    for caption in texts.compactMap({ $0 }) {
      for comment in texts { cards.append(Card(caption: caption, comment: comment)) }
    }
    let chunk = CardStore(cards).chunks[0]
    func isPrintable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      bytes.allSatisfy { $0 == 0x0A || (0x20...0x7E).contains($0) }
    }
    let counts = [9, 22, 40].map {
      (width: $0, counts: chunk.lineCounts(atWidths: [$0], wrap: .word, shapes: nil).counts[0])
    }
    var cut = 0
    for index in 0..<chunk.count {
      let flags = chunk.records[index].flags
      chunk.withText(index) { caption, comment in
        #expect(flags.contains(.printableCaption) == isPrintable(caption), "card \(index)")
        #expect(flags.contains(.printableComment) == isPrintable(comment), "card \(index)")
        #expect(flags.contains(.simpleCaption) == ASCIIText.isSimple(caption), "card \(index)")
        #expect(flags.contains(.simpleComment) == ASCIIText.isSimple(comment), "card \(index)")
        #expect(
          flags.contains(.asciiText) == (isPrintable(caption) && isPrintable(comment)),
          "card \(index)")
        if caption.count > 60_000 && caption.suffix(3).elementsEqual([0xE2, 0x80, 0xA6]) {
          cut += 1
        }
        for (width, counts) in counts {
          let expected =
            PreparedText(String(decoding: caption, as: UTF8.self)).lineCount(
              width: width, mode: .word) << 16
            | PreparedText(String(decoding: comment, as: UTF8.self)).lineCount(
              width: width, mode: .word)
          #expect(Int(counts[index]) == expected, "card \(index) at \(width)")
        }
      }
    }
    #expect(cut == 3 * texts.count)
  }
}
