import CTextSupport

/// The tables the text loops read at every call — the rules' pair decisions, each ASCII
/// byte's class and cluster byte, the ASCII stand-ins of two-byte scalars — made once and reached through one published pointer
/// (`masonry_text_tables`): a load and a test, where a `static let` costs a call to
/// Swift's lazy-global check at each use, several a text, millions a count.
struct TextTables {
  let pairDecisions: UnsafePointer<UInt8>
  let asciiClasses: UnsafePointer<LineBreakClass>
  let asciiClusters: UnsafePointer<UInt8>
  /// Each scalar of two UTF-8 bytes' ASCII stand-in, or 0 (`UnicodeText.standInTable`).
  let standIns: UnsafePointer<UInt8>
  /// Whether `UnicodeText.asciiScalars` is there (the ASCII tables are made from it).
  let hasASCII: Bool

  /// The tables, made on first use.
  @inline(__always)
  static var shared: UnsafePointer<TextTables> {
    guard let published = masonry_load_text_tables() else { return made }
    return UnsafePointer(published.assumingMemoryBound(to: TextTables.self))
  }

  /// Made once (never freed) and published; only this initialiser publishes.
  nonisolated(unsafe) private static let made: UnsafePointer<TextTables> = {
    let tables = UnsafeMutablePointer<TextTables>.allocate(capacity: 1)
    tables.initialize(
      to: TextTables(
        pairDecisions: LineBreakRules.madePairDecisions,
        asciiClasses: UnicodeText.madeASCIIClassTable,
        asciiClusters: UnicodeText.madeASCIIClusterTable,
        standIns: UnicodeText.madeStandInTable,
        hasASCII: UnicodeText.asciiScalars != nil))
    _ = masonry_publish_text_tables(tables)
    return UnsafePointer(tables)
  }()
}
