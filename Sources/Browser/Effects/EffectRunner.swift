import Cards
import ChildProcesses
import Dispatch
import FileCuration
import PictureFiles
import TerminalCore
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the effects the reducer returns that take time, off the event loop, and answers
/// each with events posted to the mailbox (which wakes the loop). The threads live here:
/// the thumbnail service's workers, and the queues that read the source, read it again,
/// search and measure. Loading and measuring run below the loop's priority.
///
/// Only one search and one measuring job are current at a time: starting one stops the
/// one before at its next chunk.
package final class EffectRunner {
  private let mailbox: EventMailbox<BrowserEvent>
  private let reload: @Sendable () throws -> CardCollection
  /// Reads cards from a path as the source's options say (`reload(…)`'s command output).
  private let readOutput: (@Sendable (String) throws -> CardCollection)?
  /// The rest of the source, read once `startLoading` asks.
  private var feed: CardFeed?
  /// Makes thumbnails on worker threads; started at the first one wanted.
  private var thumbnails: ThumbnailService?
  private let searching = JobCancellation()
  private let measuring = JobCancellation()
  private let measuringQueue = DispatchQueue(label: "masonry.measuring", qos: .utility)
  /// Whether line counts are made ahead (off in tests that count wake-ups).
  private let measuresAhead: Bool
  /// The opener and the clipboard's ways.
  private let actions: ActionSettings
  /// Thumbnails kept between runs (`nil`: none).
  private let diskCache: ThumbnailDiskCache?
  /// Lists the folders again in an order (`s`, `S`), when the source is folders.
  private let resort: (@Sendable (FolderSort) throws -> CardCollection)?
  /// The card file followed from a byte on (`F`), when the source can be.
  private let follow: (@Sendable (Int) -> CardFeed)?
  /// Trashes, moves, copies and renames files (`nil`: refused, as in a script).
  private let curator: Curator?
  /// How the card file's fields are named (`--caption` and the like), for writing back.
  private let mapping: FieldMapping
  /// File changes one after another, in the order asked, off the loop.
  private let curationQueue = DispatchQueue(label: "masonry.curation", qos: .userInitiated)
  /// The feed read now: stopped when the source is read again, told to try again at `F`.
  private var current: CardFeed.Control?

  /// - Parameters:
  ///   - feed: the rest of the source, read on a thread of its own when asked.
  ///   - reload: reads the source again (`r`), off the event loop's thread.
  package init(
    mailbox: EventMailbox<BrowserEvent>, feed: CardFeed?, measuresAhead: Bool = true,
    actions: ActionSettings = ActionSettings(), diskCache: ThumbnailDiskCache? = nil,
    follow: (@Sendable (Int) -> CardFeed)? = nil,
    resort: (@Sendable (FolderSort) throws -> CardCollection)? = nil, curator: Curator? = nil,
    mapping: FieldMapping = FieldMapping(),
    readOutput: (@Sendable (String) throws -> CardCollection)? = nil,
    reload: @escaping @Sendable () throws -> CardCollection
  ) {
    self.readOutput = readOutput
    self.mailbox = mailbox
    self.curator = curator
    self.mapping = mapping
    self.resort = resort
    self.follow = follow
    self.actions = actions
    self.diskCache = diskCache
    self.feed = feed
    self.measuresAhead = measuresAhead
    self.reload = reload
  }

  deinit {
    searching.cancel()
    measuring.cancel()
  }

  /// Starts `effect`. The effects that end or stop the program (`quit`, `interrupt`,
  /// `suspend`, `pick`) and those that need the terminal (`runCommand`, `copy` by OSC 52)
  /// are the app's loop's (`BrowserApp.run`): they do nothing here. `copy` reaches this
  /// runner only when `ActionSettings.clipboard` routes it to tmux's paste buffer.
  package func run(_ effect: BrowserEffect) {
    let mailbox = self.mailbox
    switch effect {
    case .quit, .interrupt, .suspend, .pick, .runCommand, .become, .printText, .answer:
      break
    case .runScript(let script, let arguments, let silent):
      // With the terminal, the app's loop runs it; here only execute-silent.
      guard silent else { return }
      let program = ProgramArguments.script(script, arguments: arguments, with: actions)
      ChildProcess.runInBackground(program, streams: .detached) { outcome in
        if !outcome.succeeded {
          mailbox.post(.actionFinished("execute-silent: \(outcome.summary)"))
        }
      }
    case .reloadFrom(let script, let arguments, let marked):
      current?.stop()
      current = nil
      guard let readOutput else {
        mailbox.post(.reloadFailed("no cards can be read from a command here"))
        return
      }
      let program = ProgramArguments.script(script, arguments: arguments, with: actions)
      LoadingThreads.start {
        guard case .success(let child) = ChildProcess.startConnected(program) else {
          mailbox.post(.reloadFailed("reload: the shell did not start"))
          return
        }
        close(child.input)
        // Read as a pipe source is: the command's output through /dev/fd.
        let result = Result { try readOutput("/dev/fd/\(child.output)") }
        close(child.output)
        let outcome = ChildProcess.wait(child.pid)
        switch result {
        case .success(let collection) where collection.cards.isEmpty && !outcome.succeeded:
          // A command that failed and printed nothing: said, the cards kept.
          mailbox.post(.reloadFailed("reload: \(outcome.summary)"))
        case .success(let collection):
          mailbox.post(.reloaded(collection, marks: marked.marks(in: collection.cards)))
        case .failure(let error):
          let status = outcome.succeeded ? "" : " (\(outcome.summary))"
          mailbox.post(.reloadFailed("\(error)\(status)"))
        }
      }
    case .openExternally(let target):
      let arguments = ProgramArguments.open(target, with: actions)
      ChildProcess.runInBackground(arguments, streams: .detached) { outcome in
        if !outcome.succeeded {
          mailbox.post(.actionFinished("\(arguments.words[0]): \(outcome.summary)"))
        }
      }
    case .copy(let bytes):
      guard case .tmuxBuffer(let toOuterClipboard) = actions.clipboard else { return }
      ChildProcess.runInBackground(
        .tmuxLoadBuffer(toClipboard: toOuterClipboard), streams: .input(bytes)
      ) { outcome in
        mailbox.post(
          .actionFinished(
            outcome.succeeded
              ? "copied to tmux's paste buffer" : "tmux load-buffer: \(outcome.summary)"))
      }
    case .startLoading:
      guard let feed else { return }
      self.feed = nil
      current = feed.control
      feed.start(posting: mailbox)
    case .startFollowing(let offset):
      guard let feed = follow?(offset) else { return }
      current?.stop()
      current = feed.control
      feed.start(posting: mailbox)
    case .retryFollowing:
      current?.tryAgain()
    case .reload(let marked):
      // A followed file waiting to be readable again stops waiting: it is read anew.
      current?.stop()
      current = nil
      let reload = self.reload
      // Reading again is loading: on a thread of its own at the loading's niceness.
      LoadingThreads.start {
        do {
          let collection = try reload()
          mailbox.post(.reloaded(collection, marks: marked.marks(in: collection.cards)))
        } catch {
          mailbox.post(.reloadFailed("\(error)"))
        }
      }
    case .sort(let sort, let marked):
      guard let resort else { return }
      LoadingThreads.start {
        do {
          let collection = try resort(sort)
          mailbox.post(.sorted(collection, sort, marks: marked.marks(in: collection.cards)))
        } catch {
          mailbox.post(.reloadFailed("\(error)"))
        }
      }
    case .makeThumbnails(let requests):
      if thumbnails == nil {
        thumbnails = ThumbnailService(caches: ThumbnailCaches(disk: diskCache)) { request, result in
          mailbox.post(.thumbnailReady(request, result))
        }
      }
      thumbnails?.want(requests)
    case .search(let job):
      searching.start(job.generation)
      let cancellation = searching
      DispatchQueue.global(qos: .userInitiated).async {
        BackgroundPriority.lowerCallingThread()
        job.run(cancellation: cancellation) { mailbox.post(.searchFound($0)) }
      }
    case .stopSearching:
      searching.cancel()
    case .curate(let request):
      let curator = self.curator
      curationQueue.async {
        mailbox.post(.curated(curator?.perform(request) ?? .refused(request)))
      }
    case .editCards(let path, let edits):
      let (curator, mapping) = (self.curator, self.mapping)
      curationQueue.async {
        mailbox.post(
          .curated(Self.writeBack(edits, path: path, mapping: mapping, curator: curator)))
      }
    case .readFacts(let source):
      DispatchQueue.global(qos: .userInitiated).async {
        let facts = Result { () throws(PictureFailure) in try PictureFacts(source) }
        mailbox.post(.factsRead(source, facts))
      }
    case .completeFolder(let typed, let base):
      let home = curator?.home
      curationQueue.async {
        mailbox.post(.folderCompleted(FolderCompletion.complete(typed, home: home, base: base)))
      }
    case .measure(let job):
      guard measuresAhead else { return }
      measuring.start(job.generation)
      let cancellation = measuring
      // One queue, in order: a piece's job runs after the one before (under the same
      // generation), and a new layout's job after the old one has stopped.
      measuringQueue.async {
        BackgroundPriority.lowerCallingThread()
        job.run(cancellation: cancellation) { mailbox.post(.measured($0)) }
      }
    }
  }

  /// `edits` written to the card file at `path`: its records read again, the values'
  /// bytes replaced atomically; what went wrong otherwise, nothing written.
  package static func writeBack(
    _ edits: [CardEdit], path: String, mapping: FieldMapping, curator: Curator?
  ) -> CurationOutcome {
    let request = CurationRequest.rewrite(path, [])
    guard let curator else { return .refused(request) }
    do throws(DataError) {
      let splices = try CardFileEditor.splices(edits, path: path, mapping: mapping).map {
        FileSplice(offset: $0.offset, old: $0.old, new: $0.new)
      }
      return curator.perform(.rewrite(path, splices))
    } catch {
      return CurationOutcome(
        request: request, record: nil, done: [false], failures: [],
        summary: "\(FileName.lastComponent(path)): \(error.message)")
    }
  }
}
