import CardModel
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Threads of their own for reading and parsing a source, made `nice`
/// `BackgroundPriority.loadingNiceness` (19) when they start and ended when their work is
/// done. Not the shared pool's: a pool thread that parsed would stay at 19 when it later
/// measured or searched (which run at 10), since only root may make a thread less nice
/// again — so for everyone but root, measuring during a load ran at the loading's
/// priority on every thread that had parsed.
///
/// A thread costs some 20 µs to start: a few a piece of 2 MB.
package enum LoadingThreads {
  /// Runs `body` on a thread of its own at the loading niceness. When no thread can be
  /// made, runs it on the shared pool as before, made as nice (the work is never dropped,
  /// nor run on the caller, which may be the event loop).
  package static func start(_ body: @escaping @Sendable () -> Void) {
    guard !spawn(body) else { return }
    DispatchQueue.global(qos: .utility).async {
      BackgroundPriority.lowerCallingThread(to: BackgroundPriority.loadingNiceness)
      body()
    }
  }

  /// Calls `body` with each of `0..<iterations`, spread over the calling thread and up to
  /// one thread a core more at the loading niceness; returns once every call has returned.
  /// The calling thread keeps its own priority (the event loop's, in a command that
  /// reads a source itself).
  ///
  /// - Complexity: `iterations` calls of `body`, and a thread started per extra core.
  package static func perform(iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
    guard iterations > 1 else {
      if iterations == 1 { body(0) }
      return
    }
    // Every thread takes the next index until none is left. (A helper may still hold
    // `body` for a moment after its last call: it is escaping, and never called again.)
    let share = Share()
    let work: @Sendable () -> Void = {
      while true {
        let index = share.next.add(1, ordering: .relaxed).oldValue
        guard index < iterations else { return }
        body(index)
      }
    }
    let helpers = min(iterations, max(1, Cores.online)) - 1
    let done = DispatchSemaphore(value: 0)
    var started = 0
    for _ in 0..<helpers {
      let spawned = spawn {
        work()
        done.signal()
      }
      if spawned { started += 1 }
    }
    work()
    for _ in 0..<started { done.wait() }
  }

  private final class Share: Sendable {
    let next = Atomic<Int>(0)
  }

  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Starts a detached thread at the loading niceness running `body`; false when none
  /// could be made.
  private static func spawn(_ body: @escaping @Sendable () -> Void) -> Bool {
    #if canImport(Glibc)
      let context = Unmanaged.passRetained(Body(body)).toOpaque()
      var thread = pthread_t()
      let created = pthread_create(
        &thread, nil,
        { context in
          // Linux keeps a nice value per thread, and 0 names the calling one.
          setpriority(
            __priority_which_t(PRIO_PROCESS.rawValue), 0, BackgroundPriority.loadingNiceness)
          Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
          return nil
        }, context)
      guard created == 0 else {
        Unmanaged<Body>.fromOpaque(context).release()
        return false
      }
      pthread_detach(thread)
      return true
    #else
      return false
    #endif
  }
}
