#if canImport(Glibc)
  import Glibc
#endif

/// A detached thread of its own running `body`.
enum WorkerThread {
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
