import CardModel
import PictureFiles

#if canImport(Glibc)
  import Glibc
#endif

/// Loads cards from a source: JSON (an array of cards or an object with `cards`), JSON
/// Lines (one card per line), or an XML property list in the seed's shape. The format
/// comes from the extension, or else from the first bytes. Files, standard input (`-`),
/// pipes, FIFOs and character devices are all read as streams (`CardStreamReader`).
///
/// A load either gives every card of the source or throws a `DataError`: never a partial,
/// silent load.
package enum CardLoader {
  package enum Format: Hashable, Sendable {
    case json
    case jsonLines
    case propertyList
    /// A list of file paths, a picture card each (`PathList`).
    case pathList(PathList.Separator)
  }

  /// The cards of the source at `path` (`-`: standard input), read as `format` (else as
  /// its name or content says); a list of paths reads the picture headers already in
  /// `headers`.
  ///
  /// - Throws: `DataError` with exit code 66 when the source is missing or unreadable, 65
  ///   when its content is not a valid card source.
  package static func load(
    path: String, options: CardReadOptions = CardReadOptions(), format: Format? = nil,
    headers: PictureHeaderCache? = nil
  ) throws(DataError) -> CardCollection {
    let reader = try CardStreamReader(
      path: path, options: options, format: format, headers: headers)
    return try readAll(reader, source: path, sections: options.sections)
  }

  /// The cards in `bytes`, read as `format` (or the format their name or content
  /// suggests), with pictures resolved against `pictureBase`. With `readSizes` the bytes
  /// arrive as a pipe's would, in pieces of those sizes in turn (for tests and fuzzing).
  package static func load(
    bytes: [UInt8], path: String, format: Format? = nil, pictureBase: PictureLinks.Base? = nil,
    options: CardReadOptions = CardReadOptions(), readSizes: [Int] = []
  ) throws(DataError) -> CardCollection {
    let reader = CardStreamReader(
      source: ByteSource(bytes: bytes, path: path, readSizes: readSizes), options: options,
      pictureBase: pictureBase, format: format)
    return try readAll(reader, source: path, sections: options.sections)
  }

  private static func readAll(
    _ reader: CardStreamReader, source: String, sections: SectionMode
  )
    throws(DataError) -> CardCollection
  {
    var store = CardStore()
    while true {
      let (chunks, error, finished) = reader.next()
      for chunk in chunks { store.append(chunk) }
      if let error { throw error }
      if finished { break }
    }
    var collection = CardCollection(source: source, store: store, sections: sections)
    collection.notice = reader.takeNotice()
    return collection
  }

  /// The cards in `bytes`, read as `format` (or the format their content suggests),
  /// pictures unresolved.
  package static func cards(in bytes: [UInt8], path: String, format: Format?) throws(DataError)
    -> [Card]
  {
    Array(try load(bytes: bytes, path: path, format: format).cards)
  }

  /// The format an extension names, if it names one.
  package static func format(forPath path: String) -> Format? {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: ".") else { return nil }
    switch name[name.index(after: dot)...].lowercased() {
    case "json": return .json
    case "jsonl", "ndjson": return .jsonLines
    case "plist": return .propertyList
    default: return nil
    }
  }
}
