import Synchronization

/// Which background job (a search, a measuring) is current, shared with the workers: a
/// new one (or none) makes every earlier one stop at its next chunk.
///
/// Generations are unique in the process, so that the answer of a job made for content
/// since replaced (a reload) can never pass for one of the new content's.
package final class JobCancellation: Sendable {
  private let current = Atomic<Int>(0)
  private static let generations = Atomic<Int>(0)

  package init() {}

  /// Starts a new search: returns its generation.
  package func next() -> Int {
    let generation = Self.generations.add(1, ordering: .relaxed).newValue
    current.store(generation, ordering: .relaxed)
    return generation
  }

  /// Stops every search.
  package func cancel() { _ = next() }

  /// Whether search `generation` has been replaced.
  package func isCancelled(_ generation: Int) -> Bool {
    current.load(ordering: .relaxed) != generation
  }
}
