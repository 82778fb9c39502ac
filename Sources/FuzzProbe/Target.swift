import FuzzSupport
import TerminalCore

/// A terminal's answers to the start-up probe: any bytes, read whole or in two pieces,
/// give the same answers, within their bounds; nothing kept as typed keys is an answer's
/// part (an escape that starts a string or a private CSI sequence); what they decide
/// never crashes. And the late path (`LateAnswerFilter`, what reads input after the
/// probe): what it lets through is a subsequence of what came, it holds no more than its
/// limit, and a whole answer arriving where nothing is held changes nothing it lets
/// through.
enum Target {
  static func test(_ bytes: UnsafeBufferPointer<UInt8>) {
    var whole = ProbeAnswers()
    whole.read(bytes)
    whole.finish()
    var pieces = ProbeAnswers()
    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    pieces.read(bytes[..<cut])
    pieces.read(bytes[cut...])
    pieces.finish()
    if pieces != whole { FuzzReplay.fail("answers differ when read in two pieces cut at \(cut)") }
    if whole.typed.count > ProbeAnswers.typedLimit { FuzzReplay.fail("too many typed bytes") }
    if whole.deviceAttributes.count > 8 || whole.deviceAttributes.contains(where: { $0.count > 32 })
    {
      FuzzReplay.fail("device attributes unbounded")
    }
    if let version = whole.version,
      version.utf8.count > 64 || !version.utf8.allSatisfy({ (0x20...0x7E).contains($0) })
    {
      FuzzReplay.fail("a version that is not printable ASCII: \(version.debugDescription)")
    }
    // Typed keys never hold a string introducer or a private CSI answer.
    let typed = whole.typed
    for index in typed.indices.dropLast() where typed[index] == 0x1B {
      let next = typed[index + 1]
      if next == UInt8(ascii: "P") || next == UInt8(ascii: "_") || next == UInt8(ascii: "]") {
        FuzzReplay.fail("a string sequence kept as keys")
      }
      if next == UInt8(ascii: "["), index + 2 < typed.count,
        (0x3C...0x3F).contains(typed[index + 2])
      {
        FuzzReplay.fail("a private CSI sequence kept as keys")
      }
    }
    lateAnswers(bytes)
    for choice in ImageChoice.allCases {
      _ = TerminalProbe.choose(
        choice, answers: whole, environment: TerminalProbe.Environment(["TERM": "xterm"]),
        cellKnown: true)
    }
  }

  /// Each real terminal's answers, one of which is put into the input.
  static let answers = [
    "\u{1B}[6;19;9t\u{1B}[4;760;900t\u{1B}[?1;0;256S\u{1B}[?2;0;900;760S\u{1B}[?2026;0$y\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;16;22;28c",
    "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;18;9t\u{1B}[4;756;900t\u{1B}[?2026;2$y\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c",
  ].map { Array($0.unicodeScalars.map(\.value)) }

  static func lateAnswers(_ bytes: UnsafeBufferPointer<UInt8>) {
    let input = bytes.map { UInt32($0) }
    var filter = LateAnswerFilter()
    var out: [UInt32] = []
    let cut = input.isEmpty ? 0 : Int(input[0]) % (input.count + 1)
    var quietAtCut = false
    for (index, scalar) in input.enumerated() {
      if index == cut { quietAtCut = !filter.isHolding }
      out += filter.take(scalar)
    }
    if cut == input.count { quietAtCut = !filter.isHolding }
    out += filter.flush()
    // A subsequence of the input, in order.
    var next = 0
    for scalar in out {
      while next < input.count && input[next] != scalar { next += 1 }
      if next == input.count { FuzzReplay.fail("let through what never came") }
      next += 1
    }
    // A whole answer inserted where nothing was held: the same keys come out.
    guard quietAtCut else { return }
    var again = LateAnswerFilter()
    var withAnswer: [UInt32] = []
    let answer = answers[input.count % answers.count]
    for scalar in input[..<cut] + answer + input[cut...] { withAnswer += again.take(scalar) }
    withAnswer += again.flush()
    if withAnswer != out { FuzzReplay.fail("an answer arriving changed the keys") }
  }
}
