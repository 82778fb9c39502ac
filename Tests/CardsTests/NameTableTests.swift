import TestSupport
import Testing

@testable import Cards

/// `NameTable` against a dictionary keyed by the same bytes, on seeded random names of a
/// small alphabet (many equal, many sharing a prefix, lengths around each eight-byte step,
/// the empty name), through every growth of its table.
@Suite struct NameTableTests {
  @Test func indicesAreTheOrderNamesFirstCameIn() {
    var generator = SeededGenerator(seed: 19)
    let alphabet = Array("ab€é ".utf8)
    for round in 0..<200 {
      var table = NameTable()
      var known: [[UInt8]: UInt32] = [:]
      var order: [[UInt8]] = []
      let lookups = Int.random(in: 0...(round < 100 ? 60 : 3_000), using: &generator)
      for _ in 0..<lookups {
        let length = Int.random(
          in: 0...(Bool.random(using: &generator) ? 3 : 25), using: &generator)
        var name = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
        // Keep it well-formed UTF-8, as the builder hands it over: only whole sequences.
        name = Array(String(decoding: name, as: UTF8.self).utf8)
        let expected = known[name] ?? UInt32(order.count)
        if known[name] == nil {
          known[name] = expected
          order.append(name)
        }
        let found = name.withUnsafeBufferPointer { table.index(of: $0) }
        #expect(found == expected)
      }
      #expect(table.count == order.count)
      #expect(table.names == order.map { String(decoding: $0, as: UTF8.self) })
    }
  }
}
