import Foundation

/// The pictures made by Debian's tools for the decoder tests
/// (`Tests/PicturesTests/Fixtures`, `scripts/make-format-fixtures.sh`).
package enum PictureFixtures {
  package static let folder = Repository.url.appendingPathComponent("Tests/PicturesTests/Fixtures")

  /// The path of fixture `name`.
  package static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// The bytes of fixture `name` (none when it is missing).
  package static func bytes(_ name: String) -> [UInt8] {
    Array(FileManager.default.contents(atPath: path(name)) ?? Data())
  }
}
