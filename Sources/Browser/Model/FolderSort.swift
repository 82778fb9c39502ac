import PictureFiles

/// How the pictures of folders are ordered in the browser (`s` cycles the order, `S`
/// reverses it): `nil` in the state for cards from a card file, whose order is the file's.
package struct FolderSort: Hashable, Sendable {
  package var order: PictureFolder.Sort
  package var descending: Bool

  package init(order: PictureFolder.Sort, descending: Bool = false) {
    self.order = order
    self.descending = descending
  }

  /// The next order of `s`: name, date taken, size, name again (ascending).
  package var next: FolderSort {
    let all = PictureFolder.Sort.allCases
    return FolderSort(order: all[((all.firstIndex(of: order) ?? 0) + 1) % all.count])
  }

  /// What the status bar says: `sorted by date, newest first`.
  package var phrase: String {
    switch (order, descending) {
    case (.name, false): return "sorted by name"
    case (.name, true): return "sorted by name, Z to A"
    case (.date, false): return "sorted by date, oldest first"
    case (.date, true): return "sorted by date, newest first"
    case (.size, false): return "sorted by size, smallest first"
    case (.size, true): return "sorted by size, largest first"
    }
  }
}
