import Cards

/// How far the source has been read: the browser shows the cards it has while the rest
/// streams in, and says so in the status bar.
package enum LoadStatus: Hashable, Sendable {
  /// Everything is read.
  case complete
  /// Nothing has arrived yet (a FIFO without a writer, a pipe not yet written to).
  case waiting
  /// Reading: `bytesRead` of `totalBytes` (known for a regular file).
  case loading(bytesRead: Int, totalBytes: Int?)
  /// Reading a file as it grows (`--follow`, `F`): never finished.
  case following
  /// Following, but the file cannot be read now (why): it is tried again when it changes.
  case followHalted(DataError)
  /// Reading stopped at bad data or a read error; the cards before it are kept.
  case failed(DataError)

  /// Whether more cards may still arrive.
  package var isLoading: Bool {
    switch self {
    case .waiting, .loading, .following, .followHalted: return true
    case .complete, .failed: return false
    }
  }

  /// Whether following waits for the file to read again (`r` may read it anew).
  package var isFollowHalted: Bool {
    if case .followHalted = self { return true }
    return false
  }

  /// What the status bar says (`nil` once everything is read).
  package var statusText: String? {
    switch self {
    case .complete: return nil
    case .waiting: return "waiting for input…"
    case .loading(let read, let total?) where total > 0:
      return "loading \(Swift.min(99, read * 100 / total))%"
    case .loading: return "loading…"
    case .following: return "following"
    case .followHalted(let error): return "following halted: \(error.message) · F: try now"
    case .failed(let error): return "stopped: \(error.description)"
    }
  }
}

/// Cards read from the source, handed from the loading thread to the event loop: chunks
/// are immutable and shared, never copied.
package struct LoadedCards: Hashable, Sendable {
  package var chunks: [CardChunk]
  package var bytesRead: Int
  package var totalBytes: Int?

  package init(chunks: [CardChunk], bytesRead: Int, totalBytes: Int?) {
    self.chunks = chunks
    self.bytesRead = bytesRead
    self.totalBytes = totalBytes
  }

  package static func == (lhs: LoadedCards, rhs: LoadedCards) -> Bool {
    lhs.bytesRead == rhs.bytesRead
      && lhs.chunks.map(ObjectIdentifier.init)
        == rhs.chunks.map(ObjectIdentifier.init)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(bytesRead)
    for chunk in chunks { hasher.combine(ObjectIdentifier(chunk)) }
  }
}
