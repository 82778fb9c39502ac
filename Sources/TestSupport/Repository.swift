import Foundation

/// The repository the tests run from: its fixtures, its sample, its sources.
package enum Repository {
  /// The repository's folder (this file is `Sources/TestSupport/Repository.swift`).
  package static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  package static var path: String { url.path }
}
