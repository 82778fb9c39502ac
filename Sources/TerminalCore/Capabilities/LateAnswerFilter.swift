/// Answers to the start-up probe that arrive after its window closed (a slow SSH link, a
/// terminal busy drawing) are dropped from the keyboard's input, whenever they arrive: read
/// as keys they would open the help (`?`), switch layouts (digits), mark cards, read the
/// source again. Pure: the curses backend feeds it what ncurses reads and takes the keys it
/// lets through.
///
/// An answer is recognised by the fixed shape of each answer the probe asks for
/// (`TerminalProbe.queries`), never by guessing:
///
/// - `ESC [ ? …  c` (device attributes), `ESC [ ? … $ y` (DECRQM), `ESC [ ? … S`
///   (XTSMGRAPHICS): no key starts `ESC [ ?`;
/// - `ESC [ 4 ; H ; W t` and `ESC [ 6 ; H ; W t` (the sizes in pixels): a key ends with `~`
///   or a letter other than `t`;
/// - `ESC P > | … ESC \` (XTVERSION) and `ESC _ G … ESC \` (kitty's graphics answer).
///
/// A sequence is held while it can still become one of these, let through as the keys it
/// was as soon as it cannot (Alt-P, Alt-[, an arrow ncurses did not know), and dropped when
/// it is one. When input pauses in the middle, `flush` lets through what could be a key
/// (`ESC` alone, `ESC` and one byte) and drops an answer cut short; what arrives within a
/// second and goes on with it is its rest, and dropped with it, so an answer a slow link
/// parts into pieces never turns into keys (`ESC [` then `?62;22c`: Escape and `[` were
/// let through, the `?` that would open the help is not). The probe hands over the
/// answer it was reading when its window closed (`init(resuming:at:)`).
///
/// - Complexity: O(1) per scalar; at most `sequenceLimit` scalars held.
package struct LateAnswerFilter: Sendable {
  /// The longest sequence held; an answer-shaped sequence longer than this is dropped.
  package static let sequenceLimit = 512
  /// How long to wait for the rest of a sequence begun, in milliseconds (an answer split
  /// by a slow link arrives in pieces; a key never does).
  package static let continuationWait = 60

  private static let escape: UInt32 = 0x1B

  private static func code(_ scalar: Unicode.Scalar) -> UInt32 { scalar.value }
  /// The sequence held: `held[..<spent]` is already dealt with (dropped as an answer cut
  /// short, or let through as keys), the rest waits.
  private var held: [UInt32] = []
  private var spent = 0
  /// After input paused inside a sequence: its beginning, and until when (milliseconds)
  /// what arrives next is read as its rest. A slow link parts an answer for longer than
  /// the wait; its rest must not become keys either.
  private var resumable: (sequence: [UInt32], until: Int)?

  /// How long after a pause a sequence's rest is still taken as its rest, in milliseconds.
  package static let resumeWindow = 1_000

  package init() {}

  /// A filter that takes the next scalars as the rest of `unfinished`, a sequence the
  /// start-up probe was reading when its window closed (never let through: it is no key).
  package init(resuming unfinished: [UInt32], at now: Int) {
    if !unfinished.isEmpty { resumable = (unfinished, now + Self.resumeWindow) }
  }

  /// How many device attributes answers (`ESC [ ? … c`) were dropped: what the backend
  /// asks after each batch of picture bytes on a slow link, to know they arrived.
  package private(set) var deviceAttributes = 0

  /// Whether a sequence is held, waiting for its rest.
  package var isHolding: Bool { held.count > spent }

  /// Whether `ESC` alone is held.
  package var holdsLoneEscape: Bool { spent == 0 && held == [Self.escape] }

  /// Whether what is held could still be a key rather than an answer cut short: `ESC`
  /// alone, or `ESC` and one more scalar.
  package var holdsAPossibleKey: Bool { spent == 0 && held.count <= 2 }

  /// Takes the next scalar read (at `now`, in milliseconds); returns the scalars now known
  /// to be input, in order.
  package mutating func take(_ scalar: UInt32, at now: Int = 0) -> [UInt32] {
    if held.isEmpty, let (sequence, until) = resumable {
      resumable = nil
      // Within the window, a scalar that goes on with the sequence paused is its rest.
      if now <= until, Self.shape(of: sequence + [scalar]) != .notAnAnswer {
        held = sequence
        spent = sequence.count
      }
    }
    if held.isEmpty {
      if scalar == Self.escape {
        held = [scalar]
        return []
      }
      return [scalar]
    }
    held.append(scalar)
    switch Self.shape(of: held) {
    case .answer:
      if held.count >= 3 && held[2] == Self.code("?") && scalar == Self.code("c") {
        deviceAttributes += 1
      }
      clear()
      return []
    case .partial:
      if held.count > Self.sequenceLimit { clear() }
      return []
    case .notAnAnswer:
      // What was held is keys (but what was dealt with already), and the last scalar may
      // begin a sequence of its own.
      let keys = Array(held[spent..<(held.count - 1)])
      clear()
      return keys + take(scalar, at: now)
    }
  }

  /// Input paused (at `now`): what is held goes as keys when it could be a key, and is
  /// dropped when it is an answer cut short; either way, what arrives within
  /// `resumeWindow` that goes on with it is taken as its rest.
  package mutating func flush(at now: Int = 0) -> [UInt32] {
    guard isHolding else { return [] }
    // `ESC` and at most one more could be a key (Alt-[); what is longer is an answer's.
    let keys = held.count <= 2 ? Array(held[spent...]) : []
    // Once: a sequence already resumed that pauses again is not waited for again (keys
    // typed on must not be taken for its rest time after time).
    if spent == 0 { resumable = (held, now + Self.resumeWindow) }
    clear()
    return keys
  }

  private mutating func clear() {
    held = []
    spent = 0
  }

  private enum Shape: Equatable {
    case answer, partial, notAnAnswer
  }

  /// What `sequence` (which starts with `ESC`) is so far.
  private static func shape(of sequence: [UInt32]) -> Shape {
    guard sequence.count >= 2 else { return .partial }
    switch sequence[1] {
    case Self.code("["): return controlSequence(sequence.dropFirst(2))
    case Self.code("P"): return string(sequence.dropFirst(2), opening: [">", "|"])
    case Self.code("_"): return string(sequence.dropFirst(2), opening: ["G"])
    default: return .notAnAnswer
    }
  }

  /// After `ESC [`: parameters (`0`–`?`), then a final byte that decides.
  private static func controlSequence(_ rest: ArraySlice<UInt32>) -> Shape {
    guard let first = rest.first else { return .partial }
    let isPrivate = first == Self.code("?")
    var parameters: [UInt32] = []
    var intermediates: [UInt32] = []
    for scalar in rest.dropFirst(isPrivate ? 1 : 0) {
      switch scalar {
      case 0x30...0x3F where intermediates.isEmpty:
        parameters.append(scalar)
      case 0x20...0x2F:
        intermediates.append(scalar)
      case 0x40...0x7E:
        return isAnswer(private: isPrivate, parameters, intermediates, final: scalar)
          ? .answer : .notAnAnswer
      default:
        return .notAnAnswer
      }
    }
    // Not ended yet: only a shape an answer can have is held on.
    if !isPrivate {
      // `4;` or `6;` then digits and semicolons: the sizes in pixels.
      let text = String(decoding: parameters.compactMap { UInt8(exactly: $0) }, as: UTF8.self)
      let mayBeSize =
        "4;".hasPrefix(text) || "6;".hasPrefix(text) || text.hasPrefix("4;")
        || text.hasPrefix("6;")
      guard mayBeSize, intermediates.isEmpty else { return .notAnAnswer }
    }
    return intermediates.count <= 1 ? .partial : .notAnAnswer
  }

  private static func isAnswer(
    private: Bool, _ parameters: [UInt32], _ intermediates: [UInt32], final: UInt32
  ) -> Bool {
    let numbers = parameters.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x3B }
    guard numbers else { return false }
    if `private` {
      switch (intermediates, final) {
      case ([], Self.code("c")), ([], Self.code("S")): return true
      case ([Self.code("$")], Self.code("y")): return true
      default: return false
      }
    }
    let fields = parameters.split(separator: 0x3B, omittingEmptySubsequences: false)
    return intermediates.isEmpty && final == Self.code("t") && fields.count == 3
      && (fields[0] == [Self.code("4")] || fields[0] == [Self.code("6")])
  }

  /// After `ESC P` or `ESC _`: `opening`, then anything up to `ESC \`.
  private static func string(_ rest: ArraySlice<UInt32>, opening: [Unicode.Scalar]) -> Shape {
    for (scalar, expected) in zip(rest, opening) where scalar != expected.value {
      return .notAnAnswer
    }
    guard rest.count > opening.count else { return .partial }
    let body = rest.dropFirst(opening.count)
    // `ESC \` ends it; an escape followed by anything else was no answer's.
    if let last = body.last, body.count >= 2, body[body.endIndex - 2] == escape {
      return last == Self.code("\\") ? .answer : .notAnAnswer
    }
    return .partial
  }
}
