#if canImport(Glibc)
  import Glibc
#endif

/// Loads cards from a file: JSON (an array of cards or an object with `cards`), JSON
/// Lines (one card per line, read as a stream), or an XML property list in the seed's
/// shape. The format comes from the extension, or else from the content.
///
/// A load either gives every card of the source or throws a `DataError`: never a partial,
/// silent load.
package enum CardLoader {
  package enum Format: String, Sendable {
    case json
    case jsonLines
    case propertyList
  }

  /// The cards of the file at `path`.
  ///
  /// - Throws: `DataError` with exit code 66 when the file is missing or unreadable, 65
  ///   when its content is not a valid card source.
  package static func load(path: String) throws(DataError) -> CardCollection {
    let file = try SourceFile(path: path)
    defer { file.close() }
    var cards: [Card]
    if format(forPath: path) == .jsonLines
      || (format(forPath: path) == nil && file.looksLikeJSONLines())
    {
      cards = try readJSONLines(file, path: path)
    } else {
      cards = try self.cards(in: try file.readAll(), path: path, format: nil)
    }
    CardPictures.resolve(&cards, base: CardPictures.base(forCardFile: path))
    return CardCollection(source: path, cards: cards)
  }

  /// The cards in `bytes`, read as `format` (or the format their content suggests).
  package static func cards(in bytes: [UInt8], path: String, format: Format?) throws(DataError)
    -> [Card]
  {
    let format = format ?? self.format(forPath: path) ?? sniffFormat(bytes)
    do {
      switch format {
      case .json:
        var reader = JSONReader(bytes: bytes)
        return try CardDecoder.cards(fromDocument: try reader.readDocument())
      case .propertyList:
        var reader = PropertyListReader(bytes: bytes)
        return try CardDecoder.cards(fromDocument: try reader.readDocument())
      case .jsonLines:
        var cards: [Card] = []
        var lineNumber = 1
        var start = 0
        for end in bytes.indices where bytes[end] == 0x0A {
          try appendLine(bytes[start..<end], number: lineNumber, path: path, to: &cards)
          start = end + 1
          lineNumber += 1
        }
        try appendLine(bytes[start..<bytes.count], number: lineNumber, path: path, to: &cards)
        return cards
      }
    } catch {
      throw error.byteLocation == nil && !error.path.isEmpty
        ? error : error.located(in: bytes, path: path)
    }
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

  /// The format the content suggests: `<` or `bplist` for a property list; a first line
  /// that is a whole JSON object for JSON Lines; JSON otherwise.
  static func sniffFormat(_ bytes: [UInt8]) -> Format {
    guard
      let first = bytes.firstIndex(where: {
        ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0)
      })
    else { return .json }
    if bytes[first] == UInt8(ascii: "<") || bytes[first...].starts(with: Array("bplist".utf8)) {
      return .propertyList
    }
    guard bytes[first] == UInt8(ascii: "{") else { return .json }
    let end = bytes[first...].firstIndex(of: 0x0A) ?? bytes.count
    var reader = JSONReader(bytes: bytes, range: first..<end)
    return (try? reader.readDocument()) != nil && end < bytes.count ? .jsonLines : .json
  }

  private static func appendLine(
    _ line: ArraySlice<UInt8>, number: Int, path: String, to cards: inout [Card]
  ) throws(DataError) {
    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
    let bytes = Array(line)
    var reader = JSONReader(bytes: bytes, line: number)
    do {
      cards.append(try CardDecoder.card(from: try reader.readDocument()))
    } catch {
      throw error.located(in: bytes, path: path)
    }
  }

  /// Reads JSON Lines a chunk at a time, so that a large feed never sits in memory twice.
  private static func readJSONLines(_ file: SourceFile, path: String) throws(DataError) -> [Card] {
    var cards: [Card] = []
    var pending: [UInt8] = []
    var lineNumber = 1
    while let chunk = try file.readChunk() {
      pending.append(contentsOf: chunk)
      var start = pending.startIndex
      while let end = pending[start...].firstIndex(of: 0x0A) {
        try appendLine(pending[start..<end], number: lineNumber, path: path, to: &cards)
        lineNumber += 1
        start = end + 1
      }
      pending.removeSubrange(..<start)
    }
    try appendLine(pending[...], number: lineNumber, path: path, to: &cards)
    return cards
  }
}
