import Cards
import FileCuration
import LayoutEngine
import PictureFiles
import TerminalCore
import Thumbnails

/// Everything that can change what the browser shows. Each goes through
/// `BrowserReducer.reduce`; nothing else changes the state.
package enum BrowserEvent: Hashable, Sendable {
  /// The browser starts in a terminal of this size: the first event.
  case started(Size)
  case key(Key)
  case mouse(MouseEvent)
  /// Text pasted with bracketed paste (never taken for keys).
  case paste(String)
  /// The terminal has a new size (bursts are coalesced before they get here).
  case resized(Size)
  /// How picture bytes are getting to the terminal changed (`PictureLink.reported`).
  case pictureLinkChanged(PictureLink)
  /// Time passed (drives the layout-switch animation).
  case tick
  /// The terminal's input ended.
  case endOfInput
  /// The source was read again (the answer to `BrowserEffect.reload`), and where the
  /// marked cards are in it.
  case reloaded(CardCollection, marks: CardMarks)
  /// The folders listed again in another order (the answer to `BrowserEffect.sort`), and
  /// where the marked cards are in it.
  case sorted(CardCollection, FolderSort, marks: CardMarks)
  /// Reading the source again failed, for this reason.
  case reloadFailed(String)
  /// More cards were read from the source (it streams in behind the first screen).
  case cardsArrived(LoadedCards)
  /// A followed file was truncated or replaced (why): its cards are read again from its
  /// start.
  case sourceRestarted(String)
  /// The source is read to its end, or reading stopped at this error.
  case loadFinished(DataError?)
  /// What the reader says of the source once it knows (standard input read as a list of
  /// paths, and what the list left out): the status bar's message.
  case sourceSaid(String)
  /// A followed file held records that could not be read: skipped, and following goes on.
  case recordsSkipped(SkippedRecords)
  /// A followed file cannot be read now (rotated to a file the person cannot read,
  /// replaced by a folder, a read failed): the cards stay, and it is tried again when it
  /// changes (or at `F`).
  case followHalted(DataError)
  /// A measuring worker counted the lines of more cards (`BrowserEffect.measure`).
  case measured(MeasuredCounts)
  /// A search worker found more matches (the answer to `BrowserEffect.search`).
  case searchFound(SearchFound)
  /// A thumbnail asked for by `BrowserEffect.makeThumbnails` is ready, or why it is not.
  case thumbnailReady(ThumbnailRequest, Result<Thumbnail, PictureFailure>)
  /// A program the browser started for the person (`o`, `!`, `y`) ended, or did not
  /// start: what the status bar says of it.
  case actionFinished(String)
  /// Files were trashed, moved, copied or renamed, or that was taken back
  /// (`BrowserEffect.curate`).
  case curated(CurationOutcome)
  /// The folders that continue what was typed at the file prompt (`completeFolder`).
  case folderCompleted(FolderCompletion)
  /// The facts of a picture (`BrowserEffect.readFacts`), or why there are none.
  case factsRead(PictureSource, Result<PictureFacts, PictureFailure>)
  /// A script asks for what a person would do with keys (`masonry render`).
  case asked(BrowserRequest)
  /// A request from another program over `--listen`'s socket, on connection `connection`.
  case remote(RemoteRequest, connection: Int)
}

extension BrowserEvent {
  /// Whether this is the last answer of search `generation` (its worker is done anyway).
  package func isSearchFound(generation: Int) -> Bool {
    if case .searchFound(let found) = self { return found.generation == generation && found.isDone }
    return false
  }
}

extension BrowserEvent {
  /// Whether the app draws the event's frame at once: the person's events (keys, mouse,
  /// paste, a resize, the terminal's end, the animation's clock) and the end of a load
  /// (its last cards and the status bar's last word on it), where background work's
  /// other answers wait out `BrowserApp.backgroundFrameInterval`, so that a burst is one
  /// frame.
  package var drawsAtOnce: Bool {
    switch self {
    case .key, .mouse, .paste, .resized, .endOfInput, .started, .tick, .asked, .loadFinished,
      .remote:
      return true
    case .reloaded, .sorted, .reloadFailed, .cardsArrived, .sourceRestarted, .recordsSkipped,
      .sourceSaid, .followHalted, .measured,
      .searchFound,
      .thumbnailReady, .actionFinished, .curated, .folderCompleted, .factsRead,
      .pictureLinkChanged:
      return false
    }
  }
}
