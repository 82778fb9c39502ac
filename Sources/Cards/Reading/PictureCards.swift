import Pictures

#if canImport(Glibc)
  import Glibc
#endif

/// Cards made from picture files: `masonry PHOTOS/`, `masonry a.jpg b.png`. Each
/// picture becomes a card whose caption is the file name and whose comment says
/// `W×H · size · date` (the EXIF date taken, else the file's modification time). Only the
/// headers are read, so a folder of 10,000 pictures is laid out at once.
package enum PictureCards {
  /// The order of the cards within a folder (all ascending).
  package enum Sort: String, CaseIterable, Sendable {
    /// By file name, numbers by value: `img2` before `img10`.
    case name
    /// By the date taken (EXIF), else the modification time: the oldest first.
    case date
    /// By file size: the smallest first.
    case size
  }

  /// The cards of `paths`: pictures, and folders of pictures (their sub-folders too, each
  /// a section, when `recursive`). Files that are not pictures are skipped in folders; a
  /// path given by name that is not there is an error.
  ///
  /// - Throws: `DataError` (66) for a path that is missing or unreadable, or when no
  ///   picture is found at all.
  package static func load(paths: [String], recursive: Bool, sort: Sort) throws(DataError)
    -> CardCollection
  {
    var cards: [Card] = []
    for path in paths {
      var status = stat()
      guard FileName.withCString(path, { stat($0, &status) }) == 0 else {
        throw DataError(
          .missingInput, path: path, position: nil,
          message: errno == ENOENT ? "no such file or directory" : PictureFile.reason(errno))
      }
      if status.st_mode & S_IFMT == S_IFDIR {
        cards += folderCards(path, section: nil, recursive: recursive, sort: sort)
      } else if let entry = entry(path: path, name: fileName(path)) {
        cards.append(entry.card)
      }
    }
    guard !cards.isEmpty else {
      throw DataError(
        .missingInput, path: paths.joined(separator: " "), position: nil,
        message: "no JPEG, PNG, WebP or GIF pictures")
    }
    let source = paths.count == 1 ? paths[0] : "\(paths.count) paths"
    return CardCollection(source: source, cards: cards)
  }

  /// Whether the file at `path` starts like a picture.
  package static func isPicture(_ path: String) -> Bool {
    guard let file = try? PictureFile(path: path) else { return false }
    var bytes = [UInt8](repeating: 0, count: 16)
    let count = bytes.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, 16, 0) }
    return count > 0 && PictureFormat.sniff(Array(bytes.prefix(count))) != nil
  }

  private static func folderCards(
    _ folder: String, section: String?, recursive: Bool, sort: Sort
  ) -> [Card] {
    var files: [Entry] = []
    var folders: [String] = []
    for entry in entries(of: folder) {
      let path = folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
      var status = stat()
      // lstat: a link to a folder is not followed (no loops); a link to a file is.
      guard FileName.withCString(path, { lstat($0, &status) }) == 0 else { continue }
      if status.st_mode & S_IFMT == S_IFDIR {
        if recursive { folders.append(entry) }
        continue
      }
      guard var file = self.entry(path: path, name: entry) else { continue }
      file.card.section = section
      files.append(file)
    }
    files.sort { a, b in
      switch sort {
      case .name: return NaturalOrder.precedes(a.name, b.name)
      case .date:
        return a.date != b.date ? a.date < b.date : NaturalOrder.precedes(a.name, b.name)
      case .size:
        return a.bytes != b.bytes ? a.bytes < b.bytes : NaturalOrder.precedes(a.name, b.name)
      }
    }
    var cards = files.map(\.card)
    for name in folders.sorted(by: NaturalOrder.precedes) {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      cards += folderCards(
        path, section: section.map { $0 + "/" + name } ?? name, recursive: true, sort: sort)
    }
    return cards
  }

  /// The names in `folder`, without hidden ones.
  private static func entries(of folder: String) -> [String] {
    guard let directory = FileName.withCString(folder, { opendir($0) }) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      // Names are bytes: kept exactly, so that one that is not UTF-8 opens too.
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        FileName.string(fromBytes: raw.prefix { $0 != 0 })
      }
      if !name.hasPrefix(".") { names.append(name) }
    }
    return names
  }

  /// A picture's card and what it is sorted by.
  private struct Entry {
    var name: String
    var card: Card
    /// `YYYY-MM-DD HH:MM`: the date taken, else the modification time.
    var date: String
    var bytes: Int
  }

  /// The card of the picture at `path`, or `nil` when it does not start like a picture.
  /// A picture whose header cannot be read keeps its card, with the reason.
  private static func entry(path: String, name: String) -> Entry? {
    guard isPicture(path) else { return nil }
    var image = CardImage(width: 0, height: 0, path: path, source: .file(path))
    var status = stat()
    _ = FileName.withCString(path) { stat($0, &status) }
    let bytes = Int(status.st_size)
    var date = localTime(status.st_mtim.tv_sec)
    var tags: [String] = []
    var size: String?
    do {
      let info = try PictureInfo.read(.file(path))
      image.width = info.width
      image.height = info.height
      size = "\(info.width)×\(info.height)"
      if let taken = info.dateTaken { date = exifDate(taken) }
      tags = [info.format.rawValue]
    } catch {
      if case .tooLarge(let width, let height) = error {
        image.width = width
        image.height = height
        size = "\(width)×\(height)"
      }
      image.problem = error.description
    }
    let comment = ([size].compactMap { $0 } + [ByteCount.text(bytes), date]).joined(
      separator: " · ")
    let card = Card(id: path, caption: name, comment: comment, image: image, tags: tags)
    return Entry(name: name, card: card, date: date, bytes: bytes)
  }

  private static func fileName(_ path: String) -> String {
    let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
    return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
  }

  /// `2021:07:04 10:30:00` → `2021-07-04 10:30`.
  private static func exifDate(_ date: String) -> String {
    let parts = date.split(separator: " ")
    guard parts.count == 2 else { return date }
    return parts[0].replacingColons() + " " + parts[1].prefix(5)
  }

  private static func localTime(_ seconds: Int) -> String {
    var time = time_t(seconds)
    var fields = tm()
    guard localtime_r(&time, &fields) != nil else { return "" }
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(fields.tm_year + 1900)-\(two(fields.tm_mon + 1))-\(two(fields.tm_mday)) "
      + "\(two(fields.tm_hour)):\(two(fields.tm_min))"
  }
}

extension Substring {
  fileprivate func replacingColons() -> String { String(map { $0 == ":" ? "-" : $0 }) }
}
