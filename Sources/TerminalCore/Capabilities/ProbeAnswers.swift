import LayoutEngine

/// What a terminal answered to the start-up queries (`TerminalProbe.queries`), read from
/// any bytes: the answers are untrusted input. Nothing read is ever echoed; versions are
/// kept as printable ASCII only, numbers are bounded, and every sequence is cut off at
/// `sequenceLimit` bytes, so garbage costs nothing but its own length.
///
/// Bytes that are no answer are keys typed while the probe waited: they are kept
/// (`typed`, at most `typedLimit`) for the terminal to read as input afterwards. A CSI
/// sequence is kept as a key only when it is shaped like one (no private marker, no
/// intermediate, a key's final byte): an answer this parser does not know must never turn
/// into keystrokes.
///
/// - Complexity: O(1) per byte; memory bounded by the limits.
package struct ProbeAnswers: Hashable, Sendable {
  /// The kitty graphics query (`i=31`) answered `OK`.
  package var kittyGraphics = false
  /// The shared memory query (`i=32`) answered `OK`: kitty reads this machine's memory.
  package var kittySharedMemory = false
  /// `CSI 16 t`: a cell's size in pixels.
  package var cellPixels: Size?
  /// `CSI 14 t`: the text area's size in pixels.
  package var windowPixels: Size?
  /// XTSMGRAPHICS `?2;1;0S`: the largest sixel picture, in pixels.
  package var sixelMaximum: Size?
  /// XTSMGRAPHICS `?1;1;0S`: the sixel colour registers.
  package var sixelRegisters: Int?
  /// XTVERSION (`CSI > 0 q`): the terminal's name and version, printable ASCII only.
  package var version: String?
  /// The parameters of each primary device attributes answer (`CSI ? 62 ; 4 c`), in order.
  package var deviceAttributes: [[Int]] = []
  /// DECRQM for mode 2026 (synchronized output): 1 or 2 when the terminal has it.
  package var synchronizedOutput: Int?
  /// Bytes that were no answer: keys typed during the probe.
  package var typed: [UInt8] = []
  /// How many escape sequences were read whole (answers, or keys shaped like one): what
  /// says answers are still arriving.
  package private(set) var sequencesRead = 0

  /// Whether a sequence is begun and not ended: an answer the link cut in two.
  package var isInsideSequence: Bool { state != .ground }

  /// The longest sequence read; the rest of a longer one is dropped.
  package static let sequenceLimit = 512
  /// The most typed bytes kept.
  package static let typedLimit = 256
  /// The largest number taken from an answer; larger ones read as this.
  static let numberLimit = 1 << 20

  package init() {}

  /// Whether DA1 lists 4: the terminal draws sixels.
  package var hasSixel: Bool { deviceAttributes.last?.dropFirst().contains(4) ?? false }

  // MARK: Parsing

  private enum State: Hashable, Sendable {
    case ground
    case escape
    /// After `ESC [`.
    case csi
    /// After `ESC P`, `ESC _` or `ESC ]`: until `ESC \` (or BEL for OSC).
    case string(introducer: UInt8)
    /// An `ESC` inside a string: `\` ends it.
    case stringEscape(introducer: UInt8)
    /// After `ESC O`.
    case ss3
  }

  private var state = State.ground
  private var sequence: [UInt8] = []
  private var overflowed = false

  /// Reads `bytes`, answers and keys alike; may be fed in pieces of any size.
  package mutating func read(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { read(byte) }
  }

  /// The sequence the reading ended inside of (from its `ESC`), when it ended inside an
  /// answer: the rest arrives later, and must be known as an answer's rest
  /// (`LateAnswerFilter.init(resuming:at:)`).
  package private(set) var unfinished: [UInt8] = []

  /// Ends the reading: a sequence left open is a key typed (an `ESC` alone) or dropped.
  package mutating func finish() {
    switch state {
    case .csi: unfinished = [0x1B, UInt8(ascii: "[")] + sequence
    case .string(let introducer): unfinished = [0x1B, introducer] + sequence
    case .stringEscape(let introducer): unfinished = [0x1B, introducer] + sequence + [0x1B]
    case .ground, .escape, .ss3: unfinished = []
    }
    switch state {
    case .escape: keep([0x1B])
    case .ss3: keep([0x1B, 0x4F])
    default: break
    }
    state = .ground
    sequence = []
  }

  private mutating func read(_ byte: UInt8) {
    switch state {
    case .ground:
      if byte == 0x1B {
        state = .escape
      } else {
        keep([byte])
      }
    case .escape:
      sequence = []
      overflowed = false
      switch byte {
      case UInt8(ascii: "["): state = .csi
      case UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "]"):
        state = .string(introducer: byte)
      case UInt8(ascii: "O"): state = .ss3
      case 0x1B:
        // ESC ESC: the first one was Escape on its own, or a broken answer. It is dropped:
        // kept, it could join typed bytes after a dropped answer into a sequence ncurses
        // would read as one (ESC, then `[?…` typed).
        break
      default:
        // Alt and a key, or Escape and then a key.
        keep([0x1B, byte])
        state = .ground
      }
    case .ss3:
      if (0x40...0x7E).contains(byte) {
        // A key: an arrow or F1–F4 in application mode.
        keep([0x1B, 0x4F, byte])
        state = .ground
      } else {
        // Alt-O, and this byte begins anew (an escape kept as part of a key could join
        // the bytes after it into a sequence).
        keep([0x1B, 0x4F])
        state = .ground
        read(byte)
      }
    case .csi:
      if (0x40...0x7E).contains(byte) {
        if !overflowed { endCSI(final: byte) }
        state = .ground
      } else if (0x20...0x3F).contains(byte) {
        append(byte)
      } else if byte == 0x1B {
        // A broken sequence: start again at this escape.
        state = .escape
      } else {
        // A control byte inside a CSI sequence ends it without meaning.
        state = .ground
      }
    case .string(let introducer):
      if byte == 0x1B {
        state = .stringEscape(introducer: introducer)
      } else if byte == 0x07 && introducer == UInt8(ascii: "]") {
        state = .ground
      } else {
        append(byte)
      }
    case .stringEscape(let introducer):
      if byte == UInt8(ascii: "\\") {
        if !overflowed { endString(introducer: introducer) }
        state = .ground
      } else {
        // Not a string terminator: the string was broken off; read this as a new escape.
        state = .escape
        read(byte)
      }
    }
  }

  private mutating func append(_ byte: UInt8) {
    if sequence.count < Self.sequenceLimit {
      sequence.append(byte)
    } else {
      overflowed = true
    }
  }

  private mutating func keep(_ bytes: [UInt8]) {
    let room = Self.typedLimit - typed.count
    if room > 0 { typed += bytes.prefix(room) }
  }

  private mutating func endCSI(final: UInt8) {
    sequencesRead += 1
    let marker = sequence.first.flatMap { (0x3C...0x3F).contains($0) ? $0 : nil }
    let body = marker == nil ? sequence[...] : sequence.dropFirst()
    let intermediates = body.drop { (0x30...0x3B).contains($0) }
    let numbers = Self.numbers(body.prefix { (0x30...0x3B).contains($0) })
    switch (marker, intermediates.first, final) {
    case (UInt8(ascii: "?"), nil, UInt8(ascii: "c")):
      if deviceAttributes.count < 8 { deviceAttributes.append(Array(numbers.prefix(32))) }
    case (nil, nil, UInt8(ascii: "t")) where numbers.count == 3:
      if numbers[0] == 6, numbers[1] > 0, numbers[2] > 0 {
        cellPixels = Size(width: numbers[2], height: numbers[1])
      } else if numbers[0] == 4, numbers[1] > 0, numbers[2] > 0 {
        windowPixels = Size(width: numbers[2], height: numbers[1])
      }
    case (UInt8(ascii: "?"), nil, UInt8(ascii: "S")) where numbers.count == 4:
      if numbers[0] == 2, numbers[1] == 0, numbers[2] > 0, numbers[3] > 0 {
        sixelMaximum = Size(width: numbers[2], height: numbers[3])
      }
    case (UInt8(ascii: "?"), nil, UInt8(ascii: "S")) where numbers.count == 3:
      if numbers[0] == 1, numbers[1] == 0, numbers[2] > 0 { sixelRegisters = numbers[2] }
    case (UInt8(ascii: "?"), UInt8(ascii: "$"), UInt8(ascii: "y")) where numbers.count == 2:
      if numbers[0] == 2026 { synchronizedOutput = numbers[1] }
    case (nil, nil, _):
      // A key: an arrow, Home, End, a function key, Shift-Tab.
      if Array("ABCDEFHPQRSZ~".utf8).contains(final), intermediates.isEmpty {
        keep([0x1B, UInt8(ascii: "[")] + sequence + [final])
      }
    default:
      break
    }
  }

  private mutating func endString(introducer: UInt8) {
    sequencesRead += 1
    switch introducer {
    case UInt8(ascii: "_"):
      // `Gi=31;OK`: the answer to the kitty graphics query (`Gi=32;OK` to the shared
      // memory one); anything else is not OK.
      if sequence.starts(with: Array("Gi=32;".utf8)) {
        kittySharedMemory = sequence.dropFirst(6).starts(with: Array("OK".utf8))
      }
      if sequence.starts(with: Array("Gi=31;".utf8)) {
        kittyGraphics = sequence.dropFirst(6).starts(with: Array("OK".utf8))
      }
    case UInt8(ascii: "P"):
      // `>|kitty(0.26.5)`: XTVERSION.
      if sequence.starts(with: Array(">|".utf8)) {
        let text = sequence.dropFirst(2).prefix(64).filter { (0x20...0x7E).contains($0) }
        version = String(decoding: text, as: UTF8.self)
      }
    default:
      break
    }
  }

  /// The numbers of `parameters` (`62;4` → [62, 4]; an empty one is 0; sub-parameters
  /// after `:` are dropped).
  private static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int] {
    var result: [Int] = []
    for field in parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
      var value = 0
      for byte in field.prefix(while: { $0 != UInt8(ascii: ":") })
      where (0x30...0x39).contains(byte) {
        value = Swift.min(numberLimit, value * 10 + Int(byte - 0x30))
      }
      result.append(value)
    }
    return result
  }
}
