import Synchronization

/// Where a picture's bytes are: a file, or a picture compiled into the program (the
/// bundled sample's), by name.
package enum PictureSource: Hashable, Sendable, CustomStringConvertible {
  case file(String)
  case embedded(String)

  package var description: String {
    switch self {
    case .file(let path): return path
    case .embedded(let name): return "(bundled) " + name
    }
  }
}

/// The pictures compiled into the program, registered once at start-up.
package enum EmbeddedPictures {
  private static let pictures = Mutex<[String: [UInt8]]>([:])

  package static func register(_ bytes: [UInt8], named name: String) {
    pictures.withLock { $0[name] = bytes }
  }

  package static func bytes(named name: String) -> [UInt8]? {
    pictures.withLock { $0[name] }
  }
}
