import CFileSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The POSIX shared memory objects masonry makes for kitty to read pictures from (`t=s`),
/// and their removal. kitty removes each object once it has read it; what it never read
/// (a transmission left unsent, a terminal that stopped reading) is removed here after
/// `lifetime`, and everything left when masonry ends, so that no object outlives it.
/// Every name begins with `prefix` (`/masonry-PID-RANDOM`): made with `O_EXCL` and mode
/// 0600, an object is never one masonry did not make, and no one else can read it.
package final class SharedMemoryObjects {
  package let prefix: String
  /// How long an object is left for kitty to read, in milliseconds.
  package static let lifetime = 10_000
  /// Objects made and not yet known removed, oldest first, with when each was made.
  private var made: [(name: String, at: Int)] = []

  package init() {
    prefix = "/masonry-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
  }

  /// Makes object `name` holding `bytes`; `false` (and nothing made) when it cannot be
  /// made (no `/dev/shm`, no room).
  package func make(_ name: String, bytes: [UInt8], at now: Int) -> Bool {
    guard name.hasPrefix(prefix) else { return false }
    let made = bytes.withUnsafeBufferPointer {
      masonry_shm_create(name, $0.baseAddress, $0.count) == 0
    }
    if made { self.made.append((name, now)) }
    return made
  }

  /// Removes the objects older than `lifetime` (those kitty read are gone already).
  package func sweep(at now: Int) {
    while let oldest = made.first, now - oldest.at >= Self.lifetime {
      _ = masonry_shm_remove(oldest.name)
      made.removeFirst()
    }
  }

  /// Removes every object still there.
  package func removeAll() {
    for entry in made { _ = masonry_shm_remove(entry.name) }
    made = []
  }

  /// How many objects may still be there (for tests).
  package var count: Int { made.count }

  deinit { removeAll() }
}
