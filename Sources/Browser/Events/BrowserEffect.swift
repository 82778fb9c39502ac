import Cards
import ChildProcesses
import FileCuration
import PictureFiles
import Thumbnails

/// What the program around `reduce` must do after an event, as data: the reducer never
/// does input or output, and never starts work itself. Work that takes time answers with
/// an event (see `EffectRunner`).
package enum BrowserEffect: Hashable, Sendable {
  case quit
  /// Ctrl-C: end with the status of an interrupt (130).
  case interrupt
  /// Ctrl-Z: give the terminal back and stop until continued (then draw it all again).
  case suspend
  /// Start reading the rest of the source on a thread of its own; answer
  /// `.cardsArrived` for each piece and `.loadFinished` at the end.
  case startLoading
  /// `F`: read the card file on from byte `offset` as it grows; answer `.cardsArrived`
  /// (and `.sourceRestarted` when it is truncated or replaced).
  case startFollowing(offset: Int)
  /// `F` while following is halted: try the file again now, not at its next change.
  case retryFollowing
  /// List the folders again in this order; answer `.sorted` (with the marks found again
  /// among the cards listed) or `.reloadFailed`.
  case sort(FolderSort, marked: CardMarks.Identities)
  /// Read the source again; answer `.reloaded` (with the marks found again among the
  /// cards read) or `.reloadFailed`.
  case reload(marked: CardMarks.Identities)
  /// Make these thumbnails, the first most urgently, and forget any other still waiting;
  /// answer `.thumbnailReady` for each.
  case makeThumbnails([ThumbnailRequest])
  /// Open `target` (a picture's path or a card's address) with the opener, detached from
  /// the terminal; answer `.actionFinished` only when it fails.
  case openExternally(OpenTarget)
  /// Hand the terminal to `command` run on `paths` (its arguments) and take it back when
  /// it ends; answer `.actionFinished` with how it ended.
  case runCommand(String, paths: [String])
  /// A `--bind` command: `script` run by the shell with `arguments` as `$1`, `$2`, …;
  /// with the terminal handed over (`execute`), or without it, its output discarded
  /// (`execute-silent`); answer `.actionFinished` with how it ended.
  case runScript(String, arguments: [String], silent: Bool)
  /// `reload(…)`: read the cards the script prints; answer `.reloaded` (with the marks
  /// found again) or `.reloadFailed`.
  case reloadFrom(String, arguments: [String], marked: CardMarks.Identities)
  /// `become(…)`: end, the terminal restored, and run the script in masonry's place.
  case become(String, arguments: [String])
  /// `print(…)`: end, printing the text.
  case printText(String)
  /// Answer a `--listen` request on `connection` with the state as it is now (or with why
  /// nothing was done).
  case answer(connection: Int, refusal: String?)
  /// Put these bytes on the clipboard (OSC 52 where allowed, else tmux's paste buffer):
  /// a file's name as its bytes, not as the stand-ins `FileName` keeps them in; answer
  /// `.actionFinished`.
  case copy([UInt8])
  /// Trash, move, copy or rename files, or take that back, off the loop; answer
  /// `.curated`.
  case curate(CurationRequest)
  /// Write captions and tags back to the card file at the path (its records found again,
  /// only the edited values replaced, atomically); answer `.curated`.
  case editCards(String, [CardEdit])
  /// List the folders that continue `typed` (Tab at the file prompt); answer
  /// `.folderCompleted`.
  case completeFolder(String, base: String?)
  /// Read the picture's header and EXIF for the viewer's facts; answer `.factsRead`.
  case readFacts(PictureSource)
  /// `--pick`: the selected card is the answer; print it and end.
  case pick
  /// Scan the rest of the cards for a search on a worker (stopping any earlier search);
  /// answer `.searchFound`.
  case search(SearchJob)
  /// The search a worker scans is no longer wanted (the query was cleared).
  case stopSearching
  /// Count the lines of every card at the layout's widths on a worker; answer `.measured`.
  case measure(MeasureJob)
}
