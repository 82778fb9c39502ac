#if canImport(Glibc)
  import Glibc
#endif

/// A detached thread of its own running `body`, below the event loop's priority.
enum WorkerThread {
  /// How much nicer than the process a worker is (`nice` 10): the event loop, and the
  /// terminal drawing its frames, get the cores first, so keys are answered at once while
  /// pictures decode.
  static let niceness: Int32 = 10

  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  static func start(_ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { context in
        // Linux keeps a nice value per thread, and 0 names the calling one: this thread
        // alone becomes nicer.
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        setpriority(which, 0, getpriority(which, 0) + WorkerThread.niceness)
        Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, context)
    if created == 0 {
      pthread_detach(thread)
    } else {
      // No thread could be made: the work it would have done stays undone (thumbnails
      // keep their placeholders) rather than blocking the caller.
      Unmanaged<Body>.fromOpaque(context).release()
    }
  }
}
