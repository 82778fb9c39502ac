import Foundation
import TestSupport
import Testing

@testable import TerminalText

/// Text whose scalars other than ASCII all have stand-ins (`UnicodeText.StandInBytes`: an
/// ASCII twin for most letters of accented Latin, Greek and Cyrillic and for quotation
/// marks, a proxy byte for ideographs, kana, Hangul, wide punctuation, no-break spaces and
/// dashes) is counted as ASCII is: each twin reads, in the readers and in ICU, exactly as
/// its scalar does beside every kind of neighbour, each proxy's text counts as the text of
/// its scalars does, and random text of them counts as its shape does.
@Suite struct StandInTests {
  /// The scalars below U+10000 with a stand-in, and those of four UTF-8 bytes of every
  /// 151st (historic scripts, mathematical letters, emoji, rarer ideographs), with their
  /// stand-ins.
  static let stoodIn: [(scalar: Unicode.Scalar, byte: UInt8)] =
    (Array(0x80..<0x1_0000) + Array(stride(from: UInt32(0x1_0000), to: 0x3_2000, by: 151)))
    .compactMap { value in
      let byte = UnicodeText.standIn(of: value)
      guard byte != 0, let scalar = Unicode.Scalar(value) else { return nil }
      return (scalar, byte)
    }

  /// Those with an ASCII twin.
  static let twins = stoodIn.filter { $0.byte < 0x80 }

  /// Scalars of the pool `UnicodeTextTests` draws from that are not ASCII and have no
  /// stand-in (marks, emoji, scalars the readers refuse).
  static let withoutStandIn = TextSamples.pool.joined().filter {
    $0.value >= 0x80 && standIn($0) == nil
  }

  /// Those with a proxy byte.
  static let everyProxied = stoodIn.filter { $0.byte >= 0x80 }

  /// Those with a proxy byte, a few of each proxy (the first, the last and some between).
  static let proxied: [(scalar: Unicode.Scalar, byte: UInt8)] = {
    var random = SeededGenerator(seed: 1_700)
    return Dictionary(grouping: stoodIn.filter { $0.byte >= 0x80 }, by: \.byte)
      .sorted { $0.key < $1.key }
      .flatMap { _, scalars in
        [scalars.first!, scalars.last!]
          + (0..<4).map { _ in scalars.randomElement(using: &random)! }
      }
  }()

