import TestSupport
import Testing

@testable import TerminalText

/// What the text suites share: the fast path's shape of a text, the scalars random text
/// is drawn from (every line-break class the rules take), what the sanitiser rewrites,
/// and the check that counting from bytes gives the shape's count at every width.
enum TextSamples {
  /// Texts of the kinds cards carry, named, for the golden wraps and the wrapping
  /// properties.
  static let wrapped: [(name: String, text: String)] = [
    ("japanese", "レッサーパンダは中国南部やヒマラヤの森林に住む動物で、竹の葉を主に食べます。「赤い熊」とも呼ばれ、長い尻尾でバランスをとります。"),
    ("japanese-kinsoku", "ちょっと待ってください、ニャー！ショートケーキ、ラーメン、コーヒー。（括弧）「かぎ」"),
    (
      "english",
      "The red panda is a small mammal native to the eastern Himalayas and south-western China. It eats mostly bamboo."
    ),
    ("mixed", "Pandaは1日に12時間以上も竹(bamboo)を食べる。Ailuropoda melanoleucaという学名を持つ。"),
    ("emoji", "🐼 panda 🐧 penguin 🇯🇵 flag 👍🏽 thumbs 🏳️‍🌈 rainbow ❤️ heart"),
    (
      "long-url",
      "See https://example.org/animals/mammals/ailuridae/ailurus-fulgens/observations?year=2026&region=himalaya for sightings."
    ),
    (
      "combining",
      "Cafe\u{301} na\u{308}ive re\u{301}sume\u{301} — ア\u{3099}イウ\u{309A} Z\u{335}\u{321}a\u{337}lgo"
    ),
    (
      "hostile",
      "\u{1B}[31mred\u{1B}[0m \u{9B}2J bell\u{07} \u{202E}override\u{202C} tab\there\r\nnext\u{7F}line \u{FFFF}"
    ),
    ("paragraphs", "First line.\nSecond line is longer than the width.\n\nAfter an empty line."),
  ]

  /// The widths every count is checked at.
  static let widths = Array(1...40) + [47, 80, 200]

  /// The fast path's shape of `text`, or `nil` when it leaves the text to ICU.
  static func fastShape(_ text: String) -> [UInt8]? {
    var shape: [UInt8] = []
    var scratch = UnicodeText.Scratch()
    let done = Array(text.utf8).withUnsafeBufferPointer {
      UnicodeText.shape($0, into: &shape, scratch: &scratch)
    }
    return done ? shape : nil
  }

  /// Whether the sanitiser replaces `scalar` with U+FFFD (the readers read it so).
  static func isReplaced(_ scalar: Unicode.Scalar) -> Bool {
    !["\t", "\n", "\r"].contains(scalar) && !Sanitizer.isSafe(scalar)
  }

  /// Scalars of every class the rules take, to draw random text from: a few of each.
  static let pool: [[Unicode.Scalar]] = {
    var byClass: [LineBreakClass: [Unicode.Scalar]] = [:]
    var random = SeededGenerator(seed: 5)
    for value in stride(from: UInt32(0x20), to: 0x2_0000, by: 1) {
      let info = ScalarTable.info(value)
      guard info.lineBreakClass != .unsupported, let scalar = Unicode.Scalar(value),
        !isReplaced(scalar)
      else {
        continue
      }
      // Every scalar of a rare class, a random few thousand of the common ones.
      let kept = byClass[info.lineBreakClass, default: []].count
      if kept < 40 || Int.random(in: 0..<200, using: &random) == 0 {
        byClass[info.lineBreakClass, default: []].append(scalar)
      }
    }
    return byClass.keys.sorted { $0.rawValue < $1.rawValue }.map { byClass[$0]! }
  }()

  /// The joiners the sanitiser drops, which the fast path leaves out as it does.
  static let droppedJoiners: [Unicode.Scalar] = ["\u{200D}", "\u{FE0F}"]
  /// What the sanitiser replaces with U+FFFD, which the fast path reads as that: C0 and
  /// C1 controls (a gettext context's U+0004, escape, CSI, DEL, NEL), bidirectional
  /// controls and marks.
  static let replaced: [Unicode.Scalar] = [
    "\u{0}", "\u{4}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{202E}", "\u{2066}",
    "\u{200E}", "\u{61C}",
  ]
  /// What the sanitiser drops or rewrites and the fast path reads as it does.
  static let rewritten: [Unicode.Scalar] = droppedJoiners + ["\t", "\r"] + replaced

  /// The counts `LineCounter` gives from the text's bytes in word mode (its kind found from
  /// them), or `nil` when it counts the text only from its shape.
  static func counts(_ text: String) -> [Int]? {
    var scratch = UnicodeText.Scratch()
    var counts = [Int](repeating: -1, count: TextSamples.widths.count)
    let taken = Array(text.utf8).withUnsafeBufferPointer { bytes in
      TextSamples.widths.withUnsafeBufferPointer { widths in
        counts.withUnsafeMutableBufferPointer {
          LineCounter.counts(
            of: bytes, kind: TextKind(of: bytes), widths: widths, mode: .word, into: $0,
            scratch: &scratch)
        }
      }
    }
    return taken ? counts : nil
  }

  /// The counts of the text's shape (ICU's when the fast path leaves it), filled by the
  /// plain reference (`ReferenceFilling`) rather than the sources' filler.
  static func shapeCounts(_ text: String) -> [Int] {
    let shape = fastShape(text) ?? PreparedText.icuShape(of: text)
    return TextSamples.widths.map {
      ReferenceFilling.lines(of: shape, width: $0, mode: .word).count
    }
  }

  /// Whether the counts from the text's bytes, when it gives them (`taken` counts those
  /// texts), are its shape's.
  static func check(_ text: String, taken: inout Int) -> Bool {
    guard let direct = counts(text) else { return true }
    let shaped = shapeCounts(text)
    taken += 1
    #expect(
      direct == shaped,
      "\(text.unicodeScalars.map { String($0.value, radix: 16) }): \(direct) against \(shaped)")
    return direct == shaped
  }
}
