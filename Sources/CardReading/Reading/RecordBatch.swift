import CardModel

/// Whole records (one card's bytes each) cut from a source, with where each starts, ready
/// to be parsed on any thread.
package struct RecordBatch: Sendable {
  /// The bytes the records lie in.
  var bytes: [UInt8]
  var records: [RecordSpan]
  /// How many bytes of the source this batch accounts for (records and what lies between
  /// them): the progress it makes.
  var sourceBytes: Int

  /// The position of a record's start in the source.
  struct RecordSpan: Sendable {
    var start: Int
    var end: Int
    /// The line and column (in Unicode scalars) at which the record starts.
    var line: Int
    var column: Int
    /// How deeply the record lies in its document: 0 for a line of JSON Lines, 1 for an
    /// element of a top-level array, 2 for one of the `cards` array of an object.
    var depth: Int
  }

  var isEmpty: Bool { records.isEmpty }
}
