/// One JSON object per line on standard output.
struct BenchmarkReport {
  private(set) var lines: [[(String, String)]] = []

  /// Prints and keeps a line of `fields`; strings are quoted, numbers (and arrays of
  /// them) are not.
  mutating func emit(_ fields: [(String, Any)]) {
    let encoded = fields.map { key, value -> (String, String) in
      switch value {
      case let double as Double: return (key, Self.format(double))
      case let int as Int: return (key, String(int))
      case let bool as Bool: return (key, bool ? "true" : "false")
      case let doubles as [Double]:
        return (key, "[" + doubles.map(Self.format).joined(separator: ",") + "]")
      case let ints as [Int]: return (key, "[" + ints.map(String.init).joined(separator: ",") + "]")
      default: return (key, "\"\(value)\"")
      }
    }
    lines.append(encoded)
    print("{" + encoded.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}")
  }

  private static func format(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let scaled = (value * 100).rounded() / 100
    return scaled == scaled.rounded() && abs(scaled) < 1e15 ? String(Int(scaled)) : String(scaled)
  }
}
