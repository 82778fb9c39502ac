import Browser
import CardLayouts
import Cards
import PictureFiles
import RemoteControl
import TerminalCore
import TerminalScreen

#if canImport(Glibc)
  import Glibc
#endif

/// `masonry [SOURCE] [options]`: what the interactive browser needs, read from the
/// command line. The terminal itself is the executable's business.
package struct BrowseCommand {
  /// The cards read before the browser starts (the first piece of a file; none of a
  /// stream, which may not have been written yet).
  package let collection: CardCollection
  /// The rest of the source, read while the browser runs.
  package let feed: CardFeed?
  /// How far the source is read when the browser starts.
  package let load: LoadStatus
  /// `--pick`: Enter prints the marked cards, else the selected one (exit 0); q or Esc
  /// exit 1. `nil`: not picking.
  package let pick: PickOutput?
  /// Whether Enter answers with cards (`--pick`).
  package var picking: Bool { pick != nil }
  /// Folders and pictures: their order now, and how to list them in another (`s`, `S`).
  package let folderSort: FolderSort?
  package let resort: (@Sendable (FolderSort) throws -> CardCollection)?
  /// The card file captions and tags are written back to (`e`, `#`), with its field names:
  /// one JSON or JSON Lines file (not a stream, a property list or pictures).
  package let editing: (path: String, mapping: FieldMapping)?
  /// The card file read on from a byte as it grows (`F`), when the source is one.
  package let follow: (@Sendable (Int) -> CardFeed)?
  /// Whether thumbnails are kept on disk between runs (not `--no-cache`).
  package let usesDiskCache: Bool
  /// `--osc52`: `y` may set the clipboard with OSC 52.
  package let allowsOSC52: Bool
  /// What the person should know before the browser starts (a cache folder refused).
  package let warnings: [CacheFolder.Refusal]
  /// `--probe`: print what the terminal can do, one line each, and exit (nothing loaded).
  package let probing: Bool
  /// `--print-config`: the options in force and where each came from, to print instead
  /// of browsing (nothing loaded).
  package let printedConfig: String?
  /// `--keys`: the keys in force (with `--bind`'s), to print instead of browsing.
  package let printedKeys: String?
  /// The key tables in force: the standard ones with `--bind`'s bindings over them.
  package let keys: KeyTables
  /// `--listen`: where other programs reach the browser.
  package let listen: RemoteAddress?
  /// `--accessible`: the cards as lines of words from the start.
  package let accessible: Bool
  package let options: LayoutOptions
  /// How pictures are drawn (`--images`, else `MASONRY_IMAGES`, else `auto`).
  package let images: ImageChoice
  /// `--symbols`, when given (else the terminal's name decides).
  package let symbols: SymbolSet?
  /// `--animate`, when given (else `AnimationChoice.standard` for the terminal).
  package let animate: AnimationChoice?
  /// `--slideshow SECONDS`: the viewer opens on the first picture with a slideshow of
  /// this interval (ms) running.
  package let slideshow: Int?
  /// `--link`: pictures for a fast or a slow link (`auto`: as measured).
  package let link: LinkChoice
  /// Whether pictures are drawn as thumbnails (not `--images none`).
  package var drawsThumbnails: Bool { images != .placeholders }
  /// `--color`: how many colours the terminal is drawn in (`auto`: what it says).
  package let colors: ColorChoice
  /// Which colour each of the widgets' colour roles is (`--color`).
  package let theme: ColorTheme
  private let sources: [String]
  private let sourceOptions: SourceOptions

  static let documentation = CommandDocumentation(
    name: "browse", synopsis: "[browse] [SOURCE] [options]",
    description: """
      Browses the cards of SOURCE (a card file, pictures or folders of pictures; the \
      bundled sample when absent) in the terminal, in columns that follow the window's \
      width. Press ? in the browser for the keys. Options are read from the config \
      file, then MASONRY_OPTS, then the command line; where two set one value the later \
      wins.
      """ + "\n\n" + SourceOptions.sourceHelp,
    options: LayoutOptions.documentation + SourceOptions.documentation
      + PictureOptions.documentation(browser: true) + [
        animateHelp, slideshowHelp, linkHelp, ColorOption.documentation(withoutIt: "auto"),
      ] + PickOutput.documentation + [followHelp, osc52Help, noCacheHelp, probeHelp]
      + configHelp + [BindOption.documentation, keysHelp, listenHelp, accessibleHelp])

  /// `--accessible`.
  static let accessibleHelp = OptionHelp(
    "--accessible",
    "Start in the accessible view (A switches it): the selected card said in words at the top (card 12 of 640: caption — comment — tags — picture), the terminal's cursor on it for a screen reader, then one card a line in reading order; no box drawing, no picture, each picture said by the card's alt, else its file name and size. Movement keys go from card to card."
  )

  /// `--listen`.
  static let listenHelp = OptionHelp(
    "--listen[=PATH]",
    "Listen for other programs on a Unix socket (mode 0600; without PATH $XDG_RUNTIME_DIR/masonry-PID.sock), or with --listen=localhost:PORT on that port of the loopback address alone, every request then beginning with MASONRY_API_KEY. A request is a line holding an action as --bind names it, search(TEXT), select(N), tag(TAG) or state; each is answered with the state as one line of JSON. No request runs a shell command a --bind binding does not hold. Commands the browser runs find the address in MASONRY_SOCKET; masonry remote is the client."
  )

  /// `--keys`.
  static let keysHelp = OptionHelp(
    "--keys",
    "Print the keys in force, every context's, with the bindings of --bind (in the config file, MASONRY_OPTS or the command line) in place and each line's action names in brackets (what --bind and masonry remote call them), and exit."
  )

  /// `--config`, `--no-config`, `--print-config`.
  static let configHelp = [
    OptionHelp(
      "--config FILE",
      "Read default options from FILE rather than $XDG_CONFIG_HOME/masonry/config (else ~/.config/masonry/config): options written as on the command line, one or more a line, each value on its option's line, # to the end of a line a comment, split as a shell splits words (nothing expanded). MASONRY_OPTS holds more, read after the file; the command line comes last. A mistake in either is an error naming its file:line:column (or MASONRY_OPTS), before the terminal is touched."
    ),
    OptionHelp("--no-config", "Read no config file."),
    OptionHelp(
      "--print-config",
      "Print the options in force, one a line as the config file takes them, each with where it came from (the config file's line, MASONRY_OPTS or the command line), and exit."
    ),
  ]

  /// `--animate`.
  static let animateHelp = OptionHelp(
    "--animate all|selected|off",
    "Which animated pictures (GIF, WebP, APNG) play: all on screen (the default in kitty, which plays them itself once sent), the selected and the open card's (the default elsewhere, where each frame is drawn again; the others show their first frame), or none (first frames only). a pauses and resumes them."
  )

  /// `--slideshow`.
  static let slideshowHelp = OptionHelp(
    "--slideshow SECONDS",
    "Open the first picture in the viewer and show the next every SECONDS (0.5 to 3600; s in the viewer starts and stops a slideshow of 3 s, or of SECONDS when given). Each next picture is made while the one before shows."
  )

  /// `--link`.
  static let linkHelp = OptionHelp(
    "--link auto|local|slow",
    "How pictures are sent for the link to the terminal. kitty's pictures always go in batches the terminal acknowledges, about a round trip of them ahead of a key's frame at most, and the status bar says what is left to send at a slow pace. auto (the default): over SSH (SSH_CONNECTION or SSH_TTY set) pictures of about half the pixels (sixels in 64 colours) until a batch measures 1 MB/s or more; on this machine whole, and read by kitty from shared memory where it can (the probe asks), not sent as base64. local: always whole. slow: always smaller, and as base64, as over a link."
  )

  /// `--follow`.
  static let followHelp = OptionHelp(
    "--follow",
    "Follow the card file as it grows, as tail -F and less +F do: it is looked at every \(ByteSource.followInterval) ms, so cards written to its end show within about \(ByteSource.followInterval) ms, the last one selected (a movement key or Esc stops following the end; F follows it again; reading goes on); a line waits for its newline; a file truncated or replaced (log rotation) is read again from its start. F in the browser starts following a card file read to its end."
  )

  /// `--no-cache`.
  static let noCacheHelp = OptionHelp(
    "--no-cache",
    "Keep no thumbnails on disk. Without it, thumbnails made once are kept under $XDG_CACHE_HOME/masonry (else ~/.cache/masonry), at most 256 MB, the least recently used dropped first, so a folder opened again shows its pictures at once."
  )

  /// `--osc52` and the environment around the browser's actions.
  static let osc52Help = OptionHelp(
    "--osc52",
    "Let y put the selected card's path on the clipboard with OSC 52 (also MASONRY_OSC52=1; inside tmux through tmux load-buffer -w). Without it, y fills tmux's paste buffer inside tmux and says it cannot elsewhere. o opens the picture with MASONRY_OPENER (a program and its arguments, split at spaces) or xdg-open; ! runs a command line with MASONRY_SHELL or /bin/sh -c 'COMMAND \"$@\"', the files as its arguments. A program gets each path as one argument that no program reads as an option (a relative one as ./NAME), and o opens a card's url only when it is an http, https or file address."
  )

  /// `--probe` and what it prints.
  static let probeHelp = OptionHelp(
    "--probe",
    "Ask the terminal what it can do, as the browser does, print one line per capability (the answers and their time, colours, the picture protocol, the cell's size in pixels, the symbols, synchronized output), each with why, and exit."
  )

  /// `masonry browse --help`: how to call the browser, and its keys.
  static func usage(keys: KeyTables = .standard) -> String {
    documentation.usage + "\n\nkeys:\n" + KeyBindings.plainText(for: keys)
  }

  /// The keys the browser would have with `arguments` (and the config file and
  /// MASONRY_OPTS): what `--help` and `--man` list. Options that cannot be read leave the
  /// standard keys; saying why is the browser's business, not the help's.
  static func keysInForce(_ arguments: [String], _ environment: [String: String]) -> KeyTables {
    let words = arguments.drop { $0 == "browse" || $0 == "help" }.filter {
      !MasonryCommand.programOptions.contains($0)
    }
    guard
      let gathered = try? BrowseArguments(Array(words), environment: environment, check: { _ in }),
      let settings = try? BrowseSettings(gathered.texts, environment: environment)
    else { return .standard }
    return settings.keys
  }

  /// Whether `arguments` ask for the browser rather than another command or a program
  /// option such as `--help` (which `MasonryCommand.main` answers).
  package static func isBrowse(_ arguments: [String]) -> Bool {
    if let first = arguments.first, MasonryCommand.commandNames.contains(first) { return false }
    let options = arguments.prefix { $0 != "--" }
    return !options.contains { MasonryCommand.programOptions.contains($0) }
  }

  /// Reads the command line and loads the source.
  ///
  /// - Throws: `UsageError` or `DataError`.
  package init(_ arguments: [String], environment: [String: String] = [:]) throws {
    let rest = arguments.first == "browse" ? Array(arguments.dropFirst()) : arguments
    let gathered = try BrowseArguments(rest, environment: environment) {
      (words) throws(UsageError) in
      _ = try BrowseSettings(words, environment: environment)
    }
    let settings = try BrowseSettings(gathered.texts, environment: environment)
    let parsed = settings.parsed
    printedConfig = parsed.flags.contains("--print-config") ? gathered.printed(parsed) : nil
    keys = settings.keys
    listen = try Self.listenAddress(parsed, environment: environment)
    accessible = parsed.flags.contains("--accessible")
    printedKeys =
      parsed.flags.contains("--keys") && printedConfig == nil
      ? KeyBindings.plainText(for: settings.keys, actions: true) + "\n" : nil
    options = settings.options
    images = settings.images
    symbols = settings.symbols
    animate = settings.animate
    slideshow = settings.slideshow
    link = settings.link
    colors = settings.colors
    theme = settings.theme
    var sourceOptions = settings.sourceOptions
    var warnings: [CacheFolder.Refusal] = []
    if !parsed.flags.contains("--no-cache") {
      switch PictureHeaderCache.standard(environment: environment) {
      case .success(let cache): sourceOptions.headers = cache
      case .failure(let refusal): warnings.append(refusal)
      case nil: break
      }
    }
    self.warnings = warnings
    self.sourceOptions = sourceOptions
    // --probe, --print-config and --keys read no cards.
    let probing = parsed.flags.contains("--probe") || printedConfig != nil || printedKeys != nil
    sources = probing ? [] : sourceOptions.sources(parsed.positionals, environment: environment)
    pick = settings.pick
    allowsOSC52 = parsed.flags.contains("--osc52")
    if !probing && sourceOptions.arePictures(sources) {
      let (sources, options) = (sources, sourceOptions)
      folderSort = FolderSort(order: options.sort)
      resort = { sort in
        try options.loadPictures(sources, sort: sort.order, descending: sort.descending)
      }
    } else {
      (folderSort, resort) = (nil, nil)
    }
    if sources.count == 1, let source = sources.first, sourceOptions.isCardSource(source),
      !ByteSource.isStream(source), CardLoader.format(forPath: source) != .propertyList
    {
      let reading = sourceOptions.reading
      // The file itself, not a link to it: it is rewritten where it is.
      editing = (
        FileName.realPath(source) ?? FileName.absolutePath(source) ?? source, reading.mapping
      )
      follow = { offset in
        CardFeed(
          open: { () throws(DataError) in
            try CardStreamReader(path: source, options: reading, follow: true, offset: offset)
          },
          reopen: { () throws(DataError) in
            try CardStreamReader(path: source, options: reading, follow: true)
          })
      }
    } else {
      follow = nil
      editing = nil
    }
    usesDiskCache = !parsed.flags.contains("--no-cache")
    self.probing = parsed.flags.contains("--probe") && printedConfig == nil && printedKeys == nil
    if probing {
      collection = CardCollection(
        source: "", store: CardStore(), sections: sourceOptions.reading.sections)
      (load, feed) = (.complete, nil)
    } else if parsed.flags.contains("--follow") {
      guard sources.count == 1, let source = sources.first, sourceOptions.isCardSource(source),
        !ByteSource.isStream(source)
      else {
        throw UsageError("--follow follows one card file (not a stream, a picture or a folder)")
      }
      // Opened now, so that a missing file fails before the terminal is touched; read
      // wholly in the background (at its end a followed file waits, never ends).
      let reading = sourceOptions.reading
      let first = try CardStreamReader(path: source, options: reading, follow: true)
      collection = CardCollection(source: source, store: CardStore(), sections: reading.sections)
      load = .following
      feed = CardFeed(open: { first }) { () throws(DataError) in
        try CardStreamReader(path: source, options: reading, follow: true)
      }
    } else if sources.count == 1, let source = sources.first, sourceOptions.isCardSource(source) {
      (collection, load, feed) = try Self.startReading(
        source, options: sourceOptions.reading, headers: sourceOptions.headers)
    } else {
      collection = try sourceOptions.load(sources)
      load = .complete
      feed = nil
    }
  }

  /// `--listen[=PATH|localhost:PORT]`: the address, checked before the terminal is
  /// touched: a path where nothing is (a file there is never replaced), a port with
  /// `MASONRY_API_KEY` set.
  private static func listenAddress(_ parsed: ParsedArguments, environment: [String: String])
    throws(UsageError) -> RemoteAddress?
  {
    let address: RemoteAddress
    if let text = parsed.values["--listen"] {
      do throws(RemoteAddress.Invalid) {
        address = try RemoteAddress(text)
      } catch {
        throw UsageError("--listen \(error.message)")
      }
    } else if parsed.flags.contains("--listen") {
      guard
        let standard = RemoteAddress.standard(environment: environment, pid: getpid())
      else {
        throw UsageError("--listen needs XDG_RUNTIME_DIR set, or a path: --listen=PATH")
      }
      address = standard
    } else {
      return nil
    }
    switch address {
    case .unix(let path):
      var status = stat()
      if FileName.withCString(path, { lstat($0, &status) }) == 0 {
        throw UsageError("--listen: \(path) exists; masonry listens only where nothing is")
      }
    case .loopback:
      if (environment["MASONRY_API_KEY"] ?? "").isEmpty {
        throw UsageError(
          "--listen on a port needs MASONRY_API_KEY set: any user of this machine can connect to one"
        )
      }
    }
    return address
  }

  /// Starts reading a card source: a file's first piece now (so that a file that is bad
  /// from its first line fails before the terminal is touched), the rest in the
  /// background; a stream (`-`, a pipe, a FIFO) wholly in the background (a list of
  /// paths on it reads the picture headers already in `headers`).
  private static func startReading(
    _ source: String, options: CardReadOptions, headers: PictureHeaderCache?
  ) throws -> (CardCollection, LoadStatus, CardFeed?) {
    let empty = CardCollection(source: source, store: CardStore(), sections: options.sections)
    if ByteSource.isStream(source) {
      if source == "-" && isatty(0) == 1 {
        throw UsageError(
          "'-' reads cards from standard input, which is this terminal; pipe a feed in (... | masonry -)"
        )
      }
      return (
        empty, .waiting,
        CardFeed { () throws(DataError) in
          try CardStreamReader(path: source, options: options, headers: headers)
        }
      )
    }
    let reader = try CardStreamReader(path: source, options: options)
    let (chunks, error, finished) = reader.next()
    var collection = empty
    for chunk in chunks { collection.append(chunk) }
    if let error, collection.cards.isEmpty { throw error }
    if finished { return (collection, error.map { .failed($0) } ?? .complete, nil) }
    return (
      collection, .loading(bytesRead: reader.bytesRead, totalBytes: reader.size),
      CardFeed { reader }
    )
  }

  /// Reads the cards a command prints (`reload(…)`), at a path such as `/dev/fd/N`, with
  /// the source's field names; safe to call from any thread.
  package var readOutput: @Sendable (String) throws -> CardCollection {
    let reading = sourceOptions.reading
    return { path in
      // Read whole, then as a card source named for what it is; its pictures' relative
      // paths are the working folder's, as a pipe's are. No output is no cards.
      let bytes = try ByteSource.readAll(path)
      guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
        return CardCollection(source: "reload", store: CardStore(), sections: reading.sections)
      }
      var collection = try CardLoader.load(
        bytes: bytes, path: "reload", pictureBase: .folder("."), options: reading)
      collection.source = "reload"
      return collection
    }
  }

  /// Reads the source again (the browser's `r`); safe to call from any thread.
  package var reload: @Sendable () throws -> CardCollection {
    let (sources, options) = (self.sources, self.sourceOptions)
    return {
      if sources.count == 1, ByteSource.isStream(sources[0]) {
        throw UsageError("a stream cannot be read again")
      }
      if let list = options.list, ByteSource.isStream(list.path) {
        throw UsageError("a list read from a stream cannot be read again")
      }
      return try options.load(sources)
    }
  }

  /// Runs `body` with the loaded command (or prints the options in force for
  /// `--print-config`), or reports why it cannot: one line on `output`'s
  /// error stream and the exit code (64 usage, 65 bad data, 66 missing input).
  package static func run(
    _ arguments: [String], environment: [String: String] = [:], output: inout some TextOutput,
    body: (BrowseCommand) -> Int32
  ) -> Int32 {
    do {
      let command = try BrowseCommand(arguments, environment: environment)
      if let text = command.printedConfig ?? command.printedKeys {
        output.write(text)
        return MasonryCommand.finish(0, output: &output)
      }
      return body(command)
    } catch {
      return FailureReport.report(error, helpCommand: "masonry", output: &output)
    }
  }
}
