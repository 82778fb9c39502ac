import Cards
import PictureFiles
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// How a command finds its cards: the SOURCE arguments (a card file, pictures, folders of
/// pictures, or none for the bundled sample) and the options that shape picture folders.
struct SourceOptions {
  var recursive = false
  var sort = PictureFolder.Sort.name
  /// Folders' headers kept between runs (the browser's, unless `--no-cache`).
  var headers: PictureHeaderCache?
  var reading = CardReadOptions()
  /// `--files LIST` or `--files0 LIST`: the pictures are the paths the list holds.
  var list: (path: String, separator: PathList.Separator)?

  static let fieldOptions = FieldMapping.Field.allCases.map { "--\($0.rawValue)" }
  static let valueOptions: Set<String> = Set(
    ["--sort", "--sections", "--files", "--files0"] + fieldOptions)
  static let flagOptions: Set<String> = ["--recursive", "--flat"]

  /// What SOURCE may be, for every command that reads cards.
  static let sourceHelp = """
    SOURCE is a file of cards (JSON, JSON Lines or an XML property list; - or a pipe or \
    FIFO streams in), one or more pictures (\(PictureFormat.names()): a card each), or a \
    folder of pictures (-r: its sub-folders too, each a section); without it, standard \
    input when it is a pipe or a file, else the bundled sample. --files and --files0 read the pictures' paths from a list instead.
    """

