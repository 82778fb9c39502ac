import Cards

#if canImport(Glibc)
  import Glibc
#endif

/// How a command finds its cards: the SOURCE arguments (a card file, pictures, folders of
/// pictures, or none for the bundled sample) and the options that shape picture folders.
struct SourceOptions {
  var recursive = false
  var sort = PictureCards.Sort.name

  static let valueOptions: Set<String> = ["--sort"]
  static let flagOptions: Set<String> = ["--recursive"]

  static let documentation = [
    OptionHelp(
      "-r, --recursive",
      "With a folder of pictures: its sub-folders too, each a section of its own."),
    OptionHelp(
      "--sort name|date|size",
      "The order of pictures in a folder: by name, numbers by value (img2 before img10, the default); by the date taken (EXIF), else the file's time; or by size."
    ),
  ]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    recursive = arguments.flags.contains("--recursive")
    if let sort = try arguments.choice("--sort", of: PictureCards.Sort.allCases.map(\.rawValue)) {
      self.sort = PictureCards.Sort(rawValue: sort)!
    }
  }

  /// The cards of `sources`: none gives the bundled sample; one card file (JSON, JSON
  /// Lines, a property list) gives its cards; pictures and folders of pictures give a
  /// card each.
  ///
  /// - Throws: `DataError` (65 bad data, 66 missing input).
  func load(_ sources: [String]) throws(DataError) -> CardCollection {
    guard let first = sources.first else { return BundledSample.collection() }
    if sources.count == 1 && !Self.isPictureOrFolder(first) {
      return try CardLoader.load(path: first)
    }
    return try PictureCards.load(paths: sources, recursive: recursive, sort: sort)
  }

  private static func isPictureOrFolder(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    return status.st_mode & S_IFMT == S_IFDIR || PictureCards.isPicture(path)
  }
}
