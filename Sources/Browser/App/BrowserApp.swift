import CardLayouts
import Cards
import Dispatch
import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalScreen
import Thumbnails

/// The browser's event loop: wait for the terminal or for background work, turn what
/// arrives into events, `reduce` each, run the effects, and draw the frame when it differs
/// from the one on the terminal (a key that changes nothing sends nothing).
///
/// Background work (reading the source again) runs off this thread and answers with an
/// event posted to a mailbox; posting raises the wake-up signal the terminal polls, so
/// the answer is handled as soon as it exists and keys are answered meanwhile.
package struct BrowserApp {
  package private(set) var state: BrowserState
  package private(set) var content: BrowserContent
  private let reload: @Sendable () throws -> CardCollection
  private let mailbox: EventMailbox<BrowserEvent>
  /// Makes thumbnails on worker threads; started at the first one wanted.
  private var thumbnails: ThumbnailService?
  /// The last frame sent to the terminal.
  private var drawn: Screen?
  /// Reads the rest of the source in the background (`nil`: everything is loaded).
  private var feed: CardFeed?
  /// `--pick`: the card chosen with Enter.
  package private(set) var picked: Card?
  /// Whether the browser ended by Ctrl-C (the program exits 130, as after SIGINT).
  package private(set) var interrupted = false
  /// Whether line counts are made ahead on a worker (off in tests that count wake-ups).
  private let measuresAhead: Bool

  /// - Parameters:
  ///   - pictures: thumbnails (in the terminal's colours) or placeholders.
  ///   - reload: reads the source again (`r`), off the event loop's thread.
  ///   - wakeUp: the signal background work raises; the terminal must poll it.
  ///   - load: how far the source is read.
  ///   - feed: the rest of the source, read on a thread of its own while the browser
  ///     shows `collection` (the cards read so far).
  ///   - picking: `--pick`: Enter answers with the selected card (`picked`).
  package init(
    collection: CardCollection, options: LayoutOptions, pictures: PictureDisplay = .placeholders,
    wakeUp: WakeUpSignal = WakeUpSignal(), load: LoadStatus = .complete, feed: CardFeed? = nil,
    picking: Bool = false, measuresAhead: Bool = true,
    reload: @escaping @Sendable () throws -> CardCollection
  ) {
    self.measuresAhead = measuresAhead
    mailbox = EventMailbox(wakeUp: wakeUp)
    state = BrowserState(size: .zero, layout: options, pictures: pictures)
    state.picking = picking
    content = BrowserContent(collection: collection, style: options.cardStyle)
    self.reload = reload
    self.feed = feed
    state.load = load
  }

  /// Why the browser ended without showing anything: the source failed before its first
  /// card (the program exits 65 with this message).
  package var failure: DataError? {
    if case .failed(let error) = state.load, content.collection.cards.isEmpty { return error }
    return nil
  }

  /// The signal background work raises: the terminal must poll it (see
  /// `TerminalDevice.nextEvent`).
  package var wakeUp: WakeUpSignal { mailbox.wakeUp }

  /// Runs until `q` or the end of input.
  package mutating func run(on terminal: inout some TerminalDevice) {
    var queue: [BrowserEvent] = [.started(terminal.size)]
    if let feed {
      feed.start(posting: mailbox)
      self.feed = nil
    }
    while true {
      if queue.isEmpty {
        // Everything that arrived is handled: show it, then wait.
        show(on: &terminal)
        repeat { queue = waitForEvents(on: &terminal) } while queue.isEmpty
      }
      let event = queue.removeFirst()
      for effect in BrowserReducer.reduce(&state, event, at: terminal.now(), content: &content) {
        switch effect {
        case .quit:
          return
        case .interrupt:
          interrupted = true
          return
        case .suspend:
          terminal.suspend()
          drawn = nil
        case .reload:
          let (reload, mailbox) = (self.reload, self.mailbox)
          DispatchQueue.global().async {
            do {
              mailbox.post(.reloaded(try reload()))
            } catch {
              mailbox.post(.reloadFailed("\(error)"))
            }
          }
        case .makeThumbnails(let requests):
          if thumbnails == nil {
            let mailbox = self.mailbox
            thumbnails = ThumbnailService { request, result in
              mailbox.post(.thumbnailReady(request, result))
            }
          }
          thumbnails?.want(requests)
        case .search(let job):
          let mailbox = self.mailbox
          DispatchQueue.global(qos: .userInitiated).async {
            job.run { mailbox.post(.searchFound($0)) }
          }
        case .measure(let job):
          guard measuresAhead else { break }
          let mailbox = self.mailbox
          DispatchQueue.global(qos: .utility).async {
            job.run { mailbox.post(.measured($0)) }
          }
        case .pick:
          picked = state.selected.map { content.shownCard($0) }
          return
        }
      }
    }
  }

  /// Draws the state's frame unless the terminal already shows it.
  private mutating func show(on terminal: inout some TerminalDevice) {
    let screen = FrameComposer.compose(state, content: &content)
    guard screen != drawn else { return }
    terminal.draw(screen)
    drawn = screen
  }

  /// The next events: what the terminal reports (a burst of resizes counts as its last
  /// size), what background work posted, or a tick when an animation is due.
  private func waitForEvents(on terminal: inout some TerminalDevice) -> [BrowserEvent] {
    let animating = state.transition != nil
    guard let first = terminal.nextEvent(timeout: animating ? 16 : nil) else { return [.tick] }
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
    return events.isEmpty && animating ? [.tick] : events
  }
}
