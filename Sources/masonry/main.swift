import Browser
import Cards
import ChildProcesses
import CursesBackend
import FileCuration
import MasonryCommands
import PictureFiles
import RemoteControl
import TerminalCore
import TerminalText
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

// The executable is a thin shell: commands live in MasonryCommands, the browser in
// Browser; this file only hands the browser a real terminal.
AllocationPolicy.apply()
var output = StandardOutput()
var environment: [String: String] = [:]
// What the terminal's colours and its terminfo entry are chosen by (see ColorDepth).
for name in [
  "NO_COLOR", "TERM", "COLORTERM", "TMUX", "TERM_PROGRAM", "KONSOLE_VERSION", "MASONRY_IMAGES",
  "MASONRY_PICTURE_LOG", "MASONRY_OPENER", "MASONRY_SHELL", "MASONRY_OSC52", "HOME",
  "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "MASONRY_OPTS", "MASONRY_TEST_KILL_AT",
  "TMUX_PANE",
  "SSH_CONNECTION", "SSH_TTY", "XDG_RUNTIME_DIR", "MASONRY_API_KEY",
] {
  if let value = getenv(name) { environment[name] = String(cString: value) }
}
// Printing to a terminal: its width, for what must fit it (`masonry thumbnail`).
if isatty(1) == 1 {
  var window = winsize()
  if ioctl(1, UInt(TIOCGWINSZ), &window) == 0 && window.ws_col > 0 {
    environment["MASONRY_TERMINAL_COLUMNS"] = String(window.ws_col)
  }
}
// Standard input a pipe or a file: with no SOURCE, the cards are read from it (as fzf
// reads its input), never the bundled sample while data waits.
var standardInput = stat()
if fstat(0, &standardInput) == 0,
  [S_IFIFO, S_IFREG].contains(standardInput.st_mode & S_IFMT)
{
  environment["MASONRY_STANDARD_INPUT"] = "data"
}
// The arguments as bytes: a file name that is not UTF-8 still opens (see `FileName`).
let arguments = (1..<Int(CommandLine.argc)).map { index in
  FileName.string(
    fromBytes: UnsafeBufferPointer(
      start: UnsafeRawPointer(CommandLine.unsafeArgv[index]!).assumingMemoryBound(to: UInt8.self),
      count: strlen(CommandLine.unsafeArgv[index]!)))
}

/// Ends with `code`; a closed pipe downstream ends by SIGPIPE, quietly, as other tools do.
func end(_ code: Int32) -> Never {
  if code == MasonryCommand.closedPipe {
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
  }
  exit(code)
}

/// Inside tmux, what tmux says of masonry's pane and of its client's terminal (whether it
/// passes 24-bit colour on), asked in at most 300 ms; where pictures may need the
/// terminal outside (`--images auto` or `kitty-unicode`), passthrough turned on for the
/// pane, as timg and yazi do.
@MainActor func tmuxPane(images: ImageChoice) -> TmuxPane? {
  guard !(environment["TMUX"] ?? "").isEmpty else { return nil }
  let pane = environment["TMUX_PANE"]
  let asked = ChildProcess.output(
    of: ProgramArguments.tmuxDisplay(TmuxPane.format, pane: pane), timeout: 300)
  guard var found = asked.flatMap(TmuxPane.init(answer:)) else { return nil }
  switch images {
  case .auto, .kittyUnicode:
    if !found.passthrough
      && ChildProcess.run(
        ProgramArguments.tmuxPassthrough(on: true, pane: pane), streams: .detached
      ).succeeded
    {
      found.passthrough = true
      found.turnedPassthroughOn = true
    }
  case .kitty, .sixel, .iterm, .symbols, .placeholders:
    break
  }
  return found
}

/// Passthrough back as it was, where masonry turned it on.
@MainActor func restore(_ tmux: TmuxPane?) {
  guard tmux?.turnedPassthroughOn == true else { return }
  _ = ChildProcess.run(
    ProgramArguments.tmuxPassthrough(on: false, pane: environment["TMUX_PANE"]),
    streams: .detached)
}

