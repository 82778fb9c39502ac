import LayoutEngine
import TerminalCore
import TerminalText
import Testing

/// How the colour depth and the terminfo entry are chosen from the environment and
/// terminfo, as chafa, timg and vim choose them.
@Suite struct TerminalCapabilitiesTests {
  static let xterm256 = TerminfoColors(colors: 256)
  static let direct = TerminfoColors(colors: 1 << 24, hasRGB: true)

  @Test func colortermMeansTwentyFourBitWhateverTerminfoSays() {
    for value in ["truecolor", "24bit", "TrueColor"] {
      let environment = ["TERM": "xterm-256color", "COLORTERM": value]
      #expect(ColorDepth.detected(environment: environment, terminfo: Self.xterm256) == .direct)
    }
    let other = ["TERM": "xterm-256color", "COLORTERM": "yes"]
    #expect(ColorDepth.detected(environment: other, terminfo: Self.xterm256) == .palette256)
  }

  @Test func terminfoFlagsAndCountsDecideWithoutColorterm() {
    let environment = ["TERM": "xterm-kitty"]
    let cases: [(TerminfoColors, ColorDepth)] = [
      (TerminfoColors(colors: 256, hasRGB: true), .direct),
      (TerminfoColors(colors: 256, hasTc: true), .direct), (Self.direct, .direct),
      (Self.xterm256, .palette256), (TerminfoColors(colors: 88), .sixteen),
      (TerminfoColors(colors: 8), .eight), (TerminfoColors(colors: 2), .none),
      (TerminfoColors(colors: -1), .none),
    ]
    for (terminfo, depth) in cases {
      #expect(ColorDepth.detected(environment: environment, terminfo: terminfo) == depth)
    }
  }

  @Test func noColorWinsOverAutoOnlyWhenItIsNotEmpty() {
    let base = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
    var environment = base
    environment["NO_COLOR"] = "1"
    #expect(ColorDepth.detected(environment: environment, terminfo: Self.direct) == .none)
    #expect(ColorChoice.auto.depth(environment: environment, terminfo: Self.direct) == .none)
    #expect(
      ColorChoice.depth(.palette256).depth(environment: environment, terminfo: nil) == .palette256)
    environment["NO_COLOR"] = ""
    #expect(ColorDepth.detected(environment: environment, terminfo: Self.direct) == .direct)
  }

  /// Inside tmux, what tmux says of its client decides (tmux itself turns 24-bit colour
  /// into 256 for a client without RGB), over `COLORTERM` and the pane's terminfo; with
  /// no answer (a detached session, an old tmux) the usual rules hold; `NO_COLOR` and an
  /// explicit `--color` still win; outside tmux an answer is never used.
  @Test func insideTmuxTheClientsFeaturesDecide() {
    let tmux = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
    var truecolor = tmux
    truecolor["COLORTERM"] = "truecolor"
    let rgb = TmuxClientFeatures(answer: Array("256,bpaste,clipboard,RGB,title\n".utf8))
    let plain = TmuxClientFeatures(answer: Array("bpaste,ccolour,clipboard,title\n".utf8))
    #expect(rgb?.hasRGB == true && plain?.hasRGB == false)
    let cases: [([String: String], TmuxClientFeatures?, ColorDepth)] = [
      (tmux, rgb, .direct), (tmux, plain, .palette256), (truecolor, plain, .palette256),
      (truecolor, nil, .direct), (tmux, nil, .palette256),
      (["TERM": "xterm-256color"], rgb, .palette256),
      (tmux.merging(["NO_COLOR": "1"]) { $1 }, rgb, .none),
    ]
    for (environment, features, depth) in cases {
      let found = ColorDepth.detection(
        environment: environment, terminfo: Self.xterm256, tmux: features)
      #expect(found.depth == depth, "\(environment) \(String(describing: features))")
    }
    #expect(
      ColorDepth.detection(environment: tmux, terminfo: Self.xterm256, tmux: plain).reason
        .contains("lacks RGB"))
    #expect(
      ColorChoice.depth(.direct).resolved(environment: tmux, terminfo: Self.xterm256, tmux: plain)
        .depth == .direct)
  }

  /// tmux's answer is untrusted: an empty one (no client attached), one with anything but
  /// names between commas, or one too long is no answer.
  @Test func tmuxAnswersThatAreNoListAreRefused() {
    for answer in [
      "", "\n", "RGB,", ",RGB", "RGB\u{1B}[31m", "R G B", String(repeating: "a,", count: 600) + "a",
    ] {
      #expect(TmuxClientFeatures(answer: Array(answer.utf8)) == nil, "\(answer.debugDescription)")
    }
    #expect(TmuxClientFeatures(answer: Array("RGB".utf8))?.names == ["RGB"])
  }

  @Test func withoutTerminfoTheNameStandsIn() {
    let cases: [(String?, ColorDepth)] = [
      (nil, .none), ("dumb", .none), ("tmux-direct", .direct), ("screen-256color", .palette256),
      ("vt100", .sixteen),
    ]
    for (term, depth) in cases {
      let environment = term.map { ["TERM": $0] } ?? [:]
      #expect(
        ColorDepth.detected(environment: environment, terminfo: nil) == depth, "\(term ?? "")")
    }
  }

  @Test func directEntriesOfTheSameFamilyComeFirst() {
    #expect(
      TerminfoVariants.direct(for: "xterm-256color", environment: [:])
        == ["xterm-direct", "xterm-256color-direct"])
    #expect(
      TerminfoVariants.direct(for: "tmux-256color", environment: ["TMUX": "/tmp/s,1,0"])
        == ["tmux-direct", "tmux-256color-direct", "xterm-direct"])
    #expect(
      TerminfoVariants.direct(for: "xterm-kitty", environment: [:])
        == ["kitty-direct", "xterm-kitty-direct", "xterm-direct"])
    #expect(TerminfoVariants.direct(for: "screen-256color", environment: [:]) == [])
    #expect(
      TerminfoVariants.direct(for: "screen-256color", environment: ["TMUX": "x"]).first
        == "screen-direct")
    #expect(TerminfoVariants.indexed(for: "xterm-direct") == ["xterm-256color", "xterm"])
    #expect(TerminfoVariants.indexed(for: "xterm-256color") == [])
  }

  @Test func cellShapeFollowsTheReportedPixelsAndIsTypicalOtherwise() {
    #expect(TerminalCapabilities(colorDepth: .none).cellShape == .typical)
    let measured = TerminalCapabilities(
      colorDepth: .direct, cellPixelSize: CellShape(width: 9, height: 18))
    #expect(measured.cellShape.aspect == 2)
    #expect(CellShape(width: 0, height: 19) == .typical)
    #expect(CellShape(width: 9, height: 90) == .typical, "more than four times taller")
    #expect(CellShape.typical.rows(forAspectRatio: 0.75, columns: 40) == 15)
    #expect(CellShape(width: 8, height: 19).rows(forAspectRatio: 0.75, columns: 40) == 13)
  }
}
