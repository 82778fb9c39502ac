import TestSupport
import Testing

@testable import TerminalText

/// The one filler (`LineFilling`) breaks every shape into the lines the plain reference
/// gives (`ReferenceFilling`), range for range, in both modes and at every width: on
/// seeded text of every line-break class with line feeds, spaces, wide and zero-width
/// clusters, and on words wider than the line (what `WordSegments` hands to `wrapWord`).
@Suite struct LineFillingTests {
  @Test(arguments: WrapMode.allCases)
  func fillsAsTheReference(mode: WrapMode) {
    var random = SeededGenerator(seed: mode == .word ? 4_701 : 4_702)
    let pieces = [" ", "  ", "\n", "\n\n", "日本", "ャー！", "🐼", "e\u{301}", "1,000", "(x)", "—"]
    var lines = 0
    for _ in 0..<2_000 {
      var text = ""
      for _ in 0..<Int.random(in: 0...30, using: &random) {
        if Bool.random(using: &random) {
          text += pieces.randomElement(using: &random)!
        } else {
          let members = TextSamples.pool.randomElement(using: &random)!
          text.unicodeScalars.append(members.randomElement(using: &random)!)
        }
      }
      let prepared = PreparedText(text)
      for width in [1, 2, 3, 4, 5, 7, 10, 16, 31, 80] {
        let expected = ReferenceFilling.lines(of: prepared.clusters, width: width, mode: mode)
        let filled = prepared.lineRanges(width: width, mode: mode)
        #expect(filled == expected, "\(text.debugDescription) at \(width) \(mode)")
        if filled != expected { return }
        lines += filled.count
      }
    }
    #expect(lines > 20_000)
  }

  /// A word wider than the line, trailing spaces kept (a `WordSegments` segment): the
  /// lines it takes, the cells of its last one (spaces included) and whether that line is
  /// open (not a cluster wider than the line, alone at the end) are the reference's.
  @Test func wrapsAWordAsTheReference() {
    typealias Info = PreparedText.ClusterInfo
    var random = SeededGenerator(seed: 4_703)
    let pieces = ["a", "日", "ー", "🐼", "-", "e\u{301}", "。"]
    for _ in 0..<2_000 {
      let word = (0..<Int.random(in: 1...40, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }.joined()
      let spaces = Int.random(in: 0...3, using: &random)
      let shape = PreparedText(word).clusters + Array(repeating: 1 | Info.space, count: spaces)
      let width = Int.random(in: 1...12, using: &random)
      let expected = ReferenceFilling.lines(of: shape, width: width, mode: .word)
      let last = expected.last!
      let cellsFrom = { (start: Int) in
        shape[start...].reduce(0) { $0 + Int($1 & Info.widthMask) }
      }
      let loneAtEnd =
        last.count == 1 && last.upperBound + spaces == shape.count
        && Int(shape[last.lowerBound] & Info.widthMask) > width
      let wrapped = shape.withUnsafeBufferPointer { PreparedText.wrapWord($0, width: width) }
      #expect(wrapped.lines == expected.count, "\(word.debugDescription) at \(width)")
      #expect(wrapped.open == !loneAtEnd, "\(word.debugDescription) at \(width)")
      let lastWidth = loneAtEnd ? cellsFrom(last.upperBound) : cellsFrom(last.lowerBound)
      #expect(wrapped.lastWidth == lastWidth, "\(word.debugDescription) at \(width)")
    }
  }
}
