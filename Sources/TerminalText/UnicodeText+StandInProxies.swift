// swift-format-ignore-file
// Generated from the scalar table by StandInTests.proxiesAreTheScalarTablesKinds: every
// kind (class, width, whether a line may start with it) of scalar it yields that has no
// ASCII twin, most scalars first. `RECORD_SNAPSHOTS=1 swift test --filter StandInTests`
// writes it again; the test fails when it differs.
extension UnicodeText.StandInBytes {
// proxies: begin
  /// Proxies of two-cell scalars, 0xA0 on.
  static let wideProxies: [(LineBreakClass, Bool)] = [
    (.id, true),
    (.h3, true),
    (.al, true),
    (.h2, true),
    (.eb, true),
    (.ns, false),
    (.cl, false),
    (.opWide, true),
    (.ex, false),
    (.pr, true),
    (.is, false),
    (.po, true),
    (.ba, true),
    (.in, true),
  ]
  /// Proxies of one-cell scalars without an ASCII twin, 0x81 on.
  static let narrowProxies: [(LineBreakClass, Bool)] = [
    (.id, true),
    (.hl, true),
    (.bb, true),
    (.ns, false),
    (.gl, true),
    (.eb, true),
    (.in, true),
    (.b2, true),
    (.hh, true),
    (.cl, true),
    (.opWide, true),
  ]
  /// The kinds the scalar table yields that find no proxy byte (the ranges are full):
  /// their text is folded into its words, as text of marks is.
  static let refused: [(LineBreakClass, Int, Bool)] = [
  ]
// proxies: end
}
