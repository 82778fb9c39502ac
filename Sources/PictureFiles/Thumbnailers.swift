#if canImport(Glibc)
  import Glibc
#endif

/// The desktop's thumbnailers (the freedesktop thumbnail specification): programs named
/// in `thumbnailers/*.thumbnailer` under `$XDG_DATA_HOME` and `$XDG_DATA_DIRS`, each
/// making a PNG of a file of the MIME types it lists — what file managers run for the
/// files no library of theirs reads (an icon, a Photoshop or GIMP file, an office
/// document). A file's type comes from its name, by the shared MIME database's globs
/// (`mime/globs2`), as file managers tell it when the content says nothing they know.
package struct Thumbnailers: Sendable {
  /// One thumbnailer: its desktop file's name, its command and the types it makes PNGs of.
  package struct Thumbnailer: Hashable, Sendable {
    package var name: String
    /// `Exec`, split into words as a desktop entry is; `%i` (the path), `%u` (its URI),
    /// `%o` (the PNG to write), `%s` (its size) and `%%` in them.
    package var exec: [String]
    package var mimeTypes: Set<String>

    package init(name: String, exec: [String], mimeTypes: Set<String>) {
      self.name = name
      self.exec = exec
      self.mimeTypes = mimeTypes
    }
  }

  /// In the order they are asked: the first that takes a type makes its thumbnails.
  package let thumbnailers: [Thumbnailer]
  /// A lower-cased extension (`psd`, `tar.gz`) → its MIME type.
  private let extensions: [String: String]

  package init(thumbnailers: [Thumbnailer], extensions: [String: String]) {
    self.thumbnailers = thumbnailers
    self.extensions = extensions
  }

  /// This process's: read once from its environment's data folders.
  package static let shared = Thumbnailers.load(
    dataDirectories: dataDirectories(environment: processEnvironment()))

  /// The data folders to look in, first first: `$XDG_DATA_HOME` (else
  /// `~/.local/share`), then `$XDG_DATA_DIRS` (else `/usr/local/share:/usr/share`). Only
  /// absolute paths count, as the base directory specification says.
  package static func dataDirectories(environment: [String: String]) -> [String] {
    var folders: [String] = []
    if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") {
      folders.append(home)
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      folders.append(home + "/.local/share")
    }
    let shared =
      environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/usr/local/share:/usr/share"
    folders += shared.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    return folders
  }

  /// The thumbnailers and the globs under `dataDirectories`.
  package static func load(dataDirectories: [String]) -> Thumbnailers {
    var thumbnailers: [Thumbnailer] = []
    var globs: [String: (weight: Int, type: String)] = [:]
    for folder in dataDirectories {
      for name in fileNames(in: folder + "/thumbnailers") where name.hasSuffix(".thumbnailer") {
        guard let text = readText(folder + "/thumbnailers/" + name, limit: 64 << 10),
          let thumbnailer = parseEntry(text, name: name), isRunnable(thumbnailer.exec[0])
        else { continue }
        thumbnailers.append(thumbnailer)
      }
      if let text = readText(folder + "/mime/globs2", limit: 8 << 20) {
        // A folder earlier in the list wins at equal weight.
        for (pattern, glob) in parseGlobs(text) where (globs[pattern]?.weight ?? -1) < glob.weight {
          globs[pattern] = glob
        }
      }
    }
    return Thumbnailers(thumbnailers: thumbnailers, extensions: globs.mapValues(\.type))
  }

  /// The MIME type a file named `name` has by its extension (the longest that is known:
  /// `x.tar.gz` before `x.gz`).
  package func mimeType(ofName name: String) -> String? {
    let lower = name.lowercased()
    var dot = lower.firstIndex(of: ".")
    while let at = dot {
      let extensionName = String(lower[lower.index(after: at)...])
      if let type = extensions[extensionName] { return type }
      dot = lower[lower.index(after: at)...].firstIndex(of: ".")
    }
    return nil
  }

  /// The thumbnailer for a file named `name`, with the file's MIME type; none for a name
  /// of a format read here (a `.jpg` that is no JPEG is not a picture, whatever a
  /// thumbnailer would make of it).
  package func thumbnailer(forName name: String) -> (mimeType: String, thumbnailer: Thumbnailer)? {
    guard !PictureFolder.isNamedLikePicture(name), let type = mimeType(ofName: name),
      let thumbnailer = thumbnailers.first(where: { $0.mimeTypes.contains(type) })
    else { return nil }
    return (type, thumbnailer)
  }

  /// The `[Thumbnailer Entry]` group of a desktop file: `Exec` (words), `MimeType` (a
  /// list), and `TryExec` checked like the command; `nil` without a command or a type.
  package static func parseEntry(_ text: String, name: String) -> Thumbnailer? {
    var inGroup = false
    var exec: [String]?
    var types: Set<String> = []
    var tryExec: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      let line = trimmed(line)
      if line.hasPrefix("#") { continue }
      if line.hasPrefix("[") {
        inGroup = line == "[Thumbnailer Entry]"
        continue
      }
      guard inGroup, let equals = line.firstIndex(of: "=") else { continue }
      let key = trimmed(line[..<equals])
      let value = trimmed(line[line.index(after: equals)...])
      switch key {
      case "Exec": exec = splitExec(value)
      case "TryExec": tryExec = value
      case "MimeType": types = Set(value.split(separator: ";").map(String.init))
      default: break
      }
    }
    guard let exec, !exec.isEmpty, !types.isEmpty else { return nil }
    if let tryExec, !isRunnable(tryExec) { return nil }
    return Thumbnailer(name: name, exec: exec, mimeTypes: types)
  }

  /// An `Exec` value split into words: spaces separate them, double quotes keep spaces
  /// (and `\"`, `` \` ``, `\$`, `\\` inside them are the character); `nil` when a quote is
  /// left open.
  package static func splitExec(_ value: String) -> [String]? {
    var words: [String] = []
    var word = ""
    var hasWord = false
    var quoted = false
    var escaped = false
    for character in value {
      if escaped {
        word.append(character)
        escaped = false
      } else if quoted && character == "\\" {
        escaped = true
      } else if character == "\"" {
        quoted.toggle()
        hasWord = true
      } else if character == " " && !quoted {
        if hasWord { words.append(word) }
        word = ""
        hasWord = false
      } else {
        word.append(character)
        hasWord = true
      }
    }
    guard !quoted, !escaped else { return nil }
    if hasWord { words.append(word) }
    return words
  }

  /// `globs2`'s `WEIGHT:TYPE:GLOB[:FLAGS]` lines whose glob is `*.EXTENSION` (no other
  /// wildcard), by lower-cased extension, the heaviest for each.
  package static func parseGlobs(_ text: String) -> [String: (weight: Int, type: String)] {
    var globs: [String: (weight: Int, type: String)] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: ":", omittingEmptySubsequences: false)
      guard fields.count >= 3, let weight = Int(fields[0]), fields[2].hasPrefix("*."),
        !fields[1].isEmpty
      else { continue }
      let pattern = fields[2].dropFirst(2)
      guard !pattern.isEmpty, !pattern.contains(where: { "*?[]".contains($0) }) else { continue }
      let key = pattern.lowercased()
      if (globs[key]?.weight ?? -1) < weight { globs[key] = (weight, String(fields[1])) }
    }
    return globs
  }

  /// `text` without the spaces, tabs and carriage returns around it.
  private static func trimmed(_ text: Substring) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = text.firstIndex(where: { !blank($0) }),
      let last = text.lastIndex(where: { !blank($0) })
    else { return "" }
    return String(text[first...last])
  }

  /// Whether `program` is an executable file: at its absolute path, or on `PATH`.
  static func isRunnable(_ program: String) -> Bool {
    if program.contains("/") { return access(program, X_OK) == 0 }
    let path = processEnvironment()["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
  }

  /// The names in `folder`, sorted (the order thumbnailers are asked in).
  private static func fileNames(in folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if !name.hasPrefix(".") { names.append(name) }
    }
    return names.sorted()
  }

  /// The regular file at `path` as text, when it is at most `limit` bytes.
  private static func readText(_ path: String, limit: Int) -> String? {
    guard let file = try? PictureFile(path: path), file.stamp.bytes <= limit,
      let bytes = try? file.read(count: limit)
    else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func processEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return environment
  }
}