  static let documentation = [
    OptionHelp(
      "--files LIST",
      "The pictures are the paths in LIST, one a line (- reads standard input: find DIR -name '*.jpg' | masonry --files -), each as if named as SOURCE, grouped by the folder the list names; paths that are not there are left out and counted."
    ),
    OptionHelp(
      "--files0 LIST",
      "The same for paths each ended by a NUL byte (fd -0, find -print0), for names that hold a line feed."
    ),
    OptionHelp(
      "-r, --recursive",
      "With a folder of pictures: its sub-folders too, each a section of its own."),
    OptionHelp(
      "--sort name|date|size",
      "The order of pictures in a folder: by name, numbers by value (img2 before img10, the default); by the date taken (EXIF), else the file's time; or by size."
    ),
    OptionHelp(
      "--caption KEY",
      "Where each card's caption is: a key, or a dotted path into nested objects (--caption title, --caption meta.name); the same for --comment, --tags, --image, --section, --id and --url. For JSON from any program or API."
    ),
    OptionHelp("--comment KEY", "Where each card's comment is (default: comment)."),
    OptionHelp("--tags KEY", "Where each card's tags are: an array of strings (default: tags)."),
    OptionHelp(
      "--image KEY",
      "Where each card's picture is: an object with width, height, color, path, or a path (default: image)."
    ),
    OptionHelp(
      "--section KEY",
      "Where each card's section name is (default: section). Cards with the same name form a section (see --sections)."
    ),
    OptionHelp("--id KEY", "Where each card's id is: a string or a whole number (default: id)."),
    OptionHelp(
      "--url KEY",
      "Where each card's address is, which o opens instead of its picture (default: url)."
    ),
    OptionHelp(
      "--alt KEY",
      "Where each card's picture is said in words, for the accessible view (default: alt)."
    ),
    OptionHelp(
      "--sections grouped|runs|none",
      "How cards fall into sections: grouped, every card with the same section name in one section, in the order the names first appear (the default; a card read later for an earlier section joins its end); runs, each run of consecutive cards with the same name; none, one section in file order."
    ),
    OptionHelp("--flat", "The same as --sections none."),
  ]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    recursive = arguments.flags.contains("--recursive")
    if let mode = try arguments.choice("--sections", of: SectionMode.allCases.map(\.rawValue)) {
      reading.sections = SectionMode(rawValue: mode)!
    }
    if arguments.flags.contains("--flat") {
      if arguments.values["--sections"] != nil && reading.sections != .none {
        throw UsageError("--flat and --sections \(reading.sections.rawValue) disagree")
      }
      reading.sections = .none
    }
    for field in FieldMapping.Field.allCases {
      guard let path = arguments.values["--\(field.rawValue)"] else { continue }
      guard reading.mapping.set(field, to: path) else {
        throw UsageError(
          "--\(field.rawValue) needs a key or a path of keys joined by dots, not '\(path)'")
      }
    }
    if let sort = try arguments.choice("--sort", of: PictureFolder.Sort.allCases.map(\.rawValue)) {
      self.sort = PictureFolder.Sort(rawValue: sort)!
    }
    switch (arguments.values["--files"], arguments.values["--files0"]) {
    case (nil, nil): break
    case (let lines?, nil): list = (lines, .lineFeed)
    case (nil, let nuls?): list = (nuls, .nul)
    case (_?, _?): throw UsageError("--files and --files0 are two ways to give one list")
    }
    if let list, !arguments.positionals.isEmpty {
      throw UsageError(
        "--files\(list.separator == .nul ? "0" : "") reads the pictures from its list; give no SOURCE as well"
      )
    }
  }

  /// The cards of `sources`: none gives the bundled sample; one card source (a JSON, JSON
  /// Lines or property list file; `-` for standard input; a pipe, FIFO or device) gives
  /// its cards; pictures and folders of pictures give a card each.
  ///
  /// - Throws: `DataError` (65 bad data, 66 missing input).
  func load(_ sources: [String]) throws(DataError) -> CardCollection {
    if let list {
      if list.path == "-" && isatty(0) == 1 {
        throw DataError(
          .missingInput, path: "-", position: nil,
          message: "standard input is this terminal; pipe a list in (find DIR | masonry --files -)")
      }
      var collection = try CardLoader.load(
        path: list.path, options: reading, format: .pathList(list.separator), headers: headers)
      if list.path == "-" { collection.source = "standard input" }
      return collection
    }
    guard let first = sources.first else { return BundledSample.collection() }
    if sources.count == 1 && !Self.isPictureOrFolder(first) {
      return try CardLoader.load(path: first, options: reading)
    }
    return try PictureCards.load(
      paths: sources, recursive: recursive, sort: sort, headers: headers)
  }

  /// The sources to read: those named; with none, no list, and standard input a pipe or
  /// a file (`MASONRY_STANDARD_INPUT`, which only the executable sets), standard input, as
  /// fzf reads it — never the bundled sample while data waits on a pipe.
  func sources(_ positionals: [String], environment: [String: String]) -> [String] {
    guard positionals.isEmpty, list == nil, environment["MASONRY_STANDARD_INPUT"] != nil
    else { return positionals }
    return ["-"]
  }

  /// Whether `sources` are read as pictures and folders (then `s` and `S` sort them).
  func arePictures(_ sources: [String]) -> Bool {
    !sources.isEmpty && !(sources.count == 1 && !Self.isPictureOrFolder(sources[0]))
  }

  /// The pictures of `sources` in another order.
  func loadPictures(_ sources: [String], sort: PictureFolder.Sort, descending: Bool)
    throws(DataError) -> CardCollection
  {
    try PictureCards.load(
      paths: sources, recursive: recursive, sort: sort, descending: descending, headers: headers)
  }

  /// Whether `source` is read as cards (a card file or a stream), not as pictures.
  func isCardSource(_ source: String) -> Bool { !Self.isPictureOrFolder(source) }

  /// A folder, a picture, or a file named like one (`zero.jpg` is an empty picture,
  /// never a card file that ends too soon); a dangling link or a loop named like a
  /// picture too, so that it gets a card that says so.
  private static func isPictureOrFolder(_ path: String) -> Bool {
    var status = stat()
    guard FileName.withCString(path, { stat($0, &status) }) == 0 else {
      var link = stat()
      return FileName.withCString(path, { lstat($0, &link) }) == 0
        && PictureFolder.isNamedLikePicture(path)
    }
    return status.st_mode & S_IFMT == S_IFDIR || PictureFolder.isPicture(path)
      || PictureFolder.isNamedLikePicture(path)
  }
}
