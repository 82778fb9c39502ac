import LayoutEngine
import TerminalText

/// What the terminal can do, found once when the program starts (by the curses backend;
/// `masonry render` and `masonry thumbnail` make one from their options) and read by
/// everything that draws: the composer and the thumbnail renderer. Nothing else asks
/// terminfo or the environment.
package struct TerminalCapabilities: Hashable, Sendable {
  /// The colours frames and pictures are drawn in.
  package var colorDepth: ColorDepth
  /// A way to show pictures as pixels, when the terminal has one (`nil`: symbols only).
  package var pixelProtocol: PixelProtocol?
  /// A cell's size in pixels, when the terminal reports it (`TIOCGWINSZ`, else `CSI 16 t`,
  /// else `CSI 14 t` over the cells).
  package var cellPixelSize: CellShape?
  /// The symbols pictures are drawn with.
  package var symbols: SymbolSet
  /// Whether the terminal holds a frame back until it is whole (`?2026`, DECRQM).
  package var synchronizedOutput: Bool
  /// The colours a sixel picture may use: the terminal's colour registers (XTSMGRAPHICS),
  /// at most 256 (256 when it does not say).
  package var sixelColors = 256
  /// Whether the terminal is at the far end of an SSH connection (`SSH_CONNECTION` or
  /// `SSH_TTY` set): pictures start small there until a batch measures the link fast.
  package var overSSH = false
  /// The probe's round trip, in milliseconds (`nil`: not asked, or no full answer): what
  /// the link's latency adds to every acknowledgement, left out of its measured pace.
  package var roundTrip: Int?
  /// Whether the terminal (or tmux) answered the probe's device attributes query.
  package var answersDeviceAttributes = false
  /// Whether kitty reads pictures from this machine's shared memory (the probe's object
  /// was read): they then cost the link a name, not their bytes in base64.
  package var readsSharedMemory = false
  /// Why each was chosen, for `masonry --probe`: the probe's answers and time, where
  /// the cell size came from, why pictures are drawn as they are.
  package var reasons: Reasons

  /// Why the capabilities are what they are.
  package struct Reasons: Hashable, Sendable {
    /// What the terminal answered and how long it took (`nil`: it was not asked).
    package var probe: String?
    /// Where the cell's pixel size came from.
    package var cell: String?
    /// Why pictures get the protocol they get (or symbols).
    package var pixels: String?
    /// Why the symbol set is the one it is.
    package var symbols: String?
    /// Why the colour depth is the one it is.
    package var colors: String?
    /// What tmux says of the pane, inside tmux.
    package var tmux: String?
    /// Where the terminal is: over SSH or on this machine.
    package var link: String?
    /// How kitty's pictures reach it: shared memory or base64.
    package var transfer: String?
    /// How fast the terminal took 64 KB (`masonry --probe` only).
    package var throughput: String?

    package init(
      probe: String? = nil, cell: String? = nil, pixels: String? = nil, symbols: String? = nil
    ) {
      self.probe = probe
      self.cell = cell
      self.pixels = pixels
      self.symbols = symbols
    }
  }

  package init(
    colorDepth: ColorDepth, pixelProtocol: PixelProtocol? = nil, cellPixelSize: CellShape? = nil,
    symbols: SymbolSet = .blocks, synchronizedOutput: Bool = false, reasons: Reasons = Reasons()
  ) {
    self.colorDepth = colorDepth
    self.pixelProtocol = pixelProtocol
    self.cellPixelSize = cellPixelSize
    self.symbols = symbols
    self.synchronizedOutput = synchronizedOutput
    self.reasons = reasons
  }

  /// What `--probe` says of the link to the terminal, from the environment (the pace is
  /// measured as pictures go: `PictureLink`).
  package static func linkReason(environment: [String: String]) -> String {
    let ssh = ["SSH_CONNECTION", "SSH_TTY"].first { !(environment[$0] ?? "").isEmpty }
    return (ssh.map { "over SSH (\($0) is set)" } ?? "on this machine (no SSH_CONNECTION)")
      + ": kitty's pictures go in batches the terminal acknowledges; with --link auto,"
      + " smaller once a batch measures under 1 MB/s"
  }

  /// The shape of a cell: the reported pixel size, else twice as tall as wide.
  package var cellShape: CellShape { cellPixelSize ?? .typical }

  /// A terminal without colour that draws pictures in block symbols: plain text output.
  package static let plain = TerminalCapabilities(colorDepth: .none)

  /// One line per capability, for `masonry --probe` and error reports: `colors: 24-bit`.
  package var summary: [(name: String, value: String)] {
    func because(_ value: String, _ reason: String?) -> String {
      reason.map { "\(value) (\($0))" } ?? value
    }
    return [
      ("probe", reasons.probe ?? "not asked"),
      ("colors", because(colorDepth.description, reasons.colors)),
      ("pixels", because(pixelProtocol?.rawValue ?? "none, pictures in symbols", reasons.pixels)),
      (
        "cell",
        cellPixelSize.map { because("\($0.width)×\($0.height) px", reasons.cell) }
          ?? "unknown (taken as 1×2)"
      ),
      ("symbols", because(symbols.rawValue, reasons.symbols)),
      ("sync", synchronizedOutput ? "yes (DECRQM ?2026)" : "no"),
    ] + (reasons.tmux.map { [("tmux", $0)] } ?? []) + (reasons.link.map { [("link", $0)] } ?? [])
      + (reasons.transfer.map { [("transfer", $0)] } ?? [])
      + (reasons.throughput.map { [("throughput", $0)] } ?? [])
  }
}

extension ColorDepth: CustomStringConvertible {
  package var description: String {
    switch self {
    case .none: return "none"
    case .eight: return "8"
    case .sixteen: return "16"
    case .palette256: return "256"
    case .direct: return "24-bit"
    }
  }
}
