import CardModel

/// A place in a source file: 1-based line and column (the column counts Unicode scalars).
package struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
  package var line: Int
  package var column: Int

  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  package var description: String { "\(line):\(column)" }
}

/// Where a value starts, in bytes: cheap to record for every value, turned into a
/// `SourcePosition` (whose column counts scalars) only when an error is reported.
struct ByteLocation: Hashable, Sendable {
  var line: Int
  var lineStart: Int
  var offset: Int

  /// The position in `bytes`, counting columns in Unicode scalars.
  func position(in bytes: [UInt8]) -> SourcePosition {
    var column = 1
    var index = lineStart
    while index < offset && index < bytes.count {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return SourcePosition(line: line, column: column)
  }
}
