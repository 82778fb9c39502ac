/// Where a line may break.
package enum WrapMode: String, CaseIterable, Hashable, Sendable {
  /// At the line-break opportunities of UAX #14 (between words, and between most CJK
  /// characters); a word wider than the line is split between grapheme clusters.
  case word
  /// At any grapheme cluster boundary, as the seed's grid wraps its labels, still keeping
  /// closing punctuation, small kana and the like off the start of a line.
  case char
}
