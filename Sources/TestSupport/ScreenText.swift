/// What the end-to-end tests read off a captured screen.
package enum ScreenText {
  /// The browser's status bar: the last line with a separator and "of " (`1–3 of 64`) or
  /// "no cards", or nothing.
  package static func statusLine(_ screen: String) -> String {
    screen.split(separator: "\n").last {
      $0.contains("│") && ($0.contains("of ") || $0.contains("no cards"))
    }.map(String.init) ?? ""
  }
}
