import Cards
import PictureFiles
import Synchronization
import TerminalCore

#if canImport(Glibc)
  import Glibc
#endif

/// The rest of a source, read on a thread of its own while the browser runs: each piece
/// becomes a `.cardsArrived` event, the end (or the error that stopped it) a
/// `.loadFinished`. Opening may wait (a FIFO without a writer): the browser meanwhile
/// shows "waiting for input…" and answers keys.
///
/// A followed file (`--follow`, `F`) never ends the browser, as `tail -F` never ends: a
/// bad record is skipped and said (`.recordsSkipped`); a file truncated or replaced is
/// read again from its start once it can be opened (`.sourceRestarted`); and when it
/// cannot be read (rotated to a file the person cannot read, replaced by a folder or a
/// device, a read failing) the cards stay, the status bar says why (`.followHalted`),
/// and the file is tried again whenever it changes, or at once after `F`.
package struct CardFeed: Sendable {
  private let open: @Sendable () throws(DataError) -> CardStreamReader
  /// A followed file: opens it again from its start after it was truncated or replaced.
  private let reopen: (@Sendable () throws(DataError) -> CardStreamReader)?
  /// Stops a followed file's thread, or makes it try again now.
  package let control = Control()

  /// How often a followed file that cannot be read is looked at again, in milliseconds.
  package static let haltedInterval: Int32 = 250

  /// Tells a followed file's thread to stop (another feed replaced it) or to try again.
  package final class Control: Sendable {
    private let stopped = Atomic(false)
    private let retry = Atomic(false)

    package init() {}

    package func stop() { stopped.store(true, ordering: .relaxed) }
    package var isStopped: Bool { stopped.load(ordering: .relaxed) }
    /// Try the file again now.
    package func tryAgain() { retry.store(true, ordering: .relaxed) }
    fileprivate func takeRetry() -> Bool { retry.exchange(false, ordering: .relaxed) }
  }

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
    let (open, reopen, control) = (self.open, self.reopen, self.control)
    // Below the event loop's priority, on a thread of its own (`LoadingThreads`): keys are
    // answered first, and no pool thread is left at the loading's niceness.
    LoadingThreads.start {
      var reader: CardStreamReader
      do throws(DataError) {
        reader = try open()
      } catch {
        mailbox.post(.loadFinished(error))
        return
      }
      while !control.isStopped {
        let (chunks, error, finished) = reader.next()
        if !chunks.isEmpty {
          mailbox.post(
            .cardsArrived(
              LoadedCards(chunks: chunks, bytesRead: reader.bytesRead, totalBytes: reader.size)))
        }
        if let skipped = reader.takeSkipped() { mailbox.post(.recordsSkipped(skipped)) }
        if let notice = reader.takeNotice() { mailbox.post(.sourceSaid(notice)) }
        guard let reopen, let error else {
          if finished {
            mailbox.post(.loadFinished(error))
            return
          }
          continue
        }
        // Followed: truncated or replaced, or unreadable now. The cards stay until the
        // file reads again; until then it is waited for.
        var reason = error
        if !error.isRestart {
          mailbox.post(.followHalted(error))
          Self.waitForChange(of: reader.path, control: control)
        }
        while !control.isStopped {
          do throws(DataError) {
            let fresh = try reopen()
            mailbox.post(
              .sourceRestarted(reason.isRestart ? reason.message : "changed: read again"))
            reader = fresh
            break
          } catch {
            reason = error
            mailbox.post(.followHalted(error))
            Self.waitForChange(of: reader.path, control: control)
          }
        }
      }
    }
  }

  /// Waits until the file at `path` changes (another file, another size or time, there
  /// when it was not, or gone), `F` asks to try again, or the feed is stopped.
  static func waitForChange(of path: String, control: Control) {
    let before = Self.version(of: path)
    while !control.isStopped && !control.takeRetry() {
      _ = poll(nil, 0, haltedInterval)
      if Self.version(of: path) != before { return }
    }
  }

  /// What tells one version of a file from another: device, inode, size, type and mode,
  /// owner, and the times of its content and of its status (a chmod or chown that makes
  /// it readable changes only the latter).
  private static func version(of path: String) -> [Int]? {
    var status = stat()
    guard FileName.withCString(path, { stat($0, &status) }) == 0 else { return nil }
    return [
      Int(status.st_dev), Int(status.st_ino), Int(status.st_size), Int(status.st_mode),
      Int(status.st_uid), Int(status.st_gid),
      Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec),
      Int(status.st_ctim.tv_sec) * 1_000_000_000 + Int(status.st_ctim.tv_nsec),
    ]
  }
}
