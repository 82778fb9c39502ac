import CardModel

/// A format read whole into cards (a property list, a list of paths), at most
/// `maximumBytes` of it: `RecordReader` hands its cards over as one piece. The other
/// shape of format is `StreamedRecordFormat`.
protocol WholeRecordFormat {
  /// The most bytes read.
  var maximumBytes: Int { get }
  /// The error for a source larger than `maximumBytes`.
  var tooLarge: String { get }
  /// The cards of the source's `bytes` (`path` names it in errors), and what the status
  /// bar says of how it was read, if anything.
  func cards(in bytes: [UInt8], path: String) throws(DataError) -> (
    cards: [Card], notice: String?
  )
}

/// An XML or binary property list in the seed's shape, read whole.
struct PropertyListFormat: WholeRecordFormat {
  let mapping: FieldMapping
  var maximumBytes: Int { RecordReader.maximumPropertyListBytes }
  var tooLarge: String {
    "a property list larger than \(maximumBytes >> 20) MB; use JSON Lines"
  }

  func cards(in bytes: [UInt8], path: String) throws(DataError) -> (
    cards: [Card], notice: String?
  ) {
    var reader = PropertyListReader(bytes: bytes)
    do throws(DataError) {
      let cards = try CardDecoder.cards(fromDocument: try reader.readDocument(), mapping: mapping)
      return (cards, nil)
    } catch {
      throw error.located(in: bytes, path: path)
    }
  }
}
