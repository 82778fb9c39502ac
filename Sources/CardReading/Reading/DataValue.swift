import CardModel

/// A value read from JSON or a property list, with the position where it starts, so that
/// every complaint about the data can point at the offending place.
package struct DataValue: Sendable {
  package indirect enum Kind: Sendable {
    case object([(key: String, value: DataValue)])
    case array([DataValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
  }

  package var kind: Kind
  var location: ByteLocation

  /// What the value is, as an error message names it ("a string", "an array", …).
  package var typeName: String {
    switch kind {
    case .object: return "an object"
    case .array: return "an array"
    case .string: return "a string"
    case .number: return "a number"
    case .bool: return "a boolean"
    case .null: return "null"
    }
  }

  /// The value of `key` when this is an object (the last one, if the key repeats).
  package subscript(key: String) -> DataValue? {
    guard case .object(let members) = kind else { return nil }
    return members.last { $0.key == key }?.value
  }
}
