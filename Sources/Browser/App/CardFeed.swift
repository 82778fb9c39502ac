import Cards
import Dispatch
import TerminalCore

/// The rest of a source, read on a thread of its own while the browser runs: each piece
/// becomes a `.cardsArrived` event, the end (or the error that stopped it) a
/// `.loadFinished`. Opening may wait (a FIFO without a writer): the browser meanwhile
/// shows "waiting for input…" and answers keys.
package struct CardFeed: Sendable {
  private let open: @Sendable () throws(DataError) -> CardStreamReader

  /// - Parameter open: gives the reader (opening the source, or handing over one already
  ///   open).
  package init(open: @escaping @Sendable () throws(DataError) -> CardStreamReader) {
    self.open = open
  }

  /// Starts reading; every piece is posted to `mailbox`.
  func start(posting mailbox: EventMailbox<BrowserEvent>) {
    let open = self.open
    // Below the event loop's priority: keys are answered first.
    DispatchQueue.global(qos: .utility).async {
      BackgroundPriority.lowerCallingThread()
      do throws(DataError) {
        let reader = try open()
        while true {
          let (chunks, error, finished) = reader.next()
          if !chunks.isEmpty {
            mailbox.post(
              .cardsArrived(
                LoadedCards(chunks: chunks, bytesRead: reader.bytesRead, totalBytes: reader.size)))
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
