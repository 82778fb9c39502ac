import CardLayouts
import Cards
import ChildProcesses
import FileCuration
import LayoutEngine
import RemoteControl
import TerminalCore
import TerminalScreen
import Thumbnails

/// The browser's event loop: wait for the terminal or for background work, turn what
/// arrives into events, `reduce` each, hand the effects to the runner, and draw the frame
/// when it differs from the one on the terminal (a key that changes nothing sends nothing).
///
/// Background work answers with events posted to a mailbox; posting raises the wake-up
/// signal the terminal polls, so the answer is handled as soon as it exists and keys are
/// answered meanwhile. Nothing here waits for work: the loop only reduces, composes and
/// draws.
package struct BrowserApp {
  package private(set) var state: BrowserState
  /// What is derived from the state and kept (dropping it changes no frame).
  package let caches = BrowserCaches()
  /// The scene of the state last drawn or asked about.
  private let scenes = SceneMemo()
  private let mailbox: EventMailbox<BrowserEvent>
  private let runner: EffectRunner
  /// The opener, the shell and the clipboard's ways.
  private let actions: ActionSettings
  /// The last frame sent to the terminal, and its pixel pictures.
  private var drawn: Screen?
  private var drawnPictures: [PicturePlacement] = []
  /// Whether the last frame lacked a thumbnail some picture box on it waits for.
  private var drawnWithoutSomePictures = false
  /// When the picture layer must be given a frame again, changed or not (kitty starts an
  /// animation in the frame after the one that placed it).
  private var pictureFollowUp: Int?
  /// `--pick`: the cards chosen with Enter (the marked ones in card order, else the
  /// selected one); `nil` when the browser ended otherwise.
  package private(set) var picked: [Card]?
  /// Whether the browser ended by Ctrl-C (the program exits 130, as after SIGINT).
  package private(set) var interrupted = false
  /// `become(…)`: the command to run in masonry's place once the terminal is restored.
  package private(set) var became: ProgramArguments?
  /// `print(…)`: the text to print once the terminal is restored.
  package private(set) var printed: String?
  /// `--listen`: the socket other programs drive the browser through.
  package private(set) var remote: RemoteServer?

  /// Listens at `address` (`--listen`): each request becomes an event of the loop, each
  /// answered with the state after it.
  ///
  /// - Throws: `RemoteServer.Failure`.
  package mutating func listen(at address: RemoteAddress, apiKey: String?) throws(RemoteServer
    .Failure)
  {
    let mailbox = self.mailbox
    remote = try RemoteServer(address: address, apiKey: apiKey) { connection, request in
      switch request {
      case .line(let line): mailbox.post(.remote(RemoteRequest(line), connection: connection))
      case .refused(let why): mailbox.post(.remote(.refused(why), connection: connection))
      }
    }
  }

  /// - Parameters:
  ///   - capabilities: what the terminal can do (colours, the cell's shape, symbols).
  ///   - pictures: thumbnails (in the terminal's colours) or placeholders.
  ///   - reload: reads the source again (`r`), off the event loop's thread.
  ///   - wakeUp: the signal background work raises; the terminal must poll it.
  ///   - load: how far the source is read.
  ///   - feed: the rest of the source, read on a thread of its own while the browser
  ///     shows `collection` (the cards read so far).
  ///   - picking: `--pick`: Enter answers with the selected card (`picked`).
  ///   - notice: the status bar's first message.
  ///   - animate: which animated pictures play (`nil`: the terminal's standard).
  package init(
    collection: CardCollection, options: LayoutOptions, pictures: PictureDisplay = .placeholders,
    capabilities: TerminalCapabilities = TerminalCapabilities(colorDepth: .none),
    wakeUp: WakeUpSignal = WakeUpSignal(), load: LoadStatus = .complete, feed: CardFeed? = nil,
    picking: Bool = false, measuresAhead: Bool = true, actions: ActionSettings = ActionSettings(),
    diskCache: ThumbnailDiskCache? = nil, follow: (@Sendable (Int) -> CardFeed)? = nil,
    folderSort: FolderSort? = nil, notice: String? = nil, animate: AnimationChoice? = nil,
    resort: (@Sendable (FolderSort) throws -> CardCollection)? = nil, curator: Curator? = nil,
    slideshow: Int? = nil, link: LinkChoice = .auto,
    editing: (path: String, mapping: FieldMapping)? = nil, keys: KeyTables = .standard,
    accessible: Bool = false,
    readOutput: (@Sendable (String) throws -> CardCollection)? = nil,
    reload: @escaping @Sendable () throws -> CardCollection
  ) {
    mailbox = EventMailbox(wakeUp: wakeUp)
    self.actions = actions
    runner = EffectRunner(
      mailbox: mailbox, feed: feed, measuresAhead: measuresAhead, actions: actions,
      diskCache: diskCache, follow: follow, resort: resort, curator: curator,
      mapping: editing?.mapping ?? FieldMapping(), readOutput: readOutput, reload: reload)
    state = BrowserState(
      size: .zero, cards: collection, layout: options, pictures: pictures,
      capabilities: capabilities)
    state.picking = picking
    state.keys = keys
    state.accessible = accessible
    state.animation = AnimationPlayback(
      choice: animate ?? AnimationChoice.standard(for: capabilities.pixelProtocol))
    state.load = load
    state.followable = follow != nil
    state.folderSort = resort == nil ? nil : folderSort
    // `--follow`: the end is followed from the start, as `less +F`.
    state.followsEnd = load == .following
    // What the person should know from the start (a cache folder refused, the files a
    // folder's listing left out): the status bar says it until the next message.
    state.message = notice ?? collection.notice
    state.editableFile = editing?.path
    state.linkChoice = link
    if let slideshow {
      // `--slideshow`: the viewer on the first picture, the slideshow running from the
      // first frame (its clock starts with the browser's).
      state.slideshowInterval = slideshow
      state.startsInSlideshow = true
    }
  }

  /// Why the browser ended without showing anything: the source failed before its first
  /// card (the program exits 65 with this message).
  package var failure: DataError? {
    if case .failed(let error) = state.load, state.cards.cards.isEmpty { return error }
    return nil
  }

  /// The signal background work raises: the terminal must poll it (see
  /// `TerminalDevice.nextEvent`).
  package var wakeUp: WakeUpSignal { mailbox.wakeUp }

  /// Work in the background alone (thumbnails arriving, cards streaming in) draws a
  /// frame at most this often, in milliseconds; input and the end of a load draw at once
  /// (`BrowserEvent.drawsAtOnce`). So a burst of
  /// thumbnails is one frame, not thirty, and a key never waits behind their frames.
  package static let backgroundFrameInterval = 25

  /// Runs until `q`, Ctrl-C or the end of input.
  package mutating func run(on terminal: inout some TerminalDevice) {
    var queue: [BrowserEvent] = [.started(terminal.size)]
    // Whether anything drawn at once (input, the end of a load) came since the last frame.
    var inputSinceFrame = true
    var lastFrame = Int.min / 2
    while true {
      if queue.isEmpty {
        // Only background work since the last frame, and that frame is recent: wait for
        // the rest of the interval, unless input comes first.
        // Once the last thumbnail a screen waited for is in, its frame goes at once (a
        // folder opened again fills from the disk cache in a few milliseconds).
        let due = lastFrame + Self.backgroundFrameInterval - terminal.now()
        if !inputSinceFrame && due > 0 && !(drawnWithoutSomePictures && screenPicturesAreIn()) {
          queue = waitForEvents(on: &terminal, timeout: due)
          if !queue.isEmpty {
            inputSinceFrame = inputSinceFrame || queue.contains { $0.drawsAtOnce }
            continue
          }
        }
        // Everything that arrived is handled: show it, then wait.
        show(on: &terminal)
        lastFrame = terminal.now()
        inputSinceFrame = false
        repeat { queue = waitForEvents(on: &terminal, timeout: nil) } while queue.isEmpty
        inputSinceFrame = queue.contains { $0.drawsAtOnce }
      }
      let event = queue.removeFirst()
      for effect in BrowserReducer.reduce(&state, event, at: terminal.now(), caches: caches) {
        switch effect {
        case .quit:
          return
        case .interrupt:
          interrupted = true
          return
        case .pick:
          picked = state.pickedCards
          return
        case .suspend:
          terminal.suspend()
          drawn = nil
        case .answer(let connection, let refusal):
          remote?.reply(
            connection, refusal.map(RemoteServer.error) ?? RemoteState.json(state))
        case .become(let script, let arguments):
          became = ProgramArguments.script(script, arguments: arguments, with: actions)
          return
        case .printText(let text):
          printed = text
          return
        case .runScript(let script, let arguments, silent: false):
          let program = ProgramArguments.script(script, arguments: arguments, with: actions)
          let outcome = terminal.handOver { ChildProcess.runInForeground(program) }
          drawn = nil
          if !outcome.succeeded { queue.append(.actionFinished("execute: \(outcome.summary)")) }
        case .runCommand(let command, let paths):
          let arguments = ProgramArguments.command(command, paths: paths, with: actions)
          let outcome = terminal.handOver {
            let outcome = ChildProcess.runInForeground(arguments)
            ChildProcess.waitForEnter(after: outcome)
            return outcome
          }
          drawn = nil
          queue.append(.actionFinished("!\(command): \(outcome.summary)"))
        case .copy(let bytes):
          switch actions.clipboard {
          case .osc52:
            terminal.copyToClipboard(bytes)
            queue.append(.actionFinished("copied (OSC 52)"))
          case .tmuxBuffer: runner.run(effect)
          case .refused:
            queue.append(
              .actionFinished("cannot copy: OSC 52 is off (--osc52, MASONRY_OSC52=1), no tmux"))
          }
        case .startLoading, .startFollowing, .retryFollowing, .sort, .reload, .makeThumbnails,
          .runScript, .reloadFrom,
          .openExternally, .search, .stopSearching, .measure, .curate, .completeFolder,
          .readFacts, .editCards:
          runner.run(effect)
        }
      }
    }
  }

  /// Whether every picture box on screen has its thumbnail, or the reason it has none.
  private func screenPicturesAreIn() -> Bool {
    scenes.scene(for: state, caches: caches).pictureBoxes.allSatisfy { box in
      box.request.map { state.thumbnails.result(for: $0) != nil } ?? true
    }
  }

  /// Draws the state's frame unless the terminal already shows it, pictures included (or
  /// the picture layer asked for another frame).
  private mutating func show(on terminal: inout some TerminalDevice) {
    drawnWithoutSomePictures = state.pictures != .placeholders && !screenPicturesAreIn()
    let scene = scenes.scene(for: state, caches: caches)
    let screen = FrameComposer.compose(scene)
    let followUp = pictureFollowUp.map { terminal.now() >= $0 } ?? false
    guard screen != drawn || scene.picturePlacements != drawnPictures || followUp else { return }
    terminal.draw(screen, pictures: scene.picturePlacements, scrolling: scene.scrollingArea)
    drawn = screen
    drawnPictures = scene.picturePlacements
    // 30 ms: a frame kitty has drawn by then.
    pictureFollowUp = terminal.picturesNeedAnotherFrame ? terminal.now() + 30 : nil
  }

  /// The next events: what the terminal reports (a burst of resizes counts as its last
  /// size), what background work posted, or a tick when an animation is due; none when
  /// `timeout` milliseconds pass first.
  private func waitForEvents(on terminal: inout some TerminalDevice, timeout: Int?)
    -> [BrowserEvent]
  {
    // A deadline of the state (the layout switch's next step, a held key's end), an
    // animated picture's next frame, or the picture layer's follow-up ends the wait with a
    // tick.
    let now = terminal.now()
    let nextFrame = scenes.scene(for: state, caches: caches).nextAnimationStep.map {
      // Playing time runs on from the last event's time.
      $0 - state.animation.time - (now - state.time)
    }
    let untilDeadline = [
      state.deadline.map { $0 - now }, nextFrame, pictureFollowUp.map { $0 - now },
    ].compactMap { $0 }.min().map { Swift.max(0, $0) }
    let wait = [timeout, untilDeadline].compactMap { $0 }.min()
    guard let first = terminal.nextEvent(timeout: wait) else {
      return untilDeadline != nil && (timeout == nil || untilDeadline! <= timeout!) ? [.tick] : []
    }
    var events: [BrowserEvent] = []
    var pending: TerminalEvent? = first
    while let event = pending {
      pending = nil
      switch event {
      case .key(let key): events.append(.key(key))
      case .mouse(let mouse): events.append(.mouse(mouse))
      case .paste(let text): events.append(.paste(text))
      case .endOfInput: events.append(.endOfInput)
      case .wakeUp: events += mailbox.takeAll()
      case .resized(var size):
        // Coalesce a burst: only the last size of the resizes already waiting counts.
        while let next = terminal.nextEvent(timeout: 0) {
          guard case .resized(let newer) = next else {
            pending = next
            break
          }
          size = newer
        }
        events.append(.resized(size))
      }
    }
    // How pictures are getting to the terminal, when that changed (the backend wakes the
    // loop when it does).
    let link = terminal.pictureLink.reported
    if link != state.pictureLink { events.append(.pictureLinkChanged(link)) }
    return events.isEmpty && untilDeadline != nil ? [.tick] : events
  }
}
