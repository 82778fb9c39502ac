/// Fitting one line of sanitised text into a number of cells: the one place lines are cut
/// with an ellipsis (card text, chips, the status bar, headers).
package enum TextFitting {
  /// The longest start of `text` (whole grapheme clusters) that fits `width` cells.
  package static func prefix(of text: String, fitting width: Int) -> String {
    var result = ""
    var used = 0
    for cluster in text {
      let clusterWidth = DisplayWidth.of(cluster)
      if used + clusterWidth > width { break }
      result.append(cluster)
      used += clusterWidth
    }
    return result
  }

  /// `text` cut to `width` cells, ending in an ellipsis when it was cut.
  package static func truncated(_ text: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    if DisplayWidth.of(text) <= width { return text }
    return prefix(of: text, fitting: width - 1) + "…"
  }

  /// `line` ending in an ellipsis within `width` cells, the spaces before it dropped
  /// (unchanged when it already ends in one): the last line shown of text that goes on.
  package static func endingInEllipsis(_ line: String, width: Int) -> String {
    if line.hasSuffix("…") { return line }
    var kept = prefix(of: line, fitting: width - 1)
    while kept.last == " " { kept.removeLast() }
    return kept + "…"
  }

  /// `text` cut or padded with spaces to exactly `width` cells.
  package static func padded(_ text: String, toWidth width: Int) -> String {
    let fitted = truncated(text, toWidth: width)
    return fitted + String(repeating: " ", count: Swift.max(0, width - DisplayWidth.of(fitted)))
  }
}
