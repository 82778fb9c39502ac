import CNcursesw
import CTerminalGuard
import CTextSupport
import LayoutEngine
import TerminalCore
import TerminalScreen
import TerminalText

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal, through ncurses: it only copies the in-memory screen out. Each frame is
/// written cell by cell where it changed, then sent with one `doupdate`; the screen is
/// never cleared per frame, and with `idlok` ncurses scrolls the card rows with the
/// terminal's own scrolling (the tag strip and status bar stay put around them). Where
/// sixel pictures move with that scrolling, a frame that scrolls the wall by a few rows
/// has the terminal scroll them first (`scrollRows`), so that only what comes on screen
/// is sent.
///
/// Input is waited for with `poll` on the terminal and on a wake-up descriptor that
/// background work writes to, so the loop wakes for a key, a resize or a finished job,
/// whichever comes first. ncurses reads only when the terminal is readable, and a read
/// that yields no key (an unknown or broken sequence) is not the end of input: only a
/// terminal that hangs up is.
package final class CursesTerminal: TerminalDevice {
  private let screenPointer: OpaquePointer
  let window: UnsafeMutablePointer<WINDOW>
  let wakeUp: WakeUpSignal
  /// Where keys are read and frames written: standard input and output, or /dev/tty.
  let inputDescriptor: Int32
  let outputDescriptor: Int32
  var palette: ColorPalette
  private var pairs: ColorPairAllocator
  private var shown: Screen?
  private var isOpen = true
  let shiftUpCodes: Set<Int32>
  let shiftDownCodes: Set<Int32>

  /// The longest paste kept, in characters; the rest of a longer paste is read and dropped
  /// so that memory stays bounded.
  static let pasteLimit = 65_536
  /// How long a paste may pause before it counts as ended without its end marker.
  static let pasteTimeout: Int32 = 300

  private static let bracketedPasteOn = "\u{1B}[?2004h"
  private static let bracketedPasteOff = "\u{1B}[?2004l"

  /// What this terminal can do, found when it was taken over.
  package let capabilities: TerminalCapabilities
  /// The pixel pictures beside ncurses' cells, when the terminal has a protocol.
  var pictureLayer: PictureLayer?
  /// The shared memory objects kitty reads pictures from, on this machine.
  let sharedMemory: SharedMemoryObjects
  /// The wall's rows and scroll in the last frame: a frame that scrolls them by a few rows
  /// has the terminal scroll them, pixels and all, where pictures move with the text.
  private var lastScrolling: ScrollingArea?
  /// Whether masonry scrolls the wall's rows itself: where sixel pixels move with the
  /// terminal's scrolling, and ncurses was given an entry it cannot scroll with
  /// (`ScrollFreeTerminfo`).
  private let scrollsRows: Bool
  /// Whether sixel pictures wait in the paced queue too: over SSH (or `--link slow`),
  /// where the link is what is slow. On this machine a terminal drawing sixels answers
  /// each acknowledgement only once it has drawn them (xterm under Xvfb: 18 KB/s), so
  /// they go out with their frame.
  private let queuesCellPictures: Bool
  /// Pictures whose shared memory objects could not be made, to be sent again as base64.
  var sendAgain = false
  /// kitty's picture bytes the terminal has not taken yet (`PictureOutputQueue`).
  var pictureQueue = PictureOutputQueue()
  /// The pace of kitty's queued pictures (`LinkPacer`), and the device attributes answers
  /// it has been told of.
  var pacer = LinkPacer(roundTrip: nil)
  var answersTaken = 0
  /// The picture link as the browser was last woken to hear it.
  var reportedLink = PictureLink()
  /// Whether the terminal was cleared since the last frame (the first frame, a resize,
  /// a resume): the pictures it showed are gone.
  var cleared = true
  /// `MASONRY_PICTURE_LOG`: one JSON line per picture per frame, for the screenshot tests.
  let pictureLog: Int32
  var frameNumber = 0
  /// The probe's answers that arrive late are taken out of the input here.
  var lateAnswers = LateAnswerFilter()
  /// Scalars the filter let through, not yet turned into keys; then an event read after
  /// them (a function key that ended a held sequence).
  var released: [UInt32] = []
  /// Unknown keys' escape sequences, dropped rather than read as Esc and letters.
  var keySequences = KeySequenceFilter()
  var afterReleased: TerminalEvent?

  /// Takes over the terminal.
  ///
  /// - Parameters:
  ///   - environment: `TERM`, `COLORTERM`, `NO_COLOR`, `TMUX`: what the colours and the
  ///     terminfo entry are chosen by (with `colors`).
  ///   - colors: `--color`: `auto` follows the terminal (see `ColorDepth.detected`).
  ///   - wakeUp: the signal background work raises; waits for input end when it is raised.
  /// - Throws: `TerminalError` when standard input or output is not a terminal, or the
  ///   terminal type is unknown or cannot show a full-screen interface; the terminal is
  ///   left untouched then.
  ///   - images: `--images`: whether and how the terminal is asked about pictures.
  ///   - symbols: `--symbols`, else what the terminal's name says.
  ///   - tmux: what tmux says of its client's terminal, inside tmux (its colours).
  ///   - link: `--link`: `slow` sends kitty's pictures as base64 even where kitty could
  ///     read them from this machine's shared memory, as over a link.
  ///   - pictureLog: a file to log each frame's pixel pictures to (`MASONRY_PICTURE_LOG`).
  package init(
    environment: [String: String], colors: ColorChoice = .auto, images: ImageChoice = .auto,
    symbols: SymbolSet? = nil, tmux: TmuxPane? = nil, link: LinkChoice = .auto,
    pictureLog: String? = nil, theme: ColorTheme = .dark, wakeUp: WakeUpSignal
  ) throws(TerminalError) {
    // Keys come from standard input, or, when it carries data (`masonry - < feed`), from
    // the controlling terminal, as less and fzf do; so does the drawing (`--pick`).
    let input = isatty(0) == 1 ? 0 : Self.openTerminal(O_RDONLY)
    guard input >= 0 else { throw .notATerminal(stream: "standard input") }
    let output = isatty(1) == 1 ? 1 : Self.openTerminal(O_WRONLY)
    guard output >= 0 else {
      if input > 0 { Glibc.close(input) }
      throw .notATerminal(stream: "standard output")
    }
    inputDescriptor = input
    outputDescriptor = output
    setlocale(LC_ALL, "")
    _ = masonry_use_utf8_ctype()
    let name = environment["TERM"] ?? ""
    // Checked before newterm, which already switches to the alternate screen.
    switch masonry_terminal_is_usable() {
    case -1: throw .unknownTerminal(name: name)
    case 0: throw .incapableTerminal(name: name)
    default: break
    }
    var (depth, entry, entryColors, depthReason) = Self.colorSetup(
      name: name, environment: environment, colors: colors, tmux: tmux?.client)
    masonry_guard_save_modes(input, output)
    let shared = SharedMemoryObjects()
    sharedMemory = shared

    // Asked before newterm, which would read the answers as keys.
    let (found, typed, unfinished) = TerminalProber.capabilities(
      depth: depth, depthReason: depthReason, input: input, output: output,
      environment: environment, tmuxClient: tmux?.client, images: images,
      symbols: symbols, utf8: masonry_use_utf8_ctype() != 0,
      sharedMemory: link.mayShareMemory ? shared : nil)
    // Where sixel pixels move with the terminal's scrolling, ncurses reads an entry it
    // cannot scroll with (from a private folder, removed once read): only masonry scrolls.
    let scrollFree =
      (found.pixelProtocol?.scrollsWithText ?? false)
      ? ScrollFreeTerminfo(entry: entry ?? name) : nil
    let terminfo = getenv("TERMINFO").map { String(cString: $0) }
    if let scrollFree { setenv("TERMINFO", scrollFree.folder, 1) }
    // newterm, not initscr: initscr exits the process when TERM is unknown.
    func start(_ outputFile: UnsafeMutablePointer<FILE>, _ inputFile: UnsafeMutablePointer<FILE>)
      -> OpaquePointer?
    {
      entry.map { entry in entry.withCString { newterm($0, outputFile, inputFile) } }
        ?? newterm(nil, outputFile, inputFile)
    }
    guard let outputFile = fdopen(output, "w"), let inputFile = fdopen(input, "r") else {
      throw .unknownTerminal(name: name)
    }
    var started = start(outputFile, inputFile)
    if let scrollFree {
      if let terminfo { setenv("TERMINFO", terminfo, 1) } else { unsetenv("TERMINFO") }
      scrollFree.remove()
      if started == nil { started = start(outputFile, inputFile) }
    }
    scrollsRows = scrollFree != nil && started != nil
    queuesCellPictures = link.queuesCellPictures(overSSH: found.overSSH)
    guard let screen = started else { throw .unknownTerminal(name: name) }
    screenPointer = screen
    set_term(screen)
    guard let window = masonry_stdscr() else { throw .unknownTerminal(name: name) }
    self.window = window
    self.wakeUp = wakeUp
    // Raw, not cbreak: Ctrl-C, Ctrl-Z and Ctrl-\\ arrive as keys, so that a pasted Ctrl-C
    // byte is text, not a signal (the browser binds Ctrl-C and Ctrl-Z itself).
    raw()
    noecho()
    nonl()
    keypad(window, true)
    curs_set(0)
    set_escdelay(25)
    idlok(window, true)
    leaveok(window, true)
    mousemask(
      masonry_button1_clicked() | masonry_button1_double_clicked() | masonry_button4_pressed()
        | masonry_button5_pressed(), nil)
    mouseinterval(200)
    // Home, End and the page keys as other terminals (and TERM=xterm-256color inside tmux)
    // send them, whatever the entry says.
    for (sequence, code) in [
      ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME),
      ("\u{1B}OH", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END),
      ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END), ("\u{1B}[5~", KEY_PPAGE),
      ("\u{1B}[6~", KEY_NPAGE),
    ] where key_defined(sequence) == 0 {
      define_key(sequence, code)
    }
    define_key("\u{1B}[200~", Int32(MASONRY_KEY_PASTE_BEGIN))
    define_key("\u{1B}[201~", Int32(MASONRY_KEY_PASTE_END))

    if depth != .none && has_colors() {
      start_color()
      use_default_colors()
    } else {
      depth = .none
    }
    palette = ColorPalette(
      depth: depth, numbersAreRGB: entryColors.colors >= 1 << 24, theme: theme)
    var capabilities = found
    capabilities.colorDepth = depth
    capabilities.reasons.tmux = tmux?.description
    pacer = LinkPacer(roundTrip: capabilities.roundTrip)
    self.capabilities = capabilities
    let insideTmux = !(environment["TMUX"] ?? "").isEmpty
    let directColor = entryColors.colors >= 1 << 24
    // Through tmux's passthrough only what needs no place on the screen: the images of
    // placeholder cells (tmux places the cells). A picture placed at the cursor would land
    // where the terminal outside has its cursor, not where tmux has the pane's.
    pictureLayer = capabilities.pixelProtocol.map {
      PictureLayer(
        protocolKind: $0, throughTmux: insideTmux && $0.drawsWithText, directColor: directColor,
        sharedMemory: capabilities.readsSharedMemory ? shared.prefix : nil)
    }
    // Sixel pieces of a cell row: a few kilobytes, each begun only where it fits in the
    // link's window (`LinkPacer`), so a key's frame waits behind no more than that.
    if queuesCellPictures { pictureLayer?.sendsByCellRow = true }
    self.pictureLog =
      pictureLog.flatMap { path in
        path.isEmpty ? nil : open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      } ?? -1
    // Keys typed while the terminal was asked, read before anything typed later; the
    // rest of an answer the probe was reading when it gave up is known as such.
    for byte in typed.reversed() { ungetch(Int32(byte)) }
    lateAnswers = LateAnswerFilter(resuming: unfinished.map(UInt32.init), at: Self.milliseconds())
    // After start_color: before it, ncurses reports no colour pairs at all.
    pairs = ColorPairAllocator(capacity: Swift.max(0, Swift.min(masonry_color_pairs() - 1, 65_535)))
    shiftUpCodes = Set([Int32(KEY_SR), masonry_key_code("kUP")].filter { $0 > 0 })
    shiftDownCodes = Set([Int32(KEY_SF), masonry_key_code("kDN")].filter { $0 > 0 })

    // What undoes all this from a signal handler, where ncurses cannot be called.
    var restore = ""
    for capability in ["rmcup", "cnorm", "sgr0", "rmkx"] {
      if let value = masonry_terminfo_string(capability) { restore += String(cString: value) }
    }
    let modesOff = "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l" + Self.bracketedPasteOff
    // A terminfo entry whose strings are too long for the guard (it never cuts them)
    // gets the ANSI sequences every terminal masonry drives understands instead.
    for sequence in [restore + modesOff, "\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m" + modesOff] {
      let installed = Array(sequence.utf8).withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
          masonry_guard_install($0.baseAddress, $0.count) == 0
        }
      }
      if installed { break }
    }
    // After newterm, so that ncurses' own SIGWINCH handler runs first.
    masonry_guard_wake_on_resize(wakeUp.writeDescriptor)
    // Ctrl-Z gives the terminal back; `fg` (SIGCONT) wakes the loop to take it again.
    masonry_guard_wake_on_resume(wakeUp.writeDescriptor)
    // Pasted text arrives between markers instead of as keys. The mode belongs to the
    // terminal, not to a screen, so it is set straight away, beside ncurses' output.
    send(Self.bracketedPasteOn)
  }

  /// Takes the terminal back after a suspend (the signal handler gave it back): ncurses
  /// returns to program mode and the alternate screen and repaints the whole last frame;
  /// bracketed paste is asked for again.
  func resume() {
    cleared = true
    endwin()
    send(Self.bracketedPasteOn)
    clearok(masonry_curscr(), true)
    wrefresh(masonry_curscr())
  }

  /// Ctrl-Z: the suspend handler gives the terminal back and stops the process; once
  /// continued, the terminal is taken again and the last frame repainted whole.
  package func suspend() {
    removePictures()
    raise(SIGTSTP)
    if masonry_guard_take_resumed() != 0 { resume() }
  }

  /// `!`: the terminal as the shell had it (the normal screen, cooked keys) while `body`
  /// runs a program, then taken again and the last frame repainted whole.
  package func handOver<Result>(_ body: () -> Result) -> Result {
    removePictures()
    endwin()
    send(Self.bracketedPasteOff)
    let result = body()
    resume()
    return result
  }

  package func copyToClipboard(_ bytes: [UInt8]) {
    send(Self.clipboardEscape(bytes))
  }

  /// Gives the terminal back as it was.
  package func close() {
    guard isOpen else { return }
    isOpen = false
    removePictures()
    if pictureLog >= 0 { Glibc.close(pictureLog) }
    sharedMemory.removeAll()
    endwin()
    send(Self.bracketedPasteOff)
    delscreen(screenPointer)
    masonry_guard_stop_wake_on_resize()
    masonry_guard_uninstall()
  }

  deinit { close() }

  /// `masonry --probe`: what this terminal can do, asked as the browser asks it, without
  /// taking the terminal over.
  ///
  /// - Throws: `TerminalError` when there is no terminal or TERM is unknown.
  package static func probe(
    environment: [String: String], colors: ColorChoice = .auto, images: ImageChoice = .auto,
    symbols: SymbolSet? = nil, tmux: TmuxPane? = nil
  ) throws(TerminalError) -> TerminalCapabilities {
    let input = isatty(0) == 1 ? 0 : openTerminal(O_RDONLY)
    guard input >= 0 else { throw .notATerminal(stream: "standard input") }
    let output = isatty(1) == 1 ? 1 : openTerminal(O_WRONLY)
    guard output >= 0 else { throw .notATerminal(stream: "standard output") }
    setlocale(LC_ALL, "")
    let utf8 = masonry_use_utf8_ctype() != 0
    let name = environment["TERM"] ?? ""
    if masonry_terminal_is_usable() == -1 { throw .unknownTerminal(name: name) }
    let (depth, _, _, depthReason) = colorSetup(
      name: name, environment: environment, colors: colors, tmux: tmux?.client)
    var (found, _, _) = TerminalProber.capabilities(
      depth: depth, depthReason: depthReason, input: input, output: output,
      environment: environment, tmuxClient: tmux?.client, images: images,
      symbols: symbols, utf8: utf8, sharedMemory: SharedMemoryObjects()
    )
    found.reasons.tmux = tmux?.description
    // Only a terminal that answers device attributes is asked again (one that does not
    // would hold `--probe` for the measure's two seconds).
    if found.answersDeviceAttributes {
      found.reasons.throughput = TerminalProber.measureThroughput(input: input, output: output)
    }
    return found
  }

  /// `/dev/tty`, the controlling terminal, opened with `flags` (-1 when there is none).
  private static func openTerminal(_ flags: Int32) -> Int32 {
    let descriptor = open("/dev/tty", flags | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else { return -1 }
    guard isatty(descriptor) == 1 else {
      Glibc.close(descriptor)
      return -1
    }
    return descriptor
  }

  /// Writes a control sequence of ours to the terminal, beside ncurses' output.
  private func send(_ sequence: String) { send(Array(sequence.utf8)) }

  func send(_ sequence: [UInt8]) {
    var bytes = sequence[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(outputDescriptor, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return }
      bytes = bytes.dropFirst(written)
    }
  }

  package var size: Size {
    Size(width: Int(masonry_getmaxx(window)), height: Int(masonry_getmaxy(window)))
  }

  package func now() -> Int { Self.milliseconds() }

  /// The monotonic clock in milliseconds.
  private static func milliseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
  }

  /// Placements that live beside the cells go (the main screen never showed them);
  /// pictures that belong to the alternate screen's cells go with it.
  private func removePictures() {
    // The escape in flight finished (the terminal must not be left inside one), the rest
    // dropped: the layer sends what is shown again after the clear this makes.
    finishEscapeInFlight()
    pictureQueue = PictureOutputQueue()
    guard let layer = pictureLayer else { return }
    let farewell = layer.farewell()
    if !farewell.isEmpty {
      send(farewell)
      cleared = true
    }
    guard let remove = PictureEscapes.removeAll(layer.protocolKind) else { return }
    send(remove)
    cleared = true
  }

  package var picturesNeedAnotherFrame: Bool {
    sendAgain || (pictureLayer?.needsAnotherFrame ?? false)
  }

  package var pictureLink: PictureLink {
    PictureLink(pending: pictureQueue.count, throughput: pacer.throughput)
  }

  package func draw(_ screen: Screen, pictures: [PicturePlacement], scrolling: ScrollingArea?) {
    // The pictures' plan first: the rows ncurses must rewrite are part of this frame.
    var plan = PictureLayer.Plan()
    // The frame's text never lands inside a picture's escape: the one in flight is
    // finished first (a chunk at most); after a clear the rest is of no use.
    finishEscapeInFlight()
    if cleared { pictureQueue = PictureOutputQueue() }
    sendAgain = false
    // The wall scrolled by a few rows, where pictures move with the terminal's scrolling:
    // the terminal scrolls them (below), and the layer sends only what comes on screen.
    var scroll: PictureLayer.Scroll?
    if let scrolling, !cleared, scrollsRows, pictureLayer?.protocolKind.scrollsWithText == true,
      let by = scrolling.scrolled(since: lastScrolling),
      shown.map({ $0.width == screen.width && $0.height == screen.height }) == true,
      scrolling.rows.upperBound <= Swift.min(screen.height, Int(masonry_getmaxy(window)))
    {
      scroll = PictureLayer.Scroll(rows: scrolling.rows, by: by, screenHeight: screen.height)
    }
    lastScrolling = scrolling
    // Sixel pieces still waiting were for rows the scroll moves: their rows sent again.
    if scroll != nil, pictureLayer?.protocolKind.keepsPictures == false {
      pictureLayer?.unsent(pictureQueue.dropUnsent { _ in true })
    }
    if var layer = pictureLayer {
      plan = layer.plan(pictures, screenHeight: screen.height, cleared: cleared, scrolled: scroll)
      makeSharedObjects(plan.sharedObjects, layer: &layer)
      pictureLayer = layer
    }
    let queued =
      pictureLayer.map {
        $0.protocolKind.mayArriveLate && ($0.protocolKind.keepsPictures || queuesCellPictures)
      }
      ?? false
    // Placeholder cells are the frame's own text: written over the picture's blank cells.
    var screen = screen
    for cell in plan.cells {
      screen.overwrite(
        Cell(grapheme: cell.grapheme, style: CellStyle(foreground: cell.color)),
        at: Point(x: cell.x, y: cell.y))
    }
    cleared = false
    let synchronized = capabilities.synchronizedOutput && !plan.output.isEmpty && !queued
    if synchronized { send(PictureEscapes.synchronizedBegin) }
    if let scroll { scrollRows(scroll) }
    for row in plan.rewriteRows where row < Int(masonry_getmaxy(window)) {
      wredrawln(window, Int32(row), 1)
    }
    // Every colour combination of the whole frame keeps (or gets) a pair before any cell is
    // written, so no pair that a cell on screen still uses is redefined.
    if palette.depth != .none {
      var used = Set<ColorPairAllocator.Colors>()
      // Cells come in runs of one style (text, borders, blank space): a set insert a run.
      var last: CellStyle?
      for cell in screen.cells where !cell.isContinuation && cell.style != last {
        last = cell.style
        used.insert(colors(of: cell.style))
      }
      for (pair, colors) in pairs.beginFrame(used) {
        init_extended_pair(pair, colors.foreground, colors.background)
      }
    }
    // After a scroll the terminal's rows are not the last frame's: every cell is given to
    // ncurses, which writes what differs from the scrolled screen it now knows.
    let unchanged =
      scroll == nil
      && (shown.map { $0.width == screen.width && $0.height == screen.height } ?? false)
    let rows = Swift.min(screen.height, Int(masonry_getmaxy(window)))
    let columns = Swift.min(screen.width, Int(masonry_getmaxx(window)))
    // The attributes and pair of the last style written, kept across its run.
    var lastStyle: CellStyle?
    var attributes = masonry_a_normal()
    var pair: Int32 = 0
    for y in 0..<rows {
      var x = 0
      while x < columns {
        let cell = screen[x, y]
        if cell.isContinuation || (unchanged && shown![x, y] == cell) {
          x += 1
          continue
        }
        if cell.style != lastStyle {
          lastStyle = cell.style
          attributes = self.attributes(of: cell.style)
          pair = pairs.pair(for: colors(of: cell.style))
        }
        put(cell.grapheme, x: x, y: y, limit: columns, attributes: attributes, pair: pair)
        x += 1
      }
    }
    shown = screen
    // The accessible view puts the cursor on the line a screen reader should read.
    if let cursor = screen.cursor, cursor.y < rows, cursor.x < columns {
      leaveok(window, false)
      wmove(window, Int32(cursor.y), Int32(cursor.x))
      curs_set(1)
    } else {
      leaveok(window, true)
      curs_set(0)
    }
    wnoutrefresh(window)
    doupdate()
    if queued {
      // Pictures still waiting whole but no longer wanted (scrolled away, or asked for
      // again smaller) are not sent: the layer sends them anew if they come back.
      let wanted = Set(plan.shown.map(\.picture.id))
      if pictureLayer?.protocolKind.keepsPictures == true {
        let dropped = pictureQueue.dropUnsent(except: wanted)
        if !dropped.isEmpty { pictureLayer?.forget(dropped) }
      } else {
        // A sixel piece waiting for cells this frame changes would draw over them, and
        // one of rows this frame sends again would draw them twice: dropped.
        pictureQueue.dropStale(after: plan)
      }
      pictureQueue.append(plan.output, transmissions: plan.transmissions)
      writeQueuedPictures()
    } else if !plan.output.isEmpty {
      send(plan.output)
    }
    if synchronized { send(PictureEscapes.synchronizedEnd) }
    logPictures(plan.shown)
  }

  /// Removes the file at `path` if a signal ends the program while the terminal is
  /// guarded (the `--listen` socket); `nil` forgets it.
  package static func removeOnSignal(_ path: String?) {
    guard let path else { return masonry_guard_remove_on_exit(nil) }
    path.withCString { masonry_guard_remove_on_exit($0) }
  }

  /// Writes one cluster: its first spacing scalar with the combining marks after it, then
  /// each further spacing scalar (a flag's second half, an emoji modifier) in the next
  /// cells, as the width rule counts them. A frame writes thousands of cells, so the
  /// scalars go through a buffer on the stack, and one printable ASCII byte (most cells)
  /// straight to ncurses.
  private func put(
    _ grapheme: String, x: Int, y: Int, limit: Int, attributes: attr_t, pair: Int32
  ) {
    let utf8 = grapheme.utf8
    if utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F {
      var ascii: (wchar_t, wchar_t) = (wchar_t(byte), 0)
      _ = withUnsafePointer(to: &ascii) {
        $0.withMemoryRebound(to: wchar_t.self, capacity: 2) {
          masonry_put_cell(window, Int32(y), Int32(x), $0, attributes, pair)
        }
      }
      return
    }
    // At most five scalars a cell (ncurses' CCHARW_MAX) and the terminator.
    withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: 6) { group in
      var count = 0
      var cellX = x
      func flush() {
        guard count > 0, cellX < limit else { return }
        group[count] = 0
        _ = masonry_put_cell(window, Int32(y), Int32(cellX), group.baseAddress, attributes, pair)
        cellX += Swift.max(1, Int(masonry_wcwidth(UInt32(group[0]))))
        count = 0
      }
      for scalar in grapheme.unicodeScalars {
        if masonry_wcwidth(scalar.value) > 0 || count == 0 {
          flush()
        }
        if count < 5 {
          group[count] = wchar_t(bitPattern: scalar.value)
          count += 1
        }
      }
      flush()
    }
  }
}
