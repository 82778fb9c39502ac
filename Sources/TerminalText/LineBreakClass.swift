/// A scalar's UAX #14 line-break class as `LineBreakRules` sees it, after rule LB1 as ICU's
/// strict rules (`ja@lb=strict`) resolve it: AI and XX are AL, CJ is NS. Two classes are
/// split where a rule tells them apart: U+2010 HYPHEN (`hh`, otherwise BA) for ICU's rule
/// that keeps a hyphen with the letter after it when a break comes before it, and opening
/// and closing parentheses that are East Asian wide (`opWide`, `cpWide`: not OP30 and
/// CP30 in rule LB30). Classes whose rules `LineBreakRules` does not implement (SA, RI, CB,
/// BK, CR, NL, ZWJ, SG) are `unsupported`: text with one goes to ICU.
/// `al` comes first: its raw value 0 lets `LineBreakRules` cross a run of letters eight
/// classes at a time.
package enum LineBreakClass: UInt8, Sendable {
  case al, ba, hh, bb, b2, cl, cp, cpWide, cm, ex, gl, hl, hy, id, `in`, `is`
  case ns, nu, op, opWide, po, pr, qu, sp, sy, wj, zw, lf, eb, em, h2, h3, jl, jv, jt
  case unsupported

  /// The class of ICU's Line_Break value `value` (its `ULineBreak` numbering), for a
  /// scalar that is East Asian wide (Fullwidth, Wide or Halfwidth) or not.
  static func resolving(icuValue value: UInt32, isWide: Bool) -> LineBreakClass {
    switch value {
    case 0, 1, 2: return .al  // XX, AI, AL
    case 3: return .b2
    case 4: return .ba
    case 5: return .bb
    case 8: return .cl
    case 9: return .cm
    case 11: return .ex
    case 12: return .gl
    case 13: return .hy
    case 14: return .id
    case 15: return .in
    case 16: return .is
    case 17: return .lf
    case 18, 37: return .ns  // NS, CJ (strict)
    case 19: return .nu
    case 20: return isWide ? .opWide : .op
    case 21: return .po
    case 22: return .pr
    case 23: return .qu
    case 26: return .sp
    case 27: return .sy
    case 28: return .zw
    case 30: return .wj
    case 31: return .h2
    case 32: return .h3
    case 33: return .jl
    case 34: return .jt
    case 35: return .jv
    case 36: return isWide ? .cpWide : .cp
    case 38: return .hl
    case 40: return .eb
    case 41: return .em
    default: return .unsupported  // BK, CB, CR, SA, SG, NL, RI, ZWJ, newer ones
    }
  }

  // The sets the rules name.

  /// OP, wide or not.
  @inline(__always) var isOpening: Bool { self == .op || self == .opWide }
  /// CP, wide or not.
  @inline(__always) var isCloseParenthesis: Bool { self == .cp || self == .cpWide }
  /// BA, U+2010 included.
  @inline(__always) var isBreakAfter: Bool { self == .ba || self == .hh }
  /// AL or HL.
  @inline(__always) var isLetter: Bool { self == .al || self == .hl }
  /// PR or PO.
  @inline(__always) var isAffix: Bool { self == .pr || self == .po }
}
