import CardModel
import PictureFiles
import TerminalText

/// Cards made from picture files: `masonry PHOTOS/`, `masonry a.jpg b.png`. Each
/// picture (as `PictureFolder` lists it) becomes a card whose caption is the file name and
/// whose comment says `W×H · size · date` (the EXIF date taken, else the file's
/// modification time), tagged with its format.
package enum PictureCards {
  /// The cards of `paths`: pictures, and folders of pictures (their sub-folders too, each
  /// a section, when `recursive`). A file meant as a picture that is not one (named on
  /// the command line, or named like a picture in a folder) keeps a card with the reason
  /// in its image box; other files in folders are left out; a path given by name that is
  /// not there is an error.
  ///
  /// - Throws: `DataError` (66) for a path that is missing or unreadable, or when no
  ///   picture is found at all.
  package static func load(
    paths: [String], recursive: Bool, sort: PictureFolder.Sort, descending: Bool = false,
    headers: PictureHeaderCache? = nil
  ) throws(DataError) -> CardCollection {
    var cards: [Card] = []
    var leftOut = PictureFolder.LeftOut()
    for path in paths {
      switch PictureFolder.pictures(
        at: path, recursive: recursive, sort: sort, descending: descending, headers: headers)
      {
      case .missing(let reason):
        throw DataError(.missingInput, path: path, position: nil, message: reason)
      case .entries(let entries, let left):
        cards += entries.map(card)
        leftOut = leftOut + left
      }
    }
    guard !cards.isEmpty else {
      // A folder of sub-folders of pictures (a phone's DCIM, a year of trips): say -r.
      let hint =
        leftOut.foldersWithPictures > 0
        ? ", but \(Counted.phrase(leftOut.foldersWithPictures, "sub-folder")) \(leftOut.foldersWithPictures == 1 ? "holds" : "hold") some: masonry -r opens them"
        : ""
      throw DataError(
        .missingInput, path: paths.joined(separator: " "), position: nil,
        message: "no pictures" + hint)
    }
    let source = paths.count == 1 ? paths[0] : "\(paths.count) paths"
    var collection = CardCollection(source: source, cards: cards)
    collection.notice = notice(leftOut)
    return collection
  }

  /// The cards of a list of paths (`--files`, `--files0`, a list sniffed on a stream:
  /// `PathListFormat`), in its order: each path as if named on the command line (a folder
  /// gives its pictures), grouped by the folder the list names it in (`Trips/Kyoto/a.jpg`
  /// in the section `Trips/Kyoto`), so that a search finds a folder's pictures by its
  /// name; and what the status bar says of what was left out, if anything. A listed path
  /// that is not there (a list made before files moved) is left out and counted, never
  /// the end of the list.
  ///
  /// - Throws: `DataError` (66) when not one listed path is there.
  static func listed(_ paths: [String], source: String, headers: PictureHeaderCache? = nil)
    throws(DataError) -> (cards: [Card], notice: String?)
  {
    var cards: [Card] = []
    var leftOut = PictureFolder.LeftOut()
    var missing = 0
    for path in paths {
      switch PictureFolder.pictures(at: path, recursive: false, sort: .name, headers: headers) {
      case .missing: missing += 1
      case .entries(let entries, let left):
        for entry in entries {
          var listed = card(entry)
          listed.section = PathList.folder(of: entry.path)
          cards.append(listed)
        }
        leftOut = leftOut + left
      }
    }
    guard !cards.isEmpty else {
      throw DataError(
        .missingInput, path: source, position: nil,
        message: missing > 0 ? "not one listed path is there" : "no pictures listed")
    }
    let notFound =
      missing > 0 ? Counted.phrase(missing, "listed path") + " not found, left out" : nil
    let said = [notFound, notice(leftOut)].compactMap { $0 }.joined(separator: " · ")
    return (cards, said.isEmpty ? nil : said)
  }

  /// What the status bar says a listing left out: never nothing silently.
  static func notice(_ leftOut: PictureFolder.LeftOut) -> String? {
    var parts: [String] = []
    if leftOut.files > 0 {
      parts.append(
        Counted.phrase(leftOut.files, "file") + " that " + (leftOut.files == 1 ? "is" : "are")
          + " no picture left out")
    }
    if leftOut.folders > 0 {
      let held =
        leftOut.foldersWithPictures > 0 ? " (\(leftOut.foldersWithPictures) with pictures)" : ""
      parts.append(
        Counted.phrase(leftOut.folders, "sub-folder") + held + " not opened: -r opens them")
    }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// The card of a picture: a picture whose header cannot be read keeps its card, with
  /// the reason in its image box.
  private static func card(_ entry: PictureFolder.Entry) -> Card {
    var image = CardImage(width: 0, height: 0, path: entry.path, source: .file(entry.path))
    var tags: [String] = []
    var size: String?
    var extent: String?
    switch entry.header {
    case .failure(.notAPicture) where entry.thumbnailed != nil:
      // Its size is the thumbnailer's to tell: a square box, the picture letterboxed in it.
      image.width = 256
      image.height = 256
      extent = entry.thumbnailed
      let name = entry.name.lowercased()
      if let dot = name.lastIndex(of: "."), dot != name.startIndex {
        tags = [String(name[name.index(after: dot)...])]
      }
    case .success(let info):
      image.width = info.width
      image.height = info.height
      size = "\(info.width)×\(info.height)"
      extent = info.extent
      tags = [info.format.rawValue]
    case .failure(let failure):
      if case .tooLarge(let width, let height) = failure {
        image.width = width
        image.height = height
        size = "\(width)×\(height)"
      }
      image.problem = failure.description
    }
    let parts = [size, extent, entry.bytes.map(ByteCount.text), entry.date].compactMap { $0 }
    let comment = parts.isEmpty ? nil : parts.joined(separator: " · ")
    var card = Card(id: entry.path, caption: entry.name, comment: comment, image: image, tags: tags)
    card.section = entry.section
    return card
  }
}
