import Cards
import Foundation

/// A feed of real text, none of it written here: what the machine's packages install.
///
/// - The Debian package catalogue (`apt-cache dumpavail`): each package's name, its
///   one-line description (punctuation, digits, parentheses, version numbers) and home
///   page, four of its debtags, its section (58 names, interleaved: the catalogue is
///   sorted by package name).
/// - Manual page summaries (`apropos -l .`), in manual sections.
/// - Message catalogues (`/usr/share/locale/LANG/LC_MESSAGES/*.mo`) in Japanese, Chinese,
///   Korean, Russian, Ukrainian, Greek, French, German, Spanish, Polish, Vietnamese: each
///   translation with its English original, a section per program (12,000 a language at
///   most, spread over the programs).
/// - Unicode character names (`UnicodeData.txt`, by block) and emoji with their names
///   (`emoji-test.txt`, by group), from the unicode-data package.
///
/// The sources are woven together in proportion, so that sections interleave as they do
/// in real files, and the whole is cycled to the count asked for (each card with its own
/// id). A source that is missing is left out; `counts` says how many records each gave.
struct RealTextFeed {
  private(set) var sources: [(name: String, cards: [Card])] = []

  init() {
    sources = [
      ("debian packages", Self.packages()),
      ("manual page summaries", Self.manualSummaries()),
      ("message catalogues", Self.messageCatalogues()),
      ("unicode names", Self.unicodeNames()),
      ("emoji names", Self.emojiNames()),
    ].filter { !$0.1.isEmpty }
  }

  /// How many records each source gave.
  var counts: [(String, Int)] { sources.map { ($0.name, $0.cards.count) } }

  /// The distinct records, the sources woven together in proportion.
  var woven: [Card] {
    let total = sources.reduce(0) { $0 + $1.cards.count }
    var taken = Array(repeating: 0, count: sources.count)
    var result: [Card] = []
    result.reserveCapacity(total)
    while result.count < total {
      // The source furthest behind its share goes next.
      var best = -1
      var bestShare = Double.infinity
      for (index, source) in sources.enumerated() where taken[index] < source.cards.count {
        let share = Double(taken[index]) / Double(source.cards.count)
        if share < bestShare {
          bestShare = share
          best = index
        }
      }
      result.append(sources[best].cards[taken[best]])
      taken[best] += 1
    }
    return result
  }

  /// Writes `count` cards as JSON Lines to `path` (the woven records, cycled); returns
  /// the bytes written.
  @discardableResult
  func write(count: Int, to path: String) -> Int {
    let records = woven
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    guard !records.isEmpty, let file = FileHandle(forWritingAtPath: path) else { return 0 }
    defer { try? file.close() }
    var written = 0
    var start = 0
    while start < count {
      let end = Swift.min(count, start + 20_000)
      var piece = ""
      for index in start..<end {
        var card = records[index % records.count]
        card.id = "\(card.id ?? "r")/\(index / records.count)"
        piece += card.jsonLine + "\n"
      }
      let data = Data(piece.utf8)
      file.write(data)
      written += data.count
      start = end
    }
    return written
  }

  // MARK: Sources

