import CTextSupport

/// Display width in terminal cells, by the rule ncurses itself uses: glibc `wcwidth` under
/// a UTF-8 locale, summed over the scalars of a grapheme cluster.
///
/// Measure only sanitised text (`Sanitizer`): it has no scalar that `wcwidth` rejects, and
/// none of the joiners on which ncurses, tmux and terminals disagree.
package enum DisplayWidth {
  /// The width of one scalar: 0, 1 or 2; a scalar `wcwidth` rejects counts as -1.
  @inline(__always)
  package static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return 1 }
    return Int(masonry_wcwidth(value))
  }

  /// The width of a grapheme cluster: the sum of its scalars' widths (never negative).
  package static func of(_ cluster: Character) -> Int {
    var width = 0
    for scalar in cluster.unicodeScalars { width += Swift.max(0, of(scalar)) }
    return width
  }

  /// The width of a string, cluster by cluster.
  package static func of(_ text: some StringProtocol) -> Int {
    var width = 0
    for cluster in text { width += of(cluster) }
    return width
  }
}
