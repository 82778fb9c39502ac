#if canImport(Glibc)
  import Glibc
#endif

/// A thread of its own that nothing joins: one that waits for a child, or the listening
/// socket's (`RemoteServer`).
package enum DetachedThread {
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Whether a thread running `body` was started; `stack` bytes of stack when given (a
  /// thread that only waits needs little).
  package static func start(stack: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    if let stack { pthread_attr_setstacksize(&attributes, stack) }
    let created = pthread_create(
      &thread, &attributes,
      { context in
        Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, context)
    guard created == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return false
    }
    pthread_detach(thread)
    return true
  }
}