  /// The output of `command`, or "" when it cannot run.
  private static func output(of command: [String]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// The package catalogue: name, description and home page, four debtags, section.
  private static func packages() -> [Card] {
    var cards: [Card] = []
    var fields: [String: String] = [:]
    var last = ""
    func flush() {
      defer { fields = [:] }
      guard let name = fields["Package"], let description = fields["Description"] else { return }
      let tags = (fields["Tag"] ?? "").split(separator: ",")
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.prefix(4)
      let version = fields["Version"].map { " (\($0))" } ?? ""
      let home = fields["Homepage"].map { " " + $0 } ?? ""
      cards.append(
        Card(
          id: "pkg:\(name)", caption: name, comment: description + version + home,
          tags: Array(tags), section: fields["Section"] ?? "unknown"))
    }
    for line in output(of: ["apt-cache", "dumpavail"]).split(
      separator: "\n", omittingEmptySubsequences: false)
    {
      if line.isEmpty {
        flush()
      } else if line.first == " " {
        fields[last, default: ""] += " " + line.trimmingCharacters(in: .whitespaces)
      } else if let colon = line.firstIndex(of: ":") {
        last = String(line[..<colon])
        // The catalogue repeats a package once per repository that has it; keep the first.
        if fields[last] == nil {
          fields[last] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
      }
    }
    flush()
    return cards
  }

  /// `name (section) - summary` for every manual page, by manual section.
  private static func manualSummaries() -> [Card] {
    let names = [
      "1": "user commands", "2": "system calls", "3": "library calls", "4": "special files",
      "5": "file formats", "6": "games", "7": "overview", "8": "administration",
    ]
    var cards: [Card] = []
    for line in output(of: ["apropos", "-l", "."]).split(separator: "\n") {
      guard let dash = line.range(of: " - ") else { continue }
      let head = line[..<dash.lowerBound].trimmingCharacters(in: .whitespaces)
      let summary = String(line[dash.upperBound...])
      let section = head.split(separator: "(").last.map { String($0.prefix(1)) } ?? "?"
      cards.append(
        Card(
          id: "man:\(head)", caption: head, comment: summary, tags: ["man"],
          section: "manual: " + (names[section] ?? section)))
    }
    return cards
  }

  /// The languages whose message catalogues are read.
  static let languages = ["ja", "zh_CN", "ko", "ru", "uk", "el", "fr", "de", "es", "pl", "vi"]

  /// How many messages each language gives at most, so that English (the catalogue and
  /// the manual) stays about half of the feed.
  static let messagesPerLanguage = 12_000

  /// Each translation (first line of it) with its English original, by program.
  private static func messageCatalogues() -> [Card] {
    var perLanguage: [[Card]] = []
    for language in languages {
      let folder = "/usr/share/locale/\(language)/LC_MESSAGES"
      let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".mo") }.sorted()
      var cards: [Card] = []
      for file in files {
        let domain = String(file.dropLast(3))
        guard let data = FileManager.default.contents(atPath: "\(folder)/\(file)") else {
          continue
        }
        for (index, pair) in Self.messages(in: [UInt8](data)).enumerated() {
          let translation = pair.translated.split(separator: "\n").first.map(String.init) ?? ""
          let original = pair.original.split(separator: "\n").first.map(String.init) ?? ""
          guard !translation.isEmpty, translation != original else { continue }
          cards.append(
            Card(
              id: "mo:\(language)/\(domain)/\(index)", caption: translation, comment: original,
              tags: [language, domain], section: "\(domain) (\(language))"))
        }
      }
      // At most `messagesPerLanguage`, spread over all the programs.
      let step = Swift.max(1, (cards.count + messagesPerLanguage - 1) / messagesPerLanguage)
      perLanguage.append(stride(from: 0, to: cards.count, by: step).map { cards[$0] })
    }
    // The languages in turn, a card of each.
    var result: [Card] = []
    var index = 0
    while perLanguage.contains(where: { index < $0.count }) {
      for cards in perLanguage where index < cards.count { result.append(cards[index]) }
      index += 1
    }
    return result
  }

