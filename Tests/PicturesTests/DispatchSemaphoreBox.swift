import Dispatch

/// A semaphore that waits with a timeout in seconds.
final class DispatchSemaphoreBox: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  func signal() { semaphore.signal() }
  func wait(seconds: Int) -> Bool {
    semaphore.wait(timeout: .now() + .seconds(seconds)) == .success
  }
}
