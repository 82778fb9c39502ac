import PictureFiles

/// Connects cards to their pictures after a card file is read: each `image.path` is
/// resolved against the card file's folder (or names a picture compiled into the
/// program), and a picture whose size the file left out is measured from its header.
package enum PictureLinks {
  /// Where relative picture paths of a source point.
  package enum Base: Sendable {
    /// The folder of the card file (its path's directory; the working directory for a
    /// file named without one).
    case folder(String)
    /// Pictures compiled into the program, by the path the sample gives.
    case embedded
  }

  /// The base for a card file at `path`.
  package static func base(forCardFile path: String) -> Base {
    guard let slash = path.lastIndex(of: "/") else { return .folder(".") }
    return .folder(slash == path.startIndex ? "/" : String(path[..<slash]))
  }

  /// Resolves against `base` every card's picture that is not located yet (the cards of a
  /// list of paths are, each as if named on the command line); reads the header of each
  /// picture whose size is unknown (a picture that cannot be read keeps its card and its
  /// reason).
  ///
  /// - Complexity: one header read per picture of unknown size; none otherwise.
  package static func resolve(_ cards: inout [Card], base: Base) {
    for index in cards.indices {
      guard var image = cards[index].image, image.source == nil, let path = image.path,
        !path.isEmpty
      else { continue }
      image.source = source(of: path, base: base)
      if !image.hasSize { readSize(of: &image) }
      cards[index].image = image
    }
  }

  /// Where the picture at `path` (as a card file names it) is.
  package static func source(of path: String, base: Base) -> PictureSource {
    switch base {
    case .embedded:
      return .embedded(path)
    case .folder(let folder):
      return .file(path.hasPrefix("/") || folder == "." ? path : folder + "/" + path)
    }
  }

  /// Reads the size of `image`'s picture from its header; when it cannot be read, the
  /// reason becomes the image's problem.
  static func readSize(of image: inout CardImage) {
    guard let source = image.source else { return }
    do {
      let info = try PictureInfo.read(source)
      image.width = info.width
      image.height = info.height
    } catch {
      if case .tooLarge(let width, let height) = error {
        image.width = width
        image.height = height
      }
      image.problem = error.description
    }
  }
}
