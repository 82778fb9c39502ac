import CFileSupport
import LayoutEngine
import TerminalCore
import TerminalText

#if canImport(Glibc)
  import Glibc
#endif

/// Asks the terminal what it can do (`TerminalProbe.request`) before ncurses takes it:
/// raw mode, one write, answers read until the last device attributes answer or
/// `TerminalProbe.timeout` (longer while answers are still arriving), then the terminal's
/// modes exactly as they were. Keys typed
/// meanwhile are kept in the answers (`ProbeAnswers.typed`) for the caller to read.
enum TerminalProber {
  /// What the terminal answered, and after how many microseconds reading ended.
  struct Outcome {
    var answers: ProbeAnswers
    var microseconds: Int
    var timedOut: Bool
  }

  /// Sends the queries on `output` and reads the answers from `input` (both a terminal).
  /// `nil` when the terminal's modes cannot be read or set.
  static func ask(input: Int32, output: Int32, insideTmux: Bool, sharedMemory: String? = nil)
    -> Outcome?
  {
    var saved = termios()
    guard tcgetattr(input, &saved) == 0 else { return nil }
    var raw = saved
    // No echo, no line editing, no signals (Ctrl-C typed now is a key afterwards), reads
    // return at once.
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
    // TCSANOW, not TCSAFLUSH: what was typed stays to be read.
    defer { _ = tcsetattr(input, TCSANOW, &saved) }

    let (request, expected) = TerminalProbe.request(
      insideTmux: insideTmux, sharedMemory: sharedMemory)
    let start = microseconds()
    guard writeAll(request, to: output) else { return nil }
    var answers = ProbeAnswers()
    var deadline = start + TerminalProbe.timeout * 1000
    var buffer = [UInt8](repeating: 0, count: 4096)
    var timedOut = false
    while answers.deviceAttributes.count < expected {
      let left = deadline - microseconds()
      guard left > 0 else {
        timedOut = true
        break
      }
      var entry = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      let ready = poll(&entry, 1, Int32((left + 999) / 1000))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0, entry.revents & Int16(POLLIN) != 0 else {
        timedOut = ready == 0
        if ready == 0 { continue }
        break
      }
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      let before = answers.sequencesRead
      answers.read(buffer[0..<count])
      // Answers still arriving: wait on for the rest.
      if answers.sequencesRead > before || answers.isInsideSequence {
        deadline = TerminalProbe.extended(deadline: deadline, start: start, now: microseconds())
      }
    }
    answers.finish()
    return Outcome(answers: answers, microseconds: microseconds() - start, timedOut: timedOut)
  }

