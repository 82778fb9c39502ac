import Foundation
import TestSupport
import Testing

@testable import TerminalText

/// Text whose scalars other than ASCII all have ASCII stand-ins (`UnicodeText.standInTable`:
/// most letters of accented Latin, Greek and Cyrillic, quotation marks) is counted as that
/// ASCII: each stand-in reads, in the readers and in ICU, exactly as its scalar does
/// beside every kind of neighbour, and random text of them counts as its shape does.
@Suite struct StandInTests {
  /// The scalars with a stand-in, and their stand-ins.
  static let stoodIn: [(scalar: Unicode.Scalar, byte: UInt8)] =
    (0..<UnicodeText.standInCount).compactMap { offset in
      let byte = UnicodeText.standInTable[offset]
      guard byte != 0, let scalar = Unicode.Scalar(UInt32(offset + 0x80)) else { return nil }
      return (scalar, byte)
    }

  static func standIn(_ scalar: Unicode.Scalar) -> UInt8? {
    guard (0x80..<0x80 + UInt32(UnicodeText.standInCount)).contains(scalar.value) else {
      return nil
    }
    let byte = UnicodeText.standInTable[Int(scalar.value) - 0x80]
    return byte == 0 ? nil : byte
  }

  /// Whether every byte of `text` is printable ASCII or a line feed, or of a scalar with
  /// a stand-in.
  static func readsAsASCII(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      scalar == "\n" || (0x20...0x7E).contains(scalar.value) || standIn(scalar) != nil
    }
  }

  /// Each stand-in's shape is its scalar's, in the readers and in ICU, after or before a
  /// letter, a digit, a space, opening and closing punctuation, a quotation mark, a hyphen,
  /// a slash, a wide ideograph, a comma or a percent sign, before a combining mark, and
  /// between spaces.
  @Test func everyStandInReadsAsItsScalar() {
    #expect(Self.stoodIn.count > 1_000)
    for letter: Unicode.Scalar in ["é", "ж", "Ω", "ệ", "ß", "Ѐ"] {
      #expect(Self.standIn(letter) == UInt8(ascii: "a"), "\(letter)")
    }
    // Neither a mark, a wide scalar, a no-break space nor a joiner the readers drop.
    for other: Unicode.Scalar in ["\u{301}", "\u{A0}", "\u{200D}", "日", "\u{2014}"] {
      #expect(Self.standIn(other) == nil, "\(other.value)")
    }
    let neighbours = ["a", "1", " ", "(", ")", "\"", "-", "/", "日", ",", "%"]
    // Each neighbour on either side, a mark after, a pair around, and none.
    let contexts =
      neighbours.map { ($0, "") } + neighbours.map { ("", $0) }
      + [("", "\u{301}"), ("(", ")"), ("\"", "\""), ("", "")]
    for (scalar, byte) in Self.stoodIn {
      let standIn = String(Unicode.Scalar(byte))
      for (before, after) in contexts {
        let text = "xy " + before + String(scalar) + after + " z"
        let ascii = "xy " + before + standIn + after + " z"
        let fast = UnicodeTextTests.fastShape(text)
        #expect(fast != nil && fast == UnicodeTextTests.fastShape(ascii), "\(scalar.value)")
        #expect(PreparedText.icuShape(of: text) == PreparedText.icuShape(of: ascii))
        if fast == nil || fast != UnicodeTextTests.fastShape(ascii) { return }
      }
    }
  }

  /// Random text of ASCII (letters, digits, punctuation, spaces, line feeds) and scalars
  /// with stand-ins, a quarter of it with one scalar without: counted from the bytes as its
  /// shape counts, taken from the bytes (`isCountedFromBytes`, `asciiWordLineCounts`)
  /// exactly when every scalar reads as ASCII.
  @Test(arguments: 0..<4)
  func randomTextOfStandInsCountsAsItsShape(batch: Int) {
    var random = SeededGenerator(seed: UInt64(1_600 + batch))
    let punctuation = (0x21...0x7E).map { Unicode.Scalar(UInt8($0)) }.filter {
      !Character($0).isLetter
    }
    var taken = 0
    var asASCII = 0
    var scratch = UnicodeText.Scratch()
    for _ in 0..<3_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...80, using: &random) {
        switch Int.random(in: 0..<40, using: &random) {
        case 0..<6: scalars.append(" ")
        case 6: scalars.append("\n")
        case 7..<12: scalars.append(punctuation.randomElement(using: &random)!)
        case 12..<18: scalars.append(Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &random)))
        default: scalars.append(Self.stoodIn.randomElement(using: &random)!.scalar)
        }
      }
      if Int.random(in: 0..<4, using: &random) == 0 {
        let members = UnicodeTextTests.pool.randomElement(using: &random)!
        let index = scalars.index(
          scalars.startIndex, offsetBy: Int.random(in: 0...scalars.count, using: &random))
        scalars.insert(members.randomElement(using: &random)!, at: index)
      }
      let text = String(scalars)
      guard UnicodeTextLineCountTests.check(text, taken: &taken) else { return }
      let bytes = Array(text.utf8)
      let readsAsASCII = Self.readsAsASCII(text)
      let widths = UnicodeTextLineCountTests.widths
      var counts = [Int](repeating: -1, count: widths.count)
      let counted = bytes.withUnsafeBufferPointer { bytes in
        widths.withUnsafeBufferPointer { widths in
          counts.withUnsafeMutableBufferPointer {
            UnicodeText.asciiWordLineCounts(bytes, widths: widths, into: $0, scratch: &scratch)
          }
        }
      }
      #expect(counted == readsAsASCII, "\(text.debugDescription)")
      #expect(bytes.withUnsafeBufferPointer(UnicodeText.isCountedFromBytes) == readsAsASCII)
      if counted {
        asASCII += 1
        #expect(counts == UnicodeTextLineCountTests.shapeCounts(text), "\(text.debugDescription)")
      }
    }
    #expect(taken > 2_500)
    #expect(asASCII > 2_000 && asASCII < 2_600)
  }

  /// Bytes that are not UTF-8 where a stand-in would be read (a lead without its
  /// continuation, overlong forms, a lone continuation, a cut scalar) are never stood in.
  @Test func brokenUTF8IsNotStoodIn() {
    let broken: [[UInt8]] = [
      [0xD0], [0xD0, 0x41], [0xC0, 0xB6], [0xC1, 0xBF], [0xE0, 0x80, 0xB6], [0xB6],
      [0xE1, 0xBB], [0xE1, 0xBB, 0x41], [0xF0, 0x9F, 0x98, 0x80],
    ]
    for bytes in broken {
      for text in [bytes, Array("word ".utf8) + bytes, bytes + Array(" word".utf8)] {
        let written = text.withUnsafeBufferPointer { text in
          withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) {
            UnicodeText.writeStandIns(text, from: 0, into: $0.baseAddress!)
          }
        }
        #expect(written == nil, "\(text)")
      }
    }
  }
}
