import CardModel
import PictureFiles
import TerminalText

/// A list of file paths (`PathList`) read whole: a card for each picture as
/// `PictureCards` makes them, in the list's order, grouped by folder.
struct PathListFormat: WholeRecordFormat {
  let separator: PathList.Separator
  /// The headers already read, shared with every other listing.
  let headers: PictureHeaderCache?
  /// Whether the reader took the source for a list by its first line (the status bar then
  /// says it read it so).
  let sniffed: Bool

  var maximumBytes: Int { PathList.maximumBytes }
  var tooLarge: String { "a list of paths larger than \(PathList.maximumBytes >> 20) MB" }

  func cards(in bytes: [UInt8], path: String) throws(DataError) -> (
    cards: [Card], notice: String?
  ) {
    let paths = try PathList.paths(in: bytes, separator: separator, path: path)
    let listed: (cards: [Card], notice: String?)
    do throws(DataError) {
      listed = try PictureCards.listed(paths, source: path, headers: headers)
    } catch  where sniffed && error.kind == .missingInput {
      // Taken for a list because it could not be cards: say both.
      throw DataError(
        .badData, path: path, position: SourcePosition(line: 1, column: 1),
        message: "neither cards (JSON, JSON Lines, a property list) nor a list of paths to "
          + "pictures that are there")
    }
    let (cards, leftOut) = listed
    let readAs = sniffed ? "read as a list of \(Counted.phrase(paths.count, "path"))" : nil
    let said = [readAs, leftOut].compactMap { $0 }.joined(separator: " · ")
    return (cards, said.isEmpty ? nil : said)
  }
}
