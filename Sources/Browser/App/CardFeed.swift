import Cards
import TerminalCore

/// The rest of a source, read on a thread of its own while the browser runs: each piece
/// becomes a `.cardsArrived` event, the end (or the error that stopped it) a
/// `.loadFinished`. Opening may wait (a FIFO without a writer): the browser meanwhile
/// shows "waiting for input…" and answers keys.
package struct CardFeed: Sendable {
  private let open: @Sendable () throws(DataError) -> CardStreamReader
  /// A followed file (`--follow`, `F`): opens it again from its start after it was
  /// truncated or replaced.
  private let reopen: (@Sendable () throws(DataError) -> CardStreamReader)?

  /// - Parameters:
  ///   - open: gives the reader (opening the source, or handing over one already open).
  ///   - reopen: for a followed file, a reader of it from its start.
  package init(
    open: @escaping @Sendable () throws(DataError) -> CardStreamReader,
    reopen: (@Sendable () throws(DataError) -> CardStreamReader)? = nil
  ) {
    self.open = open
    self.reopen = reopen
  }

  /// Starts reading; every piece is posted to `mailbox`.
  package func start(posting mailbox: EventMailbox<BrowserEvent>) {
    let (open, reopen) = (self.open, self.reopen)
    // Below the event loop's priority, on a thread of its own (`LoadingThreads`): keys are
    // answered first, and no pool thread is left at the loading's niceness.
    LoadingThreads.start {
      do throws(DataError) {
        var reader = try open()
        while true {
          let (chunks, error, finished) = reader.next()
          if !chunks.isEmpty {
            mailbox.post(
              .cardsArrived(
                LoadedCards(chunks: chunks, bytesRead: reader.bytesRead, totalBytes: reader.size)))
          }
          if let error, error.isRestart, let reopen {
            // Truncated or replaced (log rotation): from its start again, as tail -F.
            mailbox.post(.sourceRestarted(error.message))
            reader = try reopen()
            continue
          }
          if finished {
            mailbox.post(.loadFinished(error))
            return
          }
        }
      } catch {
        mailbox.post(.loadFinished(error))
      }
    }
  }
}
