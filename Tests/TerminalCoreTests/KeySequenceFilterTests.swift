import Testing

@testable import TerminalCore

/// Unknown keys' escape sequences are dropped whole, however they are cut into reads;
/// Escape alone and every other key pass as they came.
@Suite struct KeySequenceFilterTests {
  static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

  @Test func unknownSequencesAreDroppedAndKeysPass() {
    for (input, expected) in [
      ("\u{1B}[13;2u", ""),  // Shift-Enter as CSI u
      ("\u{1B}[29~j", "j"),
      ("\u{1B}OQk", "k"),
      ("\u{1B}", "\u{1B}"),  // Escape alone
      ("\u{1B}\u{1B}", "\u{1B}\u{1B}"),  // Escape twice
      ("\u{1B}\r", "\u{1B}\r"),  // Escape, then Enter
      ("ab\u{1B}[1;5Cc", "abc"),
      ("é日", "é日"),
    ] {
      var filter = KeySequenceFilter()
      #expect(
        filter.take(Self.scalars(input)) == Self.scalars(expected), "\(input.debugDescription)")
    }
  }

  @Test func anAltChordIsOneKey() {
    var filter = KeySequenceFilter()
    #expect(filter.take(Self.scalars("\u{1B}dx")) == [KeySequenceFilter.altFlag | 0x64, 0x78])
    #expect(
      filter.take(Self.scalars("\u{1B}é")) == Self.scalars("\u{1B}é"), "not a printable ASCII")
  }

  @Test func aSequenceCutIntoReadsIsDroppedWhole() {
    var filter = KeySequenceFilter()
    // As the late-answer filter releases it: ESC [ 1, then the rest one by one.
    var out = filter.take(Self.scalars("\u{1B}[1"))
    for scalar in Self.scalars("3;2u") { out += filter.take([scalar]) }
    out += filter.take(Self.scalars("q"))
    #expect(out == Self.scalars("q"))
  }

  @Test func aPauseEndsASequence() {
    var filter = KeySequenceFilter()
    // `ESC [` released at a pause (an answer's piece): what is typed after is keys.
    #expect(filter.take(Self.scalars("\u{1B}[")).isEmpty)
    filter.inputPaused()
    #expect(filter.take(Self.scalars("q")) == Self.scalars("q"))
  }

  @Test func aRunawaySequenceEndsTheSkipping() {
    var filter = KeySequenceFilter()
    var out = filter.take(Self.scalars("\u{1B}["))
    for _ in 0...KeySequenceFilter.sequenceLimit { out += filter.take([0x31]) }
    out += filter.take(Self.scalars("q"))
    #expect(out == Self.scalars("q"))
  }
}
