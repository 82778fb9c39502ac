/// A file in a trash, as `Trash.move` left it: enough to put it back (`Trash.restore`).
package struct TrashedFile: Hashable, Sendable {
  /// Where it was, absolute.
  package var original: String
  /// Where it is now (`…/Trash/files/NAME`).
  package var trashed: String
  /// Its `.trashinfo` (`…/Trash/info/NAME.trashinfo`).
  package var info: String
}
