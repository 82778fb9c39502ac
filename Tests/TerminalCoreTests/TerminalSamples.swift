import Foundation

/// What the terminal suites share: escape sequences written so that a failure reads (the
/// terminals' probe answers are `ProbeAnswerSamples`, in TestSupport).
enum TerminalSamples {
  /// `bytes` as text, each escape shown as `⎋`.
  static func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋")
  }
}
