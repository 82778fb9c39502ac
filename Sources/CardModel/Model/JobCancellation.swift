import Synchronization

/// Which background job of one kind (searching, measuring) is the current one, shared by
/// whoever starts the jobs and the workers that run them: starting a job, or cancelling,
/// makes every earlier one stop at its next chunk.
package final class JobCancellation: Sendable {
  private let current = Atomic<Int>(0)

  package init() {}

  /// Job `generation` is now the current one.
  package func start(_ generation: Int) {
    current.store(generation, ordering: .relaxed)
  }

  /// No job is current: every one stops.
  package func cancel() { current.store(-1, ordering: .relaxed) }

  /// Whether job `generation` has been replaced or cancelled.
  package func isCancelled(_ generation: Int) -> Bool {
    current.load(ordering: .relaxed) != generation
  }
}
