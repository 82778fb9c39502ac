import TerminalText

/// Fitting one line of sanitised text into a number of cells.
package enum TextFitting {
  /// `text` cut to `width` cells, ending in an ellipsis when it was cut.
  package static func truncated(_ text: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    if DisplayWidth.of(text) <= width { return text }
    var result = ""
    var used = 0
    for cluster in text {
      let clusterWidth = DisplayWidth.of(cluster)
      if used + clusterWidth > width - 1 { break }
      result.append(cluster)
      used += clusterWidth
    }
    return result + "…"
  }

  /// `text` cut or padded with spaces to exactly `width` cells.
  package static func padded(_ text: String, toWidth width: Int) -> String {
    let fitted = truncated(text, toWidth: width)
    return fitted + String(repeating: " ", count: Swift.max(0, width - DisplayWidth.of(fitted)))
  }
}
