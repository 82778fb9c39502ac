import TerminalText

/// How many cards carry each tag (sanitised, as shown), counted chunk by chunk as cards
/// arrive: a card counts once per tag, however often it repeats it.
package struct TagCounts: Equatable {
  private var names: [String] = []
  private var indexOfName: [String: Int] = [:]
  private var counts: [Int] = []

  package init() {}

  /// The number of different tags.
  package var distinctCount: Int { names.count }

  /// Counts the tags of `chunk`'s cards.
  ///
  /// - Complexity: O(tags of the chunk), one dictionary lookup per distinct tag name.
  package mutating func add(_ chunk: CardChunk) {
    let global = chunk.tagNames.map { name -> Int in
      let shown = Sanitizer.sanitize(name)
      guard !shown.isEmpty else { return -1 }
      if let known = indexOfName[shown] { return known }
      names.append(shown)
      counts.append(0)
      indexOfName[shown] = names.count - 1
      return names.count - 1
    }
    // Counted by the chunk's own names first, in a buffer of its own (no uniqueness check
    // a tag), then added to the totals once a name.
    var local = [Int](repeating: 0, count: global.count)
    local.withUnsafeMutableBufferPointer { local in
      global.withUnsafeBufferPointer { global in
        chunk.forEachCardsTags { references in
          for position in references.indices {
            let tag = global[Int(references[position])]
            guard tag >= 0 else { continue }
            // A tag repeated on a card counts once, also two names shown alike (cards have
            // few tags: a short look back).
            var repeated = false
            for earlier in references[..<position] where global[Int(earlier)] == tag {
              repeated = true
              break
            }
            if !repeated { local[Int(references[position])] += 1 }
          }
        }
      }
    }
    for (name, count) in zip(global, local) where name >= 0 && count > 0 {
      counts[name] += count
    }
  }

  /// The tags, most used first (ties by name).
  ///
  /// - Complexity: O(*t* log *t*) in the distinct tags.
  package var ranked: [String] { ranked(from: 0) }

  /// The tags counted after the first `first`, ranked among themselves as `ranked` ranks
  /// them (the tags first seen since `first` were counted).
  ///
  /// - Complexity: O(*k* log *k*) in those *k* tags.
  package func ranked(from first: Int) -> [String] {
    names.indices[Swift.min(first, names.count)...].sorted {
      counts[$0] != counts[$1] ? counts[$0] > counts[$1] : names[$0] < names[$1]
    }.map { names[$0] }
  }
}
