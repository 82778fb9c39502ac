import CardModel

/// The straightforward loader: the whole source in memory, every record read into a tree
/// of values and decoded into a `Card`. Slow and memory-hungry, but plain; the seeded tests
/// compare the streaming, compact loader against it on the same files, and the benchmark
/// measures against it.
package enum ReferenceCardLoader {
  /// The cards in `bytes`, read as `format`.
  package static func cards(
    in bytes: [UInt8], path: String, format: CardLoader.Format,
    mapping: FieldMapping = FieldMapping()
  ) throws(DataError) -> [Card] {
    do throws(DataError) {
      switch format {
      case .json:
        var reader = JSONReader(bytes: bytes)
        return try CardDecoder.cards(fromDocument: try reader.readDocument(), mapping: mapping)
      case .propertyList:
        var reader = PropertyListReader(bytes: bytes)
        return try CardDecoder.cards(fromDocument: try reader.readDocument(), mapping: mapping)
      case .jsonLines:
        var cards: [Card] = []
        var lineNumber = 1
        var start = 0
        for end in bytes.indices where bytes[end] == 0x0A {
          try appendLine(bytes[start..<end], number: lineNumber, mapping: mapping, to: &cards)
          start = end + 1
          lineNumber += 1
        }
        try appendLine(bytes[start...], number: lineNumber, mapping: mapping, to: &cards)
        return cards
      case .pathList(let separator):
        let paths = try PathList.paths(in: bytes, separator: separator, path: path)
        return try PictureCards.listed(paths, source: path).cards
      }
    } catch {
      throw error.byteLocation == nil && !error.path.isEmpty
        ? error : error.located(in: bytes, path: path)
    }
  }

  private static func appendLine(
    _ line: ArraySlice<UInt8>, number: Int, mapping: FieldMapping, to cards: inout [Card]
  ) throws(DataError) {
    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
    var reader = JSONReader(bytes: Array(line), line: number)
    do throws(DataError) {
      cards.append(try CardDecoder.card(from: try reader.readDocument(), mapping: mapping))
    } catch {
      throw error.located(in: Array(line), path: "")
    }
  }
}
