import CTextSupport

/// The tables the text loops read at every call — the rules' pair decisions, each ASCII
/// byte's class and cluster byte, the stand-ins of other scalars — made once and reached
/// through one published pointer
/// (`masonry_text_tables`): a load and a test, where a `static let` costs a call to
/// Swift's lazy-global check at each use, several a text, millions a count.
struct TextTables {
  let pairDecisions: UnsafePointer<UInt8>
  /// The class of each byte of 256: ASCII's, and the stand-ins' above
  /// (`UnicodeText.StandInBytes`).
  let asciiClasses: UnsafePointer<LineBreakClass>
  let asciiClusters: UnsafePointer<UInt8>
  /// The stand-in byte of a scalar of each `ScalarInfo` key, or 0.
  let standInsByKey: UnsafePointer<UInt8>
  /// The stand-in of each scalar of two UTF-8 bytes, or 0 (`StandInBytes.ofTwoBytes`).
  let standInsOfTwoBytes: UnsafePointer<UInt8>
  /// Bit `b - 0x80` set: a line may start with stand-in byte `b`.
  let standInsMayStartLine: UInt128
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
        asciiClasses: UnicodeText.madeStandIns.classes,
        asciiClusters: UnicodeText.madeASCIIClusterTable,
        standInsByKey: UnicodeText.madeStandIns.byKey,
        standInsOfTwoBytes: UnicodeText.madeStandIns.ofTwoBytes,
        standInsMayStartLine: UnicodeText.madeStandIns.mayStartLine,
        hasASCII: UnicodeText.asciiScalars != nil))
    _ = masonry_publish_text_tables(tables)
    return UnsafePointer(tables)
  }()
}