guard BrowseCommand.isBrowse(arguments) else {
  end(MasonryCommand.main(arguments, environment: environment, output: &output))
}
end(
  BrowseCommand.run(arguments, environment: environment, output: &output) { command in
    if command.probing {
      do throws(TerminalError) {
        let tmux = tmuxPane(images: command.images)
        defer { restore(tmux) }
        let found = try CursesTerminal.probe(
          environment: environment, colors: command.colors, images: command.images,
          symbols: command.symbols, tmux: tmux)
        var answer = StandardOutput()
        for (name, value) in found.summary { answer.write("\(name): \(value)\n") }
        return MasonryCommand.finish(0, output: &answer)
      } catch {
        var errors = StandardOutput()
        FailureReport.say(error.description, on: &errors)
        return error.exitCode
      }
    }
    // Thumbnails kept on disk, unless the cache folder is not safe to use (a link,
    // another user's, writable by others): then none, and a warning.
    var warnings = command.warnings
    var diskCache: ThumbnailDiskCache?
    if command.usesDiskCache {
      switch ThumbnailDiskCache.standard(environment: environment) {
      case .success(let cache): diskCache = cache
      case .failure(let refusal): warnings.append(refusal)
      case nil: break
      }
    }
    var errors = StandardOutput()
    // Once each: the two caches share the folder above theirs, and a refusal of it.
    var said: Set<String> = []
    for warning in warnings where said.insert(warning.warning).inserted {
      FailureReport.say(warning.warning, on: &errors)
    }
    let wakeUp = WakeUpSignal()
    let terminal: CursesTerminal
    let tmux = tmuxPane(images: command.images)
    defer { restore(tmux) }
    do throws(TerminalError) {
      terminal = try CursesTerminal(
        environment: environment, colors: command.colors, images: command.images,
        symbols: command.symbols, tmux: tmux, link: command.link,
        pictureLog: environment["MASONRY_PICTURE_LOG"], theme: command.theme, wakeUp: wakeUp)
    } catch {
      var errors = StandardOutput()
      FailureReport.say(error.description, on: &errors)
      return error.exitCode
    }
    var app = BrowserApp(
      collection: command.collection, options: command.options,
      pictures: command.drawsThumbnails
        ? .thumbnails(ThumbnailMode(terminal.capabilities.colorDepth)) : .placeholders,
      capabilities: terminal.capabilities,
      wakeUp: wakeUp, load: command.load, feed: command.feed, picking: command.picking,
      actions: ActionSettings(environment: environment, osc52: command.allowsOSC52),
      diskCache: diskCache, follow: command.follow, folderSort: command.folderSort,
      notice: warnings.first?.notice, animate: command.animate, resort: command.resort,
      curator: Curator(environment: environment), slideshow: command.slideshow, link: command.link,
      editing: command.editing, keys: command.keys, accessible: command.accessible,
      readOutput: command.readOutput,
      reload: command.reload)
    // --listen: other programs drive the browser; the commands it runs find the address.
    if let address = command.listen {
      // Set before any thread of the browser's runs (setenv is not safe beside getenv).
      setenv("MASONRY_SOCKET", address.description, 1)
      do throws(RemoteServer.Failure) {
        try app.listen(at: address, apiKey: environment["MASONRY_API_KEY"])
        if case .unix(let path) = address { CursesTerminal.removeOnSignal(path) }
      } catch {
        terminal.close()
        var errors = StandardOutput()
        FailureReport.say(error.message, on: &errors)
        return 69
      }
    }
    defer { app.remote?.stop() }
    // MASONRY_TRACE=FILE: every event and frame with its time, for measuring latency.
    let trace = getenv("MASONRY_TRACE").map { String(cString: $0) }.flatMap { path in
      path.isEmpty ? nil : open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    }
    if let trace, trace >= 0 {
      var traced = TracingTerminal(terminal, descriptor: trace)
      app.run(on: &traced)
      close(trace)
    } else {
      var device = terminal
      app.run(on: &device)
    }
    terminal.close()
    if let failure = app.failure {
      var errors = StandardOutput()
      FailureReport.say(failure.description, on: &errors)
      return failure.exitCode
    }
    // Ctrl-C: the status an interrupt gives, as when SIGINT ends a program.
    if app.interrupted { return 128 + SIGINT }
    // become(…): the command in masonry's place, the terminal restored — and what masonry
    // set up for itself undone first, as its deferred clean-up would (exec skips those):
    // the socket, tmux's passthrough, the variable naming the socket.
    if let program = app.became {
      app.remote?.stop()
      restore(tmux)
      unsetenv("MASONRY_SOCKET")
      let failure = ChildProcess.replaceProcess(with: program)
      var errors = StandardOutput()
      FailureReport.say("become: \(failure)", on: &errors)
      return 126
    }
    // print(…): the text, as --pick prints (controls made visible on a terminal).
    if let text = app.printed {
      var answer = StandardOutput()
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      answer.write(
        (isatty(1) == 1 ? lines.map { MessageText.visible(String($0)) } : lines.map(String.init))
          .joined(separator: "\n") + "\n")
      return MasonryCommand.finish(0, output: &answer)
    }
    guard let pick = command.pick else { return 0 }
    guard let picked = app.picked, !picked.isEmpty else { return 1 }
    let (bytes, notes) = pick.render(picked, toTerminal: isatty(1) == 1)
    // Its own handle on standard output: `output` is in use by `run` around this closure.
    var answer = StandardOutput()
    for note in notes { FailureReport.say(note, on: &answer) }
    guard !bytes.isEmpty else { return 1 }
    answer.write(bytes: bytes)
    return MasonryCommand.finish(0, output: &answer)
  })
