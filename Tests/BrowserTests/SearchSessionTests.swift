import Browser
import CardLayouts
import Cards
import LayoutEngine
import TerminalCore
import TerminalScreen
import TestSupport
import Testing

/// Searches over many cards answer the keystroke with the first matches and fill in the
/// rest from a worker, in order; a newer keystroke cancels the older scan.
@Suite struct SearchSessionTests {
  static let feed: CardCollection = {
    try! CardLoader.load(
      bytes: Array(FeedGenerator(seed: 8).jsonLines(count: 60_000).utf8), path: "feed.jsonl")
  }()

  /// Runs `job` on this thread as the effect runner would, with job `current` the one it
  /// was told to run last (an older job stops at once).
  static func run(_ job: SearchJob, current: Int? = nil) -> [SearchFound] {
    let cancellation = JobCancellation()
    cancellation.start(current ?? job.generation)
    var reports: [SearchFound] = []
    job.run(cancellation: cancellation) { reports.append($0) }
    return reports
  }

  /// Every match of `query` in the feed, scanned at once.
  /// The cards a full scan finds, in the view's order (grouped by section).
  static func allMatches(_ query: String) -> [Int] {
    let indices = BrowserCaches().indices(matching: CardFilter(query: query), in: feed).indices
    return Array(CardSelection(indices, of: feed))
  }

  static func type(_ text: String, into store: inout BrowserStore) -> [SearchJob] {
    var jobs: [SearchJob] = []
    for character in text {
      for effect in store.send(.key(.character(character))) {
        if case .search(let job) = effect { jobs.append(job) }
      }
    }
    return jobs
  }

  @Test func firstMatchesAtOnceTheRestFromAWorker() {
    var store = BrowserStore(Self.feed, size: Size(width: 120, height: 40))
    store.send(.key(.character("/")))
    let jobs = Self.type("quiet", into: &store)
    let job = try! #require(jobs.last)
    #expect(store.state.search != nil)
    #expect(store.state.shown.count == BrowserReducer.firstMatches)
    #expect(store.frame().row(39).contains("searching"))
    let before = store.frame()
    let reports = Self.run(job)
    #expect(reports.count > 1, "reported in pieces")
    for found in reports { store.send(.searchFound(found)) }
    #expect(store.state.search == nil)
    // Exactly the cards a full scan finds, in order.
    let all = Self.allMatches("quiet")
    #expect(Array(store.state.shown) == all)
    #expect(all.count > 5_000)
    #expect(Sessions.movedCells(from: before, to: store.frame()) == 0)
    #expect(!store.frame().row(39).contains("searching"))
  }

  @Test func aNewerKeystrokeCancelsTheOlderScan() {
    var store = BrowserStore(Self.feed, size: Size(width: 120, height: 40))
    store.send(.key(.character("/")))
    let first = try! #require(Self.type("qu", into: &store).last)
    let second = try! #require(Self.type("i", into: &store).last)
    let stale = Self.run(first, current: second.generation)
    #expect(stale.isEmpty, "the older job stops at once")
    let shownBefore = Array(store.state.shown)
    // Even a stale report that got through changes nothing.
    let late = Self.run(
      SearchJob(
        generation: first.generation, query: first.query, chunks: first.chunks,
        from: first.from, texts: []))
    #expect(!late.isEmpty)
    for found in late { store.send(.searchFound(found)) }
    #expect(Array(store.state.shown) == shownBefore)
    for found in Self.run(second) { store.send(.searchFound(found)) }
    #expect(Array(store.state.shown) == Self.allMatches("qui"))
  }

  /// Japanese: hiragana finds katakana, across the whole feed.
  @Test func kanaFoldInTheWholeFeed() {
    var store = BrowserStore(Self.feed, size: Size(width: 120, height: 40))
    store.send(.key(.character("/")))
    let jobs = Self.type("きつね", into: &store)
    for job in jobs.suffix(1) {
      for found in Self.run(job) { store.send(.searchFound(found)) }
    }
    #expect(store.state.shown.count > 1_000)
    let card = store.state.shownCard(0)
    #expect((card.caption + (card.comment ?? "")).contains("キツネ"))
  }
}
