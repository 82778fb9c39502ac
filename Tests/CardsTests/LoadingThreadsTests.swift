import Dispatch
import Synchronization
import Testing

@testable import CardMeasuring
@testable import CardModel
@testable import CardReading
@testable import CardSearch

#if canImport(Glibc)
  import Glibc
#endif

/// Reading and parsing run on threads of their own at the loading's niceness, never on
/// the shared pool (whose threads, once made that nice, could not measure at 10 again
/// for a user who is not root); the caller keeps its own priority.
@Suite struct LoadingThreadsTests {
  private static func niceness() -> Int32 {
    getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
  }

  private final class Calls: Sendable {
    let counts = Mutex<[Int: Int]>([:])
    let helperNiceness = Mutex<Set<Int32>>([])
    let callerThreads = Mutex<Int>(0)
  }

  @Test(arguments: [0, 1, 2, 7, 64])
  func everyIndexRunsOnceAndHelpersAreNice(iterations: Int) {
    let calls = Calls()
    let caller = pthread_self()
    let callerNiceness = Self.niceness()
    LoadingThreads.perform(iterations: iterations) { index in
      calls.counts.withLock { $0[index, default: 0] += 1 }
      if pthread_equal(pthread_self(), caller) != 0 {
        calls.callerThreads.withLock { $0 += 1 }
      } else {
        let niceness = Self.niceness()
        calls.helperNiceness.withLock { _ = $0.insert(niceness) }
      }
      // Long enough that a helper takes a share of a longer loop.
      usleep(iterations > 2 ? 2_000 : 0)
    }
    let counts = calls.counts.withLock { $0 }
    #expect(counts.keys.sorted() == Array(0..<iterations))
    #expect(counts.values.allSatisfy { $0 == 1 })
    #expect(Self.niceness() == callerNiceness)
    let helpers = calls.helperNiceness.withLock { $0 }
    #expect(helpers.isSubset(of: [BackgroundPriority.loadingNiceness]))
    if iterations > 2 && Cores.online > 1 {
      #expect(helpers == [BackgroundPriority.loadingNiceness], "a helper took a share")
    }
  }

  @Test func startRunsOnANiceThreadOfItsOwn() {
    let done = DispatchSemaphore(value: 0)
    let seen = Mutex<(Int32, Bool)?>(nil)
    let caller = pthread_self()
    LoadingThreads.start {
      let own = pthread_equal(pthread_self(), caller) == 0
      seen.withLock { $0 = (Self.niceness(), own) }
      done.signal()
    }
    done.wait()
    let (niceness, own) = seen.withLock { $0 } ?? (0, false)
    #expect(own)
    #expect(niceness == BackgroundPriority.loadingNiceness)
  }
}
