import Cards
import Dispatch
import FileCuration
import PictureFiles
import Synchronization
import TerminalScreen
import Thumbnails

/// The browser without a terminal (`masonry render`, tests): events go through the same
/// `reduce`, and the effects they lead to run at once, on this thread (thumbnails on
/// every core), their answers reduced in turn until nothing is left. So the frame after
/// a list of events is the one the interactive browser shows once its work has arrived.
package struct HeadlessBrowser {
  package private(set) var state: BrowserState
  package private(set) var caches = BrowserCaches()
  /// The clock events happen at, in milliseconds.
  private var time = 0
  /// What the events asked for that only a terminal can do (quit, pick, suspend).
  package private(set) var ended: [BrowserEffect] = []

  package init(_ state: BrowserState) {
    self.state = state
  }

  /// Reduces `event`, `milliseconds` after the last one, and everything its effects
  /// answer with.
  package mutating func send(_ event: BrowserEvent, after milliseconds: Int = 0) {
    time += milliseconds
    var events = [event]
    while !events.isEmpty {
      let next = events.removeFirst()
      for effect in BrowserReducer.reduce(&state, next, at: time, caches: caches) {
        events += run(effect)
      }
    }
  }

  /// Forgets everything the caches hold (which must change no frame).
  package mutating func dropCaches() { caches = BrowserCaches() }

  /// The frame of the state now.
  package var frame: Screen { FrameComposer.compose(state, caches: caches) }

  /// Runs `effect` now and returns the events it answers with.
  private mutating func run(_ effect: BrowserEffect) -> [BrowserEvent] {
    switch effect {
    case .makeThumbnails(let requests):
      // Only what the frame shows: nothing scrolls here, so the next screen never comes.
      let shown = Set(BrowserScene(state, caches: caches).pictureBoxes.compactMap(\.request))
      let wanted = requests.filter { shown.contains($0) }
      let results = Mutex<[Result<Thumbnail, PictureFailure>?]>(
        Array(repeating: nil, count: wanted.count))
      DispatchQueue.concurrentPerform(iterations: wanted.count) { index in
        let result = wanted[index].make()
        results.withLock { $0[index] = result }
      }
      return zip(wanted, results.withLock { $0 }).compactMap { request, result in
        result.map { .thumbnailReady(request, $0) }
      }
    case .search(let job):
      let cancellation = JobCancellation()
      cancellation.start(job.generation)
      var found: [BrowserEvent] = []
      job.run(cancellation: cancellation) { found.append(.searchFound($0)) }
      return found
    case .quit, .interrupt, .suspend, .pick, .become, .printText:
      ended.append(effect)
      return []
    case .curate(let request):
      // A script (`masonry render`) changes no file.
      return [.curated(.refused(request))]
    case .editCards(let path, _):
      return [.curated(.refused(.rewrite(path, [])))]
    case .completeFolder:
      return []
    case .readFacts(let source):
      return [.factsRead(source, Result { () throws(PictureFailure) in try PictureFacts(source) })]
    case .openExternally, .runCommand, .copy, .runScript, .reloadFrom, .answer:
      // A script (`masonry render`) starts no program and touches no clipboard.
      return [.actionFinished("not in a script")]
    case .startLoading, .startFollowing, .retryFollowing, .reload, .sort, .stopSearching,
      .measure:
      // The cards are all read before a headless browser starts, and line counts are made
      // when the layout asks for them.
      return []
    }
  }
}
