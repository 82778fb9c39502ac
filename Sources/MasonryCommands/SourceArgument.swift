import Cards

/// The SOURCE argument of the commands: a card file, or the bundled sample when absent.
enum SourceArgument {
  static func load(_ positionals: [String]) throws(DataError) -> CardCollection {
    guard let path = positionals.first else { return BundledSample.collection() }
    return try CardLoader.load(path: path)
  }
}
