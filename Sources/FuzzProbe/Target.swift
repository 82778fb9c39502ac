import FuzzSupport
import TerminalCore

/// A terminal's answers to the start-up probe: any bytes, read whole or in two pieces,
/// give the same answers, within their bounds; nothing kept as typed keys is an answer's
/// part (an escape that starts a string or a private CSI sequence); what they decide
/// never crashes.
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
    for choice in ImageChoice.allCases {
      _ = TerminalProbe.choose(
        choice, answers: whole, environment: TerminalProbe.Environment(["TERM": "xterm"]),
        cellKnown: true)
    }
  }
}
