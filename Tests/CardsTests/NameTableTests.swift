import TestSupport
import Testing

@testable import CardMeasuring
@testable import CardModel
@testable import CardReading
@testable import CardSearch

/// `NameTable` against a dictionary keyed by the same bytes, on seeded random names of a
/// small alphabet (many equal, many sharing a prefix, lengths around each eight-byte step,
/// the empty name, long names alike but for their middles), through every growth of its table: `find` answers `nil` exactly for
/// names not added yet, and the flag each was added with.
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
        if Int.random(in: 0..<4, using: &generator) == 0 {
          // Longer than sixteen bytes, with the same first and last eight: told apart by
          // their middles.
          name = Array("abababab".utf8) + name.prefix(3) + Array("babababa".utf8)
        }
        // Keep it well-formed UTF-8, as the builder hands it over: only whole sequences.
        name = Array(String(decoding: name, as: UTF8.self).utf8)
        let isNew = known[name] == nil
        let expected = known[name] ?? UInt32(order.count)
        if isNew {
          known[name] = expected
          order.append(name)
        }
        // The flag kept with a name is what it was added with (here: its first byte's
        // parity, any Boolean the table only keeps).
        let flag = name.first.map { $0 % 2 == 0 } ?? true
        name.withUnsafeBufferPointer { buffer in
          let before = table.find(buffer)
          #expect(before?.index == (isNew ? nil : expected))
          #expect(before.map { $0.printable == flag } ?? isNew)
          #expect(table.index(of: buffer, printable: flag) == expected)
          #expect(table.find(buffer)?.index == expected)
        }
      }
      #expect(table.count == order.count)
      #expect(table.names == order.map { String(decoding: $0, as: UTF8.self) })
    }
  }
}
