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
    #expect(store.content.pendingSearch != nil)
    #expect(store.content.shown.count == BrowserContent.firstMatches)
    #expect(store.frame().row(39).contains("searching"))
    let before = store.frame()
    var reports: [SearchFound] = []
    job.run { reports.append($0) }
    #expect(reports.count > 1, "reported in pieces")
    for found in reports { store.send(.searchFound(found)) }
    #expect(store.content.pendingSearch == nil)
    // Exactly the cards a full scan finds, in order.
    var reference = BrowserContent(collection: Self.feed)
    let all = reference.indices(matching: CardFilter(query: "quiet"))
    #expect(Array(store.content.shown) == all)
    #expect(all.count > 5_000)
    #expect(StreamingSessionTests.movedCells(from: before, to: store.frame()) == 0)
    #expect(!store.frame().row(39).contains("searching"))
  }

  @Test func aNewerKeystrokeCancelsTheOlderScan() {
    var store = BrowserStore(Self.feed, size: Size(width: 120, height: 40))
    store.send(.key(.character("/")))
    let first = try! #require(Self.type("qu", into: &store).last)
    let second = try! #require(Self.type("i", into: &store).last)
    var stale: [SearchFound] = []
    first.run { stale.append($0) }
    #expect(stale.isEmpty, "the older job stops at once")
    let shownBefore = Array(store.content.shown)
    // Even a stale report that got through changes nothing.
    var late: [SearchFound] = []
    SearchJob(
      generation: first.generation, query: first.query, chunks: first.chunks, from: first.from,
      texts: [], cancellation: JobCancellation()
    ).run { late.append($0) }
    for found in late { store.send(.searchFound(found)) }
    #expect(Array(store.content.shown) == shownBefore)
    var reports: [SearchFound] = []
    second.run { reports.append($0) }
    for found in reports { store.send(.searchFound(found)) }
    var reference = BrowserContent(collection: Self.feed)
    #expect(Array(store.content.shown) == reference.indices(matching: CardFilter(query: "qui")))
  }

  /// Japanese: hiragana finds katakana, across the whole feed.
  @Test func kanaFoldInTheWholeFeed() {
    var store = BrowserStore(Self.feed, size: Size(width: 120, height: 40))
    store.send(.key(.character("/")))
    let jobs = Self.type("きつね", into: &store)
    for job in jobs.suffix(1) {
      var reports: [SearchFound] = []
      job.run { reports.append($0) }
      for found in reports { store.send(.searchFound(found)) }
    }
    #expect(store.content.shown.count > 1_000)
    let card = store.content.shownCard(0)
    #expect((card.caption + (card.comment ?? "")).contains("キツネ"))
  }
}