  /// The capabilities the probe's answers, the descriptor's window size and the
  /// environment give, colours aside; the keys typed during the probe; and the answer it
  /// was reading when its window closed. With `sharedMemory`, kitty is asked whether it
  /// reads an object made there (removed again once answered).
  static func capabilities(
    depth: ColorDepth, depthReason: String, input: Int32, output: Int32,
    environment: [String: String], tmuxClient: TmuxClientFeatures?,
    images: ImageChoice, symbols: SymbolSet?, utf8: Bool,
    sharedMemory: SharedMemoryObjects? = nil
  ) -> (TerminalCapabilities, typed: [UInt8], unfinished: [UInt8]) {
    var probeEnvironment = TerminalProbe.Environment(environment)
    probeEnvironment.tmuxClient = tmuxClient
    let window = windowSize(of: output)
    var fromWindow: CellShape?
    if let window, window.pixels.width > 0, window.pixels.height > 0 {
      fromWindow = shape(
        width: window.pixels.width / window.cells.width,
        height: window.pixels.height / window.cells.height)
    }
    // What is already known needs no asking: symbols or placeholders with a cell size.
    let needsProbe = images != .symbols && images != .placeholders || fromWindow == nil
    // An object for kitty to read, where kitty may be the terminal.
    let probeObject = images.mayUseKitty ? sharedMemory : nil
    let objectName = probeObject.map { $0.prefix + "-probe" }
    let objectMade =
      objectName.map { name in
        TerminalProbe.sharedMemoryPicture.withUnsafeBufferPointer {
          masonry_shm_create(name, $0.baseAddress, $0.count) == 0
        }
      } ?? false
    let outcome =
      needsProbe && probeEnvironment.mayAsk
      ? ask(
        input: input, output: output, insideTmux: probeEnvironment.insideTmux,
        sharedMemory: objectMade ? objectName : nil) : nil
    // kitty removed it if it read it; a terminal that did not is left nothing.
    if objectMade, let objectName { _ = masonry_shm_remove(objectName) }
    var reasons = TerminalCapabilities.Reasons()
    reasons.colors = depthReason
    reasons.link = TerminalCapabilities.linkReason(environment: environment)
    var cell = fromWindow
    reasons.cell = fromWindow == nil ? nil : "TIOCGWINSZ"
    if let answers = outcome?.answers, cell == nil {
      if let pixels = answers.cellPixels,
        let found = shape(width: pixels.width, height: pixels.height)
      {
        (cell, reasons.cell) = (found, "CSI 16 t")
      } else if let pixels = answers.windowPixels, let window,
        let found = shape(
          width: pixels.width / window.cells.width, height: pixels.height / window.cells.height)
      {
        (cell, reasons.cell) = (found, "CSI 14 t over the cells")
      }
    }
    if let outcome { reasons.probe = describe(outcome) }
    let chosen = TerminalProbe.choose(
      images, answers: outcome?.answers, environment: probeEnvironment, cellKnown: cell != nil,
      colors: depth)
    reasons.pixels = chosen.reason
    var symbolSet: SymbolSet
    if let symbols {
      (symbolSet, reasons.symbols) = (symbols, "--symbols \(symbols.rawValue)")
    } else {
      let names = [
        probeEnvironment.termProgram ?? "", outcome?.answers.version ?? "", probeEnvironment.term,
        environment["KONSOLE_VERSION"].map { _ in "konsole" } ?? "",
      ]
      (symbolSet, reasons.symbols) = SymbolSet.detected(names: names, utf8: utf8)
    }
    if !utf8 { symbolSet = .ascii }
    var capabilities = TerminalCapabilities(
      colorDepth: depth, pixelProtocol: chosen.protocol, cellPixelSize: cell, symbols: symbolSet,
      synchronizedOutput: (outcome?.answers.synchronizedOutput).map { $0 == 1 || $0 == 2 } ?? false,
      reasons: reasons)
    capabilities.overSSH = ["SSH_CONNECTION", "SSH_TTY"].contains {
      !(environment[$0] ?? "").isEmpty
    }
    if let outcome, !outcome.timedOut { capabilities.roundTrip = outcome.microseconds / 1_000 }
    capabilities.answersDeviceAttributes = !(outcome?.answers.deviceAttributes.isEmpty ?? true)
    if let kind = chosen.protocol, kind.keepsPictures {
      let reads = outcome?.answers.kittySharedMemory ?? false
      capabilities.readsSharedMemory = reads
      capabilities.reasons.transfer =
        reads
        ? "shared memory (the terminal read the probe's object: a picture costs the link a"
          + " few dozen bytes)"
        : "base64 on the link ("
          + (objectMade
            ? "the terminal could not read this machine's shared memory"
            : sharedMemory == nil
              ? "shared memory not tried: --link slow"
              : "no shared memory object could be made here") + ")"
    }
    if let registers = outcome?.answers.sixelRegisters {
      capabilities.sixelColors = Swift.max(2, Swift.min(256, registers))
    }
    return (capabilities, outcome?.answers.typed ?? [], outcome?.answers.unfinished ?? [])
  }