  /// The (original, translated) pairs of a GNU .mo file; none when it is not one.
  static func messages(in bytes: [UInt8]) -> [(original: String, translated: String)] {
    guard bytes.count >= 28 else { return [] }
    func word(_ offset: Int, bigEndian: Bool) -> Int? {
      guard offset >= 0, offset + 4 <= bytes.count else { return nil }
      let b = bytes[offset..<offset + 4].map(UInt32.init)
      return Int(
        bigEndian
          ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0])
    }
    let big: Bool
    switch word(0, bigEndian: false) {
    case 0x9504_12de: big = false
    case 0xde12_0495: big = true
    default: return []
    }
    guard let count = word(8, bigEndian: big), let originals = word(12, bigEndian: big),
      let translations = word(16, bigEndian: big), count < 1_000_000
    else { return [] }
    func string(table: Int, index: Int) -> String? {
      guard let length = word(table + index * 8, bigEndian: big),
        let offset = word(table + index * 8 + 4, bigEndian: big), offset + length <= bytes.count
      else { return nil }
      // A plural entry holds its forms apart by NULs: the first one.
      let slice = bytes[offset..<offset + length].split(separator: 0).first ?? []
      return String(decoding: slice, as: UTF8.self)
    }
    var result: [(String, String)] = []
    for index in 0..<count {
      guard let original = string(table: originals, index: index),
        let translated = string(table: translations, index: index), !original.isEmpty
      else { continue }
      result.append((original, translated))
    }
    return result
  }

  /// Every named character of UnicodeData.txt, shown with its name, by block.
  private static func unicodeNames() -> [Card] {
    guard
      let blocksText = try? String(
        contentsOfFile: "/usr/share/unicode/Blocks.txt", encoding: .utf8),
      let dataText = try? String(
        contentsOfFile: "/usr/share/unicode/UnicodeData.txt", encoding: .utf8)
    else { return [] }
    var blocks: [(range: ClosedRange<UInt32>, name: String)] = []
    for line in blocksText.split(separator: "\n") where !line.hasPrefix("#") {
      let parts = line.split(separator: ";")
      guard parts.count == 2 else { continue }
      let bounds = parts[0].split(separator: ".").filter { !$0.isEmpty }
      guard bounds.count == 2, let low = UInt32(bounds[0], radix: 16),
        let high = UInt32(bounds[1], radix: 16)
      else { continue }
      blocks.append((low...high, parts[1].trimmingCharacters(in: .whitespaces)))
    }
    var cards: [Card] = []
    var block = 0
    for line in dataText.split(separator: "\n") {
      let fields = line.split(separator: ";", omittingEmptySubsequences: false)
      guard fields.count > 2, let value = UInt32(fields[0], radix: 16),
        let scalar = Unicode.Scalar(value), !fields[1].hasPrefix("<")
      else { continue }
      let category = String(fields[2])
      // Marks, separators and controls do not stand alone: their names only.
      let shown = "LNPS".contains(category.prefix(1)) ? "\(Character(scalar)) " : ""
      while block < blocks.count && blocks[block].range.upperBound < value { block += 1 }
      let name = fields[1].lowercased()
      cards.append(
        Card(
          id: "U+\(fields[0])", caption: shown + name, comment: "U+\(fields[0]) \(category)",
          tags: [category],
          section: block < blocks.count && blocks[block].range.contains(value)
            ? blocks[block].name : "unassigned"))
    }
    return cards
  }

  /// Every fully qualified emoji of emoji-test.txt with its name, by group.
  private static func emojiNames() -> [Card] {
    guard
      let text = try? String(
        contentsOfFile: "/usr/share/unicode/emoji/emoji-test.txt", encoding: .utf8)
    else { return [] }
    var group = ""
    var subgroup = ""
    var cards: [Card] = []
    for line in text.split(separator: "\n") {
      if line.hasPrefix("# group: ") {
        group = String(line.dropFirst(9))
      } else if line.hasPrefix("# subgroup: ") {
        subgroup = String(line.dropFirst(12))
      } else if !line.hasPrefix("#"), line.contains("; fully-qualified"),
        let hash = line.range(of: "# ")
      {
        // `1F600 ; fully-qualified # 😀 E1.0 grinning face`
        let shown = line[hash.upperBound...]
        let parts = shown.split(separator: " ", maxSplits: 2)
        guard parts.count == 3 else { continue }
        cards.append(
          Card(
            id: "emoji:\(cards.count)", caption: "\(parts[0]) \(parts[2])",
            comment: "Emoji \(parts[1].dropFirst()) · \(group) › \(subgroup)",
            tags: [subgroup], section: "emoji: " + group))
      }
    }
    return cards
  }
}
