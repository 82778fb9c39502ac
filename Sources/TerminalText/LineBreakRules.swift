/// UAX #14 line breaking as ICU 72 does it for `ja@lb=strict` (its `line_cj` rules: the
/// strict rules, CJ as NS, with U+201C and U+201D as opening and closing punctuation, which
/// `ScalarTable` resolves): the rules of ICU's own reference (`test/testdata/break_rules/
/// line_cj.txt`, which its monkey test holds the real iterator to), applied the way that
/// reference applies them. At each position the first rule, in order, that matches there
/// decides: a rule with a break (`÷`) breaks at that place and matching goes on from it; a
/// rule without one joins everything it matched, and matching goes on from its last scalar
/// ("chaining"). A rule must match two scalars, or one with a break. `^` rules match only
/// at the start and just after a break.
///
/// Only the classes of `LineBreakClass` are handled (no SA, RI, CB, jamo, BK, CR, NL,
/// ZWJ); the tests compare every answer with ICU's (`LineBreakTest.txt` and seeded random
/// text over every class), and `FuzzText` does so on any input.
package enum LineBreakRules {
  /// Writes, for each scalar `i` of `classes` after the first, whether a line may break
  /// before it (`breaks[i]`; `breaks[0]` is left false).
  ///
  /// - Complexity: O(*n*) (see `forEachBreak`).
  package static func breakOpportunities(
    _ classes: UnsafeBufferPointer<LineBreakClass>, into breaks: UnsafeMutableBufferPointer<Bool>
  ) {
    for index in 0..<classes.count { breaks[index] = false }
    forEachBreak(classes) { breaks[$0] = true }
  }

  /// Calls `body` with each scalar of `classes` (after the first) before which a line may
  /// break, in ascending order.
  ///
  /// - Complexity: O(*n*): each step consumes at least one scalar, and its rules look a
  ///   bounded way past it but for runs of marks and spaces (and LB25's number), which the
  ///   next step then starts after. A run of letters (AL) is crossed eight classes at a
  ///   time: a step from a letter to a letter joins them whatever came before (LB28, a
  ///   pair the table decides), so the run's steps all join.
  @inline(__always)
  package static func forEachBreak(
    _ classes: UnsafeBufferPointer<LineBreakClass>, _ body: (Int) -> Void
  ) {
    forEachBreak(classes, from: 0, before: classes.count, body)
  }

  /// Calls `body` with the breaks `forEachBreak(_:_:)` finds after scalar `start`, which
  /// must be 0 or a place where the text's steps always start (`startsStep`), at least
  /// those up to scalar `limit` (it stops once its steps reach `limit`).
  ///
  /// Why a later start gives the same breaks: a step reads only the classes from where it
  /// starts, and `initial` only when its first class is HY or HH (LB20.09); every step
  /// ends on the last scalar it matched or on its break, and the scalars it passes over
  /// are of the classes `startsStep` leaves out (marks, spaces, the insides of LB25's
  /// numbers and of LB21a). So a scalar of any other class is where a step starts,
  /// whatever came before it, and the steps from there are the text's own. (The tests
  /// hold counts made so to those of whole shapes, and a class wrongly taken for a start
  /// fails them.)
  ///
  /// - Complexity: O(`limit` − `start`), but for a run of marks, spaces or number that a
  ///   step reads to its end.
  @inline(__always)
  package static func forEachBreak<Classes: LineBreakClassSequence>(
    _ classes: Classes, from start: Int, before limit: Int, _ body: (Int) -> Void
  ) {
    let count = classes.count
    guard count > 0 else { return }
    var start = start
    var initial = true
    let pairs = pairDecisions
    while start < limit {
      if start + 1 < count {
        let first = classes[start]
        let second = classes[start + 1]
        if first == .al && second == .al {
          start = classes.letterRunEnd(from: start + 1) - 1
          initial = false
          continue
        }
        // Most other steps are decided by two classes alone (`pairTable`).
        let decision = pairs[Int(first.rawValue) &* classCount &+ Int(second.rawValue)]
        if decision != undecided {
          if decision == breaksPair { body(start + 1) }
          initial = decision == breaksPair
          start += 1
          continue
        }
      } else if start + 1 == count {
        return  // the last scalar: nothing breaks after it within the text
      }
      let (end, breakAt) = match(classes, at: start, initial: initial)
      if breakAt >= 0 {
        if breakAt < count { body(breakAt) }
        start = breakAt
        initial = true
      } else {
        start = end - 1
        initial = false
      }
    }
  }

  /// Whether a line may break before scalar `index` of `classes`, when the two scalars
  /// before it decide it alone: a space, and before it a scalar `X` whose step ends at the
  /// space or before it (LB7 joins `X SP`, and a step that covers `X` ends at `X` or at
  /// the space), so that a step starts at the space and its pair with the scalar at
  /// `index` decides (the pair table, as `forEachBreak` takes it). The rules whose match
  /// runs from before a space across it are left out: LB8 (ZW SP*), LB14 (OP SP*), LB15
  /// (QU SP* OP), LB16 ((CL|CP) SP* NS) and LB17 (B2 SP* B2), and a mark or a space as `X`
  /// (it may belong to such a run). `nil` otherwise (the rules must run).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  package static func breakAfterSpace<Classes: LineBreakClassSequence>(
    _ classes: Classes, before index: Int
  ) -> Bool? {
    guard index >= 2, classes[index - 1] == .sp else { return nil }
    let before = classes[index - 2]
    let target = classes[index]
    switch before {
    case .sp, .cm, .zw, .op, .opWide: return nil
    // (A `where` would bind to a case's last pattern only: the runs are tested apart.)
    case .qu: if target.isOpening { return nil }
    case .cl, .cp, .cpWide: if target == .ns { return nil }
    case .b2: if target == .b2 { return nil }
    default: break
    }
    let space = Int(LineBreakClass.sp.rawValue)
    let decision = pairDecisions[space &* classCount &+ Int(target.rawValue)]
    guard decision != undecided else { return nil }
    return decision == breaksPair
  }

  /// Whether a line may break between a scalar of class `before` and one of class `after`
  /// that follows it, when those two decide it alone: a step always starts at `before`
  /// (`startsStep`) and the pair table decides its step (as `forEachBreak` takes it).
  /// `nil` otherwise (the rules must run).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  package static func pairBreaks(_ before: LineBreakClass, _ after: LineBreakClass) -> Bool? {
    guard startsStep(before) else { return nil }
    let decision = pairDecisions[Int(before.rawValue) &* classCount &+ Int(after.rawValue)]
    guard decision != undecided else { return nil }
    return decision == breaksPair
  }

  /// Whether a line may break before scalar `index` (at least 1) of `classes`, for the
  /// pairs `pairBreaks` leaves to the rules because no step need start at the first of
  /// them (it may lie inside a number or after spaces), when the pair decides it however
  /// the step that covers its first scalar began: no rule that joins runs on from that
  /// scalar into the second but the ones named, and none breaks between them.
  /// - OP then anything but a space (or a mark or line feed, which other rules read):
  ///   joined (LB14). QU then the same: joined (LB19).
  /// - Anything but a space, ZW or line feed (or a mark, whose base is unknown here)
  ///   before CL, CP, EX, IS or SY: joined (LB13); before HY, BA or NS: joined (LB21).
  /// - Inside a number (LB25, `(PR|PO)? (OP|HY)? NU (NU|SY|IS)* (CL|CP)? (PR|PO)?`): NU
  ///   after NU, HY, PR or PO, NU after IS or SY after NU, and PR or PO after NU: joined
  ///   (a number may start at any NU, and at the HY, PR or PO before one), however the
  ///   step before began — the digits of versions, dates and sizes.
  /// - Before a letter (AL): IS joined (LB29), NU joined (LB23), PR and PO joined (LB24),
  ///   SY broken (no rule joins them; a number cannot go on into a letter).
  /// - HY before a letter: broken (LB21 `HY ÷`), unless the hyphen comes just after a
  ///   break (LB20.09 joins it then) — which only a space, ZW or line feed before it, or the
  ///   text's start, make — or after Hebrew (LB21a); a mark before it is left to the rules.
  /// - A mark after a scalar `X` that LB9 gives it to (not a space, ZW, line feed or mark):
  ///   the pair `X` and the scalar at `index`, as `pairBreaks` takes it (LB9 reads `X CM`
  ///   as `X`), most often a wide scalar's stand-in and its second cell.
  ///
  /// `nil` otherwise. The tests hold each answer to `forEachBreak`'s after every context
  /// of up to three classes.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  package static func pairBreaksAnywhere<Classes: LineBreakClassSequence>(
    _ classes: Classes, before index: Int
  ) -> Bool? {
    let before = classes[index - 1]
    let at = classes[index]
    guard at != .sp && at != .cm && at != .lf && at != .unsupported else { return nil }
    switch before {
    case .op, .opWide, .qu: return false
    case .cm:
      guard index >= 2 else { return nil }
      let base = classes[index - 2]
      guard base != .cm && base != .sp && base != .zw && base != .lf else { return nil }
      return pairBreaks(base, at)
    case .sp, .zw, .lf, .unsupported: return nil
    default: break
    }
    switch at {
    case .cl, .cp, .cpWide, .ex, .is, .sy, .hy, .ba, .ns: return false
    case .nu, .pr, .po:
      return joinsInNumber(classes, before: index)
    case .al:
      switch before {
      case .is, .nu, .pr, .po: return false
      case .sy: return true
      case .hy:
        guard index >= 2 else { return nil }
        switch classes[index - 2] {
        case .sp, .zw, .lf, .cm, .hl, .unsupported: return nil
        default: return true
        }
      default: return nil
      }
    default: return nil
    }
  }

  /// `pairBreaksAnywhere` for a digit, PR or PO (out of line, to keep the common case small
  /// where it is inlined): `false` inside a number, `nil` otherwise.
  @inline(never)
  private static func joinsInNumber<Classes: LineBreakClassSequence>(
    _ classes: Classes, before index: Int
  ) -> Bool? {
    let before = classes[index - 1]
    if classes[index] != .nu { return before == .nu ? false : nil }
    switch before {
    case .nu, .hy, .pr, .po: return false
    case .is, .sy:
      guard index >= 2 else { return nil }
      return classes[index - 2] == .nu ? false : nil
    default: return nil
    }
  }

  /// Whether a step of the rules starts at a scalar of class `lineBreakClass` wherever it
  /// stands (see `forEachBreak(_:from:before:_:)`): no step passes over it, and none reads
  /// what came before it.
  @inline(__always)
  package static func startsStep(_ lineBreakClass: LineBreakClass) -> Bool {
    switch lineBreakClass {
    // What a step passes over: marks (LB9 and every `X CM*`), spaces (LB7, LB8, LB14 to
    // LB17), the insides of a number (LB25: OP, HY, IS, NU, SY, CL, CP) and of LB21a (HY,
    // BA, HH); HY and HH are also the classes whose step reads `initial`.
    case .cm, .sp, .op, .opWide, .hy, .is, .nu, .sy, .cl, .cp, .cpWide, .ba, .hh: return false
    default: return true
    }
  }

  private static let classCount = Int(LineBreakClass.unsupported.rawValue) + 1
  private static let undecided: UInt8 = 0
  private static let joinsPair: UInt8 = 1
  private static let breaksPair: UInt8 = 2

  /// For each pair of classes, whether the step at a scalar of the first class followed by
  /// one of the second is decided by those two alone (`match` looks no further, and
  /// `initial` does not matter), and how: the pair's step as `match` takes it on the two
  /// alone. A first class whose rules look past the next scalar (LB8, LB14 to LB17, LB21a,
  /// LB25), or whose rule depends on `initial` (LB20.09), a space before IS (LB14a), and a
  /// second that is a mark or a line feed, are `undecided`. The tests hold the whole against ICU.
  /// `pairTable` where the steps read it, a load each (written once, then only read:
  /// safe to share), through `TextTables`.
  @inline(__always)
  private static var pairDecisions: UnsafePointer<UInt8> { TextTables.shared.pointee.pairDecisions }

  /// `pairTable` as `TextTables` keeps it.
  nonisolated(unsafe) static let madePairDecisions: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: pairTable.count)
    table.initialize(from: pairTable, count: pairTable.count)
    return UnsafePointer(table)
  }()

  private static let pairTable: [UInt8] = {
    var table = [UInt8](repeating: undecided, count: classCount * classCount)
    let lookFurther: Set<LineBreakClass> = [
      .zw, .pr, .po, .op, .opWide, .hy, .hh, .is, .nu, .qu, .cl, .cp, .cpWide, .b2, .hl,
      .unsupported,
    ]
    for first in 0..<classCount {
      for second in 0..<classCount {
        let a = LineBreakClass(rawValue: UInt8(first))!
        let b = LineBreakClass(rawValue: UInt8(second))!
        guard !lookFurther.contains(a), b != .cm, b != .lf, b != .unsupported else { continue }
        // A space looks further only before IS (LB14a: SP ÷ IS CM* NU); before anything
        // else its rules (LB7, LB11, LB13, LB18) read the pair alone — and a space is a
        // sixth of English text.
        if a == .sp && b == .is { continue }
        let pair = [a, b]
        let (end, breakAt) = pair.withUnsafeBufferPointer { match($0, at: 0, initial: true) }
        let (_, breakLater) = pair.withUnsafeBufferPointer { match($0, at: 0, initial: false) }
        guard breakAt == breakLater else { continue }
        if breakAt == 1 {
          table[first * classCount + second] = breaksPair
        } else if breakAt < 0 && end == 2 {
          table[first * classCount + second] = joinsPair
        }
      }
    }
    return table
  }()

  /// The first rule that matches at `start`: where its match ends, and where it breaks
  /// (-1: it joins everything it matched). `end` is past `start + 1`, or `breakAt` is
  /// past `start`, so every step moves on.
  @inline(__always)
  private static func match<Classes: LineBreakClassSequence>(
    _ classes: Classes, at start: Int, initial: Bool
  ) -> (end: Int, breakAt: Int) {
    let count = classes.count
    let first = classes[start]
    @inline(__always) func skipMarks(from index: Int) -> Int {
      var index = index
      while index < count && classes[index] == .cm { index += 1 }
      return index
    }
    @inline(__always) func skipSpaces(from index: Int) -> Int {
      var index = index
      while index < count && classes[index] == .sp { index += 1 }
      return index
    }
    let second: LineBreakClass? = start + 1 < count ? classes[start + 1] : nil
    // The first scalar after the marks that follow `first` (`X CM*`), if any.
    let afterMarks = skipMarks(from: start + 1)
    let next: LineBreakClass? = afterMarks < count ? classes[afterMarks] : nil

    // LB5: LF ÷.
    if first == .lf { return (start + 1, start + 1) }
    // LB6: . LF; [^SP ZW] CM* LF.
    if second == .lf { return (start + 2, -1) }
    if next == .lf && first != .sp && first != .zw { return (afterMarks + 1, -1) }
    // LB8: ZW SP* ÷ [^ZW SP LF].
    if first == .zw {
      let after = skipSpaces(from: start + 1)
      if after < count, classes[after] != .zw, classes[after] != .sp, classes[after] != .lf {
        return (after + 1, after)
      }
    }
    // LB25: ((PR|PO) CM*)? ((OP|HY) CM*)? (IS CM*)? NU (CM* (NU|SY|IS))* (CM* (CL|CP))?
    // (CM* (PR|PO))?
    switch first {
    case .pr, .po, .op, .opWide, .hy, .is, .nu:
      let end = numberEnd(classes, from: start)
      if end >= start + 2 { return (end, -1) }
    default: break
    }
    // LB14: OP CM* SP* .
    if first.isOpening {
      let after = skipSpaces(from: afterMarks)
      if after < count { return (after + 1, -1) }
      if after > start + 1 { return (count, -1) }  // the last mark or space is the `.`
    }
    // LB14a: SP ÷ IS CM* NU.
    if first == .sp && second == .is {
      let digit = skipMarks(from: start + 2)
      if digit < count && classes[digit] == .nu { return (digit + 1, start + 1) }
    }
    // LB14b: [^SP] CM* IS; SP IS.
    if first != .sp && next == .is { return (afterMarks + 1, -1) }
    if first == .sp && second == .is { return (start + 2, -1) }
    // LB15: QU CM* SP* OP. LB16: (CL|CP) CM* SP* NS. LB17: B2 CM* SP* B2.
    if first == .qu || first == .cl || first.isCloseParenthesis || first == .b2 {
      let after = skipSpaces(from: afterMarks)
      if after < count {
        let last = classes[after]
        let matches =
          first == .qu
          ? last.isOpening : first == .b2 ? last == .b2 : last == .ns
        if matches { return (after + 1, -1) }
      }
    }
    // LB7: [^ZW SP] CM* [SP ZW]; [ZW SP] [SP ZW].
    if first != .zw && first != .sp && (next == .sp || next == .zw) { return (afterMarks + 1, -1) }
    if (first == .zw || first == .sp) && (second == .sp || second == .zw) {
      return (start + 2, -1)
    }
    // LB11: [^SP] CM* WJ; SP WJ; WJ CM* [^CM].
    if first != .sp && next == .wj { return (afterMarks + 1, -1) }
    if first == .sp && second == .wj { return (start + 2, -1) }
    if first == .wj && next != nil { return (afterMarks + 1, -1) }
    // LB12: GL CM* [^CM]. LB12a: [^SP BA HY] CM* GL.
    if first == .gl && next != nil { return (afterMarks + 1, -1) }
    if next == .gl && first != .sp && !first.isBreakAfter && first != .hy {
      return (afterMarks + 1, -1)
    }
    // LB13: [^SP] CM* [CL CP EX SY]; SP [CL CP EX SY].
    if first != .sp, let next, next == .cl || next.isCloseParenthesis || next == .ex || next == .sy
    {
      return (afterMarks + 1, -1)
    }
    if first == .sp, let second,
      second == .cl || second.isCloseParenthesis || second == .ex || second == .sy
    {
      return (start + 2, -1)
    }
    // LB18: SP ÷.
    if first == .sp { return (start + 1, start + 1) }
    guard let next else {
      // LB31 at the end: `. CM*` then the end of the text.
      return (count, count)
    }
    // LB19: . CM* QU; QU CM* [^CM].
    if next == .qu || first == .qu { return (afterMarks + 1, -1) }
    // LB20.09 (ICU): ^(HY | HH) CM* AL.
    if initial && (first == .hy || first == .hh) && next == .al { return (afterMarks + 1, -1) }
    // LB21a: HL CM* (HY | BA) CM* [^CM CB].
    if first == .hl && (next == .hy || next.isBreakAfter) {
      let after = skipMarks(from: afterMarks + 1)
      if after < count { return (after + 1, -1) }
    }
    // LB21: . CM* [BA HY NS]; BB CM* [^CM CB]. LB21b: SY CM* HL. LB22: . CM* IN.
    if next.isBreakAfter || next == .hy || next == .ns || first == .bb
      || (first == .sy && next == .hl) || next == .in
    {
      return (afterMarks + 1, -1)
    }
    if joins(first, next) { return (afterMarks + 1, -1) }
    // LB31: . CM* ÷.
    return (afterMarks, afterMarks)
  }

  /// LB23 to LB30b: the rules between two classes, marks between them left out (a mark
  /// where a rule starts counts as AL).
  @inline(__always)
  private static func joins(_ first: LineBreakClass, _ next: LineBreakClass) -> Bool {
    let letterLike = first == .al || first == .hl || first == .cm
    switch next {
    case .nu:
      // LB23: (AL | HL | CM) CM* NU. LB30: CP30 CM* (AL|HL|NU).
      return letterLike || first == .cp
    case .al, .hl:
      // LB23: NU CM* (AL|HL). LB24: (PR|PO) CM* (AL|HL). LB28: (AL|HL|CM) CM* (AL|HL).
      // LB29: IS CM* (AL|HL). LB30: CP30 CM* (AL|HL|NU).
      return first == .nu || first.isAffix || letterLike || first == .is || first == .cp
    case .id, .eb, .em:
      // LB23a: PR CM* (ID|EB|EM). LB30b: EB CM* EM.
      return first == .pr || (first == .eb && next == .em)
    case .po:
      // LB23a: (ID|EB|EM) CM* PO. LB24: (AL|HL|CM) CM* (PR|PO). LB27: (JL|JV|JT|H2|H3)
      // CM* PO.
      return first == .id || first == .eb || first == .em || letterLike || first == .h2
        || first == .h3 || first == .jl || first == .jv || first == .jt
    case .pr:
      // LB24: (AL|HL|CM) CM* (PR|PO).
      return letterLike
    case .h2, .h3, .jl:
      // LB26: JL CM* (JL|JV|H2|H3). LB27: PR CM* (JL|JV|JT|H2|H3).
      return first == .pr || first == .jl
    case .jv:
      // LB26: JL CM* JV; (JV|H2) CM* (JV|JT). LB27: PR CM* JV.
      return first == .pr || first == .jl || first == .jv || first == .h2
    case .jt:
      // LB26: (JV|H2) CM* (JV|JT); (JT|H3) CM* JT. LB27: PR CM* JT.
      return first == .pr || first == .jv || first == .h2 || first == .jt || first == .h3
    case .op:
      // LB30: (AL | CM | HL | NU) CM* OP30.
      return letterLike || first == .nu
    default:
      return false
    }
  }

  /// Where LB25's number starting at `start` ends (`start` when there is none).
  @inline(__always)
  private static func numberEnd<Classes: LineBreakClassSequence>(
    _ classes: Classes, from start: Int
  ) -> Int {
    let count = classes.count
    @inline(__always) func skipMarks(from index: Int) -> Int {
      var index = index
      while index < count && classes[index] == .cm { index += 1 }
      return index
    }
    // The optional groups before the digit: each is taken when it is there (leaving one
    // out cannot help, since the next group or the digit would then have to start with
    // a class the group's own excludes), so the regular expression needs no backtracking.
    var index = start
    if classes[index].isAffix { index = skipMarks(from: index + 1) }
    if index < count && (classes[index].isOpening || classes[index] == .hy) {
      index = skipMarks(from: index + 1)
    }
    if index < count && classes[index] == .is { index = skipMarks(from: index + 1) }
    let digit = index < count && classes[index] == .nu ? index : -1
    guard digit >= 0 else { return start }
    var end = digit + 1
    while true {
      let after = skipMarks(from: end)
      guard after < count else { break }
      let value = classes[after]
      guard value == .nu || value == .sy || value == .is else { break }
      end = after + 1
    }
    var after = skipMarks(from: end)
    if after < count && (classes[after] == .cl || classes[after].isCloseParenthesis) {
      end = after + 1
    }
    after = skipMarks(from: end)
    if after < count && classes[after].isAffix { end = after + 1 }
    return end
  }
}