  /// `masonry --probe`: how fast the terminal takes output, in a line. A device attributes
  /// query alone gives the round trip; then 64 KB of SGR resets (`ESC [ m`: they change
  /// nothing on the screen) with the query after them: the time beyond the round trip is
  /// the 64 KB's. `nil` when the terminal does not answer the query.
  static func measureThroughput(input: Int32, output: Int32) -> String? {
    var saved = termios()
    guard tcgetattr(input, &saved) == 0 else { return nil }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
    defer { _ = tcsetattr(input, TCSANOW, &saved) }
    let query = Array("\u{1B}[c".utf8)
    let filler = Array(repeating: Array("\u{1B}[m".utf8), count: 21_845).flatMap { $0 }
    guard let roundTrip = timeAnswer(query, input: input, output: output),
      let whole = timeAnswer(filler + query, input: input, output: output)
    else { return nil }
    let transfer = Swift.max(whole - roundTrip, 50)
    let rate = filler.count * 1_000_000 / transfer
    let figure =
      rate >= 1_000_000
      ? "\(rate / 1_000_000).\(rate / 100_000 % 10) MB/s" : "\(rate / 1_000) KB/s"
    return
      "\(figure) (64 KB answered after \(Self.tenths(whole)) ms, a query alone after"
      + " \(Self.tenths(roundTrip)) ms)" + (rate >= 50_000_000 ? ": at least this" : "")
  }

  /// Writes `bytes` and waits up to two seconds for a device attributes answer: the
  /// microseconds it took, or `nil`.
  private static func timeAnswer(_ bytes: [UInt8], input: Int32, output: Int32) -> Int? {
    let start = microseconds()
    guard writeAll(bytes, to: output) else { return nil }
    var answers = ProbeAnswers()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while answers.deviceAttributes.isEmpty {
      let left = start + 2_000_000 - microseconds()
      guard left > 0 else { return nil }
      var entry = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, Int32((left + 999) / 1000)) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      guard count > 0 else { continue }
      answers.read(buffer[0..<count])
    }
    return microseconds() - start
  }

  private static func tenths(_ microseconds: Int) -> String {
    String(microseconds / 100).paddedTenths
  }

  /// The probe's answers in a line: their time and what each said.
  static func describe(_ outcome: Outcome) -> String {
    let answers = outcome.answers
    let time = String(outcome.microseconds / 100).paddedTenths
    var parts = [outcome.timedOut ? "no full answer in \(time) ms" : "answered in \(time) ms"]
    if let last = answers.deviceAttributes.last {
      parts.append("DA1 ?" + last.map(String.init).joined(separator: ";") + "c")
    }
    if answers.kittyGraphics { parts.append("kitty graphics OK") }
    if answers.kittySharedMemory { parts.append("shared memory OK") }
    if let version = answers.version { parts.append("XTVERSION \(version)") }
    if let cell = answers.cellPixels { parts.append("CSI 16 t \(cell.width)×\(cell.height)") }
    if let window = answers.windowPixels {
      parts.append("CSI 14 t \(window.width)×\(window.height)")
    }
    if let sixel = answers.sixelMaximum { parts.append("sixel ≤ \(sixel.width)×\(sixel.height)") }
    if let registers = answers.sixelRegisters { parts.append("\(registers) sixel colours") }
    return parts.joined(separator: ", ")
  }

  /// A cell of `width` × `height` pixels, unless that is no plausible cell.
  private static func shape(width: Int, height: Int) -> CellShape? {
    guard width > 0, height > 0 else { return nil }
    let shape = CellShape(width: width, height: height)
    return shape.width == width && shape.height == height ? shape : nil
  }

  /// The window's size in cells and pixels (`TIOCGWINSZ`); pixels are 0 where the
  /// terminal does not say.
  static func windowSize(of descriptor: Int32) -> (
    cells: (width: Int, height: Int), pixels: (width: Int, height: Int)
  )? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    return (
      (Int(size.ws_col), Int(size.ws_row)), (Int(size.ws_xpixel), Int(size.ws_ypixel))
    )
  }

  private static func microseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1_000_000 + time.tv_nsec / 1000
  }

  /// Writes all of `bytes`; `false` when the terminal takes none.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var rest = bytes[...]
    while !rest.isEmpty {
      let written = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return false }
      rest = rest.dropFirst(written)
    }
    return true
  }
}

extension String {
  /// "15" (tenths) as "1.5".
  fileprivate var paddedTenths: String {
    let digits = count < 2 ? String(repeating: "0", count: 2 - count) + self : self
    return digits.dropLast() + "." + digits.suffix(1)
  }
}