  /// The proxies are generated from the scalar table: every kind of one- or two-cell
  /// scalar it yields (a class the readers read a scalar at a time, a scalar that joins
  /// nothing) has an ASCII twin or a proxy, or is named in `refused` (the ranges full);
  /// and the generated lists are these kinds, most scalars first.
  @Test func proxiesAreTheScalarTablesKinds() {
    typealias Kind = (lineBreakClass: LineBreakClass, width: Int, mayStart: Bool)
    let excluded: Set<LineBreakClass> = [.cm, .sp, .lf, .zw, .jl, .jv, .jt, .unsupported]
    var counts: [Int: Int] = [:]  // class << 3 | width << 1 | may start → scalars
    var example: [Int: UInt32] = [:]
    func key(_ kind: Kind) -> Int {
      Int(kind.lineBreakClass.rawValue) << 3 | kind.width << 1 | (kind.mayStart ? 1 : 0)
    }
    func kind(_ key: Int) -> Kind {
      (LineBreakClass(rawValue: UInt8(key >> 3))!, key >> 1 & 3, key & 1 == 1)
    }
    for value in UInt32(0x80)...0x10_FFFF where value & 0x1F_F800 != 0xD800 {
      let info = ScalarTable.info(value)
      guard !excluded.contains(info.lineBreakClass), !info.joinsCluster, !info.mayJoinCluster,
        !info.isReplaced, info.width == 1 || info.width == 2
      else { continue }
      let found = key((info.lineBreakClass, info.width, info.mayStartLine))
      counts[found, default: 0] += 1
      example[found] = example[found] ?? value
    }
    // A kind with an ASCII twin: a printable byte of its class and line start.
    let twinned = Set(
      (0x21...0x7E).map { byte in
        let info = ScalarTable.info(UInt32(byte))
        return key((info.lineBreakClass, 1, info.mayStartLine))
      })
    let ordered = counts.keys.filter { !twinned.contains($0) }.sorted {
      (counts[$0]!, $1) > (counts[$1]!, $0)
    }
    let wide = ordered.filter { $0 >> 1 & 3 == 2 }
    let narrow = ordered.filter { $0 >> 1 & 3 == 1 }
    func list(_ name: String, _ keys: ArraySlice<Int>, _ what: String) -> [String] {
      ["  /// \(what)", "  static let \(name): [(LineBreakClass, Bool)] = ["]
        + keys.map { "    (.\(kind($0).lineBreakClass), \(kind($0).mayStart))," } + ["  ]"]
    }
    let wideRoom = 0xC0 - Int(UnicodeText.StandInBytes.firstWide)
    let narrowRoom =
      Int(UnicodeText.StandInBytes.firstWide - UnicodeText.StandInBytes.continuation) - 1
    var lines = list(
      "wideProxies", wide.prefix(wideRoom), "Proxies of two-cell scalars, 0xA0 on.")
    lines += list(
      "narrowProxies", narrow.prefix(narrowRoom),
      "Proxies of one-cell scalars without an ASCII twin, 0x81 on.")
    lines += [
      "  /// The kinds the scalar table yields that find no proxy byte (the ranges are full):",
      "  /// their text is folded into its words, as text of marks is.",
      "  static let refused: [(LineBreakClass, Int, Bool)] = [",
    ]
    lines += (wide.dropFirst(wideRoom) + narrow.dropFirst(narrowRoom)).map {
      "    (.\(kind($0).lineBreakClass), \(kind($0).width), \(kind($0).mayStart)),"
    }
    lines += ["  ]"]
    let mismatch = Snapshot.mismatch(
      lines.map { $0 + "\n" }.joined(), between: "// proxies: begin", and: "// proxies: end",
      inRepositoryFile: "Sources/TerminalText/UnicodeText+StandInProxies.swift")
    #expect(mismatch == nil, "\(mismatch ?? "")")
    // Every kind is stood in for, or refused.
    let refused = Set(UnicodeText.StandInBytes.refused.map { key(($0.0, $0.1, $0.2)) })
    for (found, value) in example where !refused.contains(found) {
      #expect(
        UnicodeText.standIn(of: value) != 0,
        "U+\(String(value, radix: 16)), \(kind(found)), has no stand-in nor is refused")
    }
    #expect(counts.count > 20)
  }

  static func standIn(_ scalar: Unicode.Scalar) -> UInt8? {
    let byte = UnicodeText.standIn(of: scalar.value)
    return byte == 0 ? nil : byte
  }

  /// `UnicodeText.asciiWordLineCounts` of `bytes` at `widths`: whether it counted them, and
  /// the counts.
  static func asciiCounts(_ bytes: [UInt8], widths: [Int], scratch: inout UnicodeText.Scratch)
    -> (Bool, [Int])
  {
    var counts = [Int](repeating: -1, count: widths.count)
    let counted = bytes.withUnsafeBufferPointer { bytes in
      widths.withUnsafeBufferPointer { widths in
        counts.withUnsafeMutableBufferPointer {
          UnicodeText.asciiWordLineCounts(bytes, widths: widths, into: $0, scratch: &scratch)
        }
      }
    }
    return (counted, counts)
  }

  /// Whether every byte of `text` is printable ASCII or a line feed, or of a scalar with
  /// a stand-in, or a joiner or skin tone the readers drop.
  static func readsAsASCII(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      scalar == "\n" || (0x20...0x7E).contains(scalar.value) || standIn(scalar) != nil
        || scalar == "\u{200D}" || scalar == "\u{FE0F}"
        || (0x1F3FB...0x1F3FF).contains(scalar.value)
    }
  }

  /// Each stand-in's shape is its scalar's, in the readers and in ICU, after or before a
  /// letter, a digit, a space, opening and closing punctuation, a quotation mark, a hyphen,
  /// a slash, a wide ideograph, a comma or a percent sign, before a combining mark, and
  /// between spaces.
  @Test(.slow) func everyStandInReadsAsItsScalar() {
    #expect(Self.twins.count > 1_000)
    for letter: Unicode.Scalar in ["é", "ж", "Ω", "ệ", "ß", "Ѐ"] {
      #expect(Self.standIn(letter) == UInt8(ascii: "a"), "\(letter)")
    }
    // Neither a mark (an emoji's skin tone too), a joiner the readers drop, nor a regional
    // indicator (its pairs are left to ICU).
    for other: Unicode.Scalar in ["\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", "\u{1F1E6}"] {
      #expect(Self.standIn(other) == nil, "\(other.value)")
    }
    // Scalars of four UTF-8 bytes as those of three: a mathematical letter reads as a
    // letter, an emoji and an ideograph of the extensions as wide ones.
    #expect(Self.standIn("\u{1D538}") == UInt8(ascii: "a"))
    for wide: Unicode.Scalar in ["😀", "\u{1F468}", "\u{20000}"] {
      #expect((0xA0...0xBF).contains(Self.standIn(wide) ?? 0), "\(wide.value)")
    }
    // A proxy of one cell for a no-break space and an em dash, of two for wide scalars.
    for narrow: Unicode.Scalar in ["\u{A0}", "\u{2014}", "\u{2026}"] {
      #expect((0x81..<0xA0).contains(Self.standIn(narrow) ?? 0), "\(narrow.value)")
    }
    for wide: Unicode.Scalar in ["日", "の", "ャ", "。", "（", "한", "\u{3000}"] {
      #expect((0xA0...0xBF).contains(Self.standIn(wide) ?? 0), "\(wide.value)")
    }
    let neighbours = ["a", "1", " ", "(", ")", "\"", "-", "/", "日", ",", "%"]
    // Each neighbour on either side, a mark after, a pair around, and none.
    let contexts =
      neighbours.map { ($0, "") } + neighbours.map { ("", $0) }
      + [("", "\u{301}"), ("(", ")"), ("\"", "\""), ("", "")]
    for (scalar, byte) in Self.twins {
      let standIn = String(Unicode.Scalar(byte))
      for (before, after) in contexts {
        let text = "xy " + before + String(scalar) + after + " z"
        let ascii = "xy " + before + standIn + after + " z"
        let fast = TextSamples.fastShape(text)
        #expect(fast != nil && fast == TextSamples.fastShape(ascii), "\(scalar.value)")
        #expect(PreparedText.icuShape(of: text) == PreparedText.icuShape(of: ascii))
        if fast == nil || fast != TextSamples.fastShape(ascii) { return }
      }
    }
  }

  /// Each proxy's byte reads as its scalars do (class, cells, whether a line may start
  /// with it), and text of them, one to three in a row beside each kind of neighbour,
  /// counts from its bytes as its shape counts, at every width from 1 to 40 (a wide
  /// scalar at width 1 gets a line of its own).
  @Test func everyProxyCountsAsItsScalar() {
    #expect(Set(Self.proxied.map(\.byte)).count > 20)
    let tables = TextTables.shared.pointee
    for (scalar, byte) in Self.proxied {
      let info = ScalarTable.info(scalar.value)
      #expect(tables.asciiClasses[Int(byte)] == info.lineBreakClass, "\(scalar.value)")
      #expect(info.width == (byte >= 0xA0 ? 2 : 1), "\(scalar.value)")
      let mayStart = tables.standInsMayStartLine & (1 << UInt128(byte - 0x80)) != 0
      #expect(mayStart == info.mayStartLine, "\(scalar.value)")
    }
    #expect(tables.asciiClasses[0x80] == .cm)
    let neighbours = [
      "a", "1", " ", "(", ")", "\"", "-", "/", ",", "%", "日", "。", "「", "ャ", "\u{A0}", "\u{2014}",
    ]
    let contexts =
      neighbours.map { ($0, "") } + neighbours.map { ("", $0) } + [("(", ")"), ("", "")]
    var taken = 0
    var scratch = UnicodeText.Scratch()
    for (index, (scalar, _)) in Self.proxied.enumerated() {
      for (before, after) in contexts {
        let run = String(repeating: String(scalar), count: 1 + index % 3)
        let text = "xy " + before + run + after + " z" + (index % 2 == 0 ? " end of it" : "")
        let bytes = Array(text.utf8)
        let counted = bytes.withUnsafeBufferPointer { bytes in
          [1].withUnsafeBufferPointer { widths in
            var count = 0
            return withUnsafeMutablePointer(to: &count) {
              UnicodeText.asciiWordLineCounts(
                bytes, widths: widths, into: UnsafeMutableBufferPointer(start: $0, count: 1),
                scratch: &scratch)
            }
          }
        }
        #expect(counted, "\(text.debugDescription) not counted from its bytes")
        guard TextSamples.check(text, taken: &taken) else { return }
      }
    }
    #expect(taken == Self.proxied.count * contexts.count)
  }

  /// Random text of ASCII (letters, digits, punctuation, spaces, line feeds) and scalars
  /// with stand-ins, a quarter of it with one scalar without: counted from the bytes as its
  /// shape counts, taken from the bytes (`isCountedFromBytes`, `asciiWordLineCounts`)
  /// exactly when every scalar reads as ASCII.
  @Test(.slow, arguments: 0..<4)
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
        case 18..<28: scalars.append(Self.twins.randomElement(using: &random)!.scalar)
        case 28: scalars.append(Bool.random(using: &random) ? "\u{200D}" : "\u{FE0F}")
        default: scalars.append(Self.everyProxied.randomElement(using: &random)!.scalar)
        }
      }
      if Int.random(in: 0..<4, using: &random) == 0 {
        let index = scalars.index(
          scalars.startIndex, offsetBy: Int.random(in: 0...scalars.count, using: &random))
        scalars.insert(Self.withoutStandIn.randomElement(using: &random)!, at: index)
      }
      let text = String(scalars)
      guard TextSamples.check(text, taken: &taken) else { return }
      let bytes = Array(text.utf8)
      let readsAsASCII = Self.readsAsASCII(text)
      let widths = TextSamples.widths
      let (counted, counts) = Self.asciiCounts(bytes, widths: widths, scratch: &scratch)
      #expect(counted == readsAsASCII, "\(text.debugDescription)")
      #expect(bytes.withUnsafeBufferPointer(UnicodeText.isCountedFromBytes) == readsAsASCII)
      if counted {
        asASCII += 1
        #expect(counts == TextSamples.shapeCounts(text), "\(text.debugDescription)")
      }
    }
    // The line counter takes from the bytes exactly the texts that read as ASCII.
    #expect(taken == asASCII)
    #expect(asASCII > 2_000 && asASCII < 2_600)
  }

  /// Emoji and their sequences as people write them (a joiner between people, a
  /// presentation selector, a skin tone, joiners, selectors and skin tones at either end,
  /// beside spaces and line feeds, nothing else): counted from the bytes as their shape
  /// counts, the joiners and skin tones left out as the sanitiser drops them; a flag
  /// (regional indicators) leaves the text to the general reader.
  @Test func emojiSequencesCountAsTheirShape() {
    let zwj = "\u{200D}"
    let texts = [
      "😀 grinning face", "👨\(zwj)👩\(zwj)👧 family: man, woman, girl", "❤\u{FE0F} red heart",
      "\u{FE0F}", "\(zwj)", " \(zwj)\n", "word  \u{FE0F}", "word\n\(zwj)", "a\(zwj)b c",
      "🧑\(zwj)🚀 astronaut 🧑\(zwj)🚀🧑\(zwj)🚀🧑\(zwj)🚀 crew", "𝔸𝔹ℂ 𝕕𝕖𝕗 \u{20000}\u{20001}",
      "\u{10000} linear b syllable b008 a", "👍\u{1F3FD} thumbs up: medium skin tone",
      "🧑\u{1F3FD}\(zwj)💻 technologist \u{1F3FF}", "\u{1F3FB}", "word \u{1F3FC}\n",
    ]
    var taken = 0
    var scratch = UnicodeText.Scratch()
    for text in texts {
      #expect(Self.readsAsASCII(text), "\(text.debugDescription)")
      let bytes = Array(text.utf8)
      let widths = TextSamples.widths
      let (counted, counts) = Self.asciiCounts(bytes, widths: widths, scratch: &scratch)
      #expect(counted, "\(text.debugDescription)")
      #expect(counts == TextSamples.shapeCounts(text), "\(text.debugDescription)")
      let icu = PreparedText.icuShape(of: text)
      let icuCounts = widths.map { ReferenceFilling.lines(of: icu, width: $0, mode: .word).count }
      #expect(counts == icuCounts, "\(text.debugDescription)")
      _ = TextSamples.check(text, taken: &taken)
    }
    for text in ["🇫🇷 flag: France", "a\u{301} mark"] {
      #expect(!Self.readsAsASCII(text))
      #expect(!Array(text.utf8).withUnsafeBufferPointer(UnicodeText.isCountedFromBytes))
    }
  }

  /// Bytes that are not UTF-8 where a stand-in would be read (a lead without its
  /// continuation, overlong forms, a lone continuation, a cut scalar, a surrogate, a
  /// scalar past U+10FFFF) are never stood in.
  @Test func brokenUTF8IsNotStoodIn() {
    let broken: [[UInt8]] = [
      [0xD0], [0xD0, 0x41], [0xC0, 0xB6], [0xC1, 0xBF], [0xE0, 0x80, 0xB6], [0xB6],
      [0xE1, 0xBB], [0xE1, 0xBB, 0x41], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98],
      [0xF0, 0x9F, 0x98, 0x41], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
      [0xF5, 0x80, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80], [0xF0, 0x9F, 0x41, 0x80],
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
