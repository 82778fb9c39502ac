import Dispatch
import PictureFiles
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Makes thumbnails on worker threads (one per core), most wanted
/// first, and hands each result to `deliver` from the worker's thread. `want` replaces the
/// whole list of wanted thumbnails: work for thumbnails no longer in it is dropped before
/// it starts (a decode already running finishes and is cached). The workers are threads
/// of their own (they wait on a semaphore, which must not tie up Dispatch's shared pool)
/// and end when the service goes away.
package final class ThumbnailService: Sendable {
  private let shared: Shared
  package let workerCount: Int

  /// The number of workers for this machine: one per core. The event loop needs a core
  /// only while it answers a key, and the workers run nice 10, so it gets one at once;
  /// the cores less one left a 2-core machine decoding at half speed.
  package static var defaultWorkerCount: Int {
    Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  package init(
    workers: Int = ThumbnailService.defaultWorkerCount,
    caches: ThumbnailCaches = ThumbnailCaches(),
    deliver: @escaping @Sendable (ThumbnailRequest, Result<Thumbnail, PictureFailure>) -> Void
  ) {
    workerCount = Swift.max(1, workers)
    shared = Shared(caches: caches, deliver: deliver)
    for _ in 0..<workerCount {
      let shared = self.shared
      WorkerThread.start { shared.run() }
    }
  }

  deinit {
    shared.stop(workers: workerCount)
  }

  /// Replaces what is wanted, in order of urgency (what is on screen first).
  package func want(_ requests: [ThumbnailRequest]) {
    shared.want(requests, workers: workerCount)
  }

  /// What the workers share: the queue of wanted thumbnails and the caches.
  private final class Shared: Sendable {
    private struct Queue {
      var wanted: [ThumbnailRequest] = []
      var next = 0
      var running: Set<ThumbnailRequest> = []
      var stopped = false
    }

    private let queue = Mutex(Queue())
    private let work = DispatchSemaphore(value: 0)
    private let caches: ThumbnailCaches
    private let deliver: @Sendable (ThumbnailRequest, Result<Thumbnail, PictureFailure>) -> Void

    init(
      caches: ThumbnailCaches,
      deliver: @escaping @Sendable (ThumbnailRequest, Result<Thumbnail, PictureFailure>) -> Void
    ) {
      self.caches = caches
      self.deliver = deliver
    }

    func want(_ requests: [ThumbnailRequest], workers: Int) {
      let added = queue.withLock { queue -> Int in
        queue.wanted = requests.filter { !queue.running.contains($0) }
        queue.next = 0
        return queue.wanted.count
      }
      for _ in 0..<Swift.min(added, workers) { work.signal() }
    }

    func stop(workers: Int) {
      queue.withLock { $0.stopped = true }
      for _ in 0..<workers { work.signal() }
    }

    func run() {
      while true {
        work.wait()
        while let request = take() {
          let result = request.make(caches: caches)
          queue.withLock { _ = $0.running.remove(request) }
          deliver(request, result)
        }
        if queue.withLock({ $0.stopped }) { return }
      }
    }

    private func take() -> ThumbnailRequest? {
      queue.withLock { queue in
        guard !queue.stopped, queue.next < queue.wanted.count else { return nil }
        let request = queue.wanted[queue.next]
        queue.next += 1
        queue.running.insert(request)
        return request
      }
    }
  }
}
