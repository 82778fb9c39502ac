extension CardsCommand {
  /// What a command does to following the end of a growing file (`F`).
  enum FollowingChange: Hashable, Sendable {
    /// It moves away from the end: following stops.
    case stops
    /// It goes to the end: followed while the file is still read.
    case followsWhileLoading
    /// `F` itself: followed while the file is read, or can be read again.
    case follows
    /// Following stays as it was.
    case keeps
  }

  /// Whether the command moves through the cards a step at a time, so that a key held down
  /// repeats it and pictures wait as placeholders until the keys pause
  /// (`BrowserReducer.keyRepeatGap`). Every case answers: a new movement cannot miss it.
  var isMovement: Bool {
    switch self {
    case .scrollRows, .scrollPages, .scrollHalfPages, .select: return true
    case .first, .last, .follow, .point, .open, .showLabels, .toggleMark, .markShown, .clearMarks,
      .openPicture, .promptCommand, .copyPath, .trash, .promptMove, .promptCopy, .promptRename,
      .undo, .editCaption, .editTags, .startSearch, .nextMatch, .previousMatch, .focusTags,
      .clearFilters, .switchLayout,
      .moreColumns, .fewerColumns, .adaptiveColumns,
      .nextPlacement, .narrowViewport, .widenViewport, .previousBreakpoint, .nextBreakpoint,
      .fullWidth, .nextSort, .reverseSort, .reload, .toggleAnimations, .showHelp, .quit, .custom,
      .toggleAccessible:
      return false
    }
  }

  /// What the command does to following the end. Every case answers: a new command that
  /// moves the selection cannot leave the view pinned to the end.
  var followingChange: FollowingChange {
    switch self {
    case .scrollRows, .scrollPages, .scrollHalfPages, .select, .first, .point, .nextMatch,
      .previousMatch:
      return .stops
    case .last: return .followsWhileLoading
    case .follow: return .follows
    case .open, .showLabels, .toggleMark, .markShown, .clearMarks, .openPicture, .promptCommand,
      .copyPath,
      .trash, .promptMove, .promptCopy, .promptRename, .undo, .editCaption, .editTags, .startSearch,
      .focusTags,
      .clearFilters, .switchLayout, .moreColumns, .fewerColumns,
      .adaptiveColumns, .nextPlacement, .narrowViewport, .widenViewport, .previousBreakpoint,
      .nextBreakpoint, .fullWidth, .nextSort, .reverseSort, .reload, .toggleAnimations,
      .showHelp, .quit, .custom, .toggleAccessible:
      return .keeps
    }
  }

  /// Whether the command changes how the cards are laid out or shown but not which card
  /// is selected, so the cards stay where they were instead of scrolling the selection
  /// into view (`BrowserReducer.handle`'s `positionsCards`).
  var keepsCardsInPlace: Bool {
    switch self {
    case .switchLayout, .moreColumns, .fewerColumns, .adaptiveColumns, .nextPlacement,
      .narrowViewport, .widenViewport, .previousBreakpoint, .nextBreakpoint, .fullWidth,
      .toggleAnimations:
      return true
    case .scrollRows, .scrollPages, .scrollHalfPages, .first, .last, .follow, .select, .point,
      .open, .showLabels, .toggleMark, .markShown, .clearMarks, .openPicture, .promptCommand,
      .copyPath,
      .trash, .promptMove, .promptCopy, .promptRename, .undo, .editCaption, .editTags, .startSearch,
      .nextMatch,
      .previousMatch, .focusTags, .clearFilters, .nextSort,
      .reverseSort, .reload, .showHelp, .quit, .custom:
      return false
    case .toggleAccessible:
      return false
    }
  }

  /// How many cards the command moves in the accessible view, where a row is a card and
  /// a page a screen of them (`nil`: it does there what it does on the wall). Every case
  /// answers: a new movement cannot be missed there.
  func accessibleStep(page: Int) -> Int? {
    switch self {
    case .scrollRows(let rows): return rows
    case .scrollPages(let pages): return pages * page
    case .scrollHalfPages(let halves): return halves * Swift.max(1, page / 2)
    case .select(.left), .select(.up): return -1
    case .select(.right), .select(.down): return 1
    case .first, .last, .follow, .point, .open, .showLabels, .toggleMark, .markShown,
      .clearMarks, .openPicture, .promptCommand, .copyPath, .trash, .promptMove, .promptCopy,
      .promptRename, .undo, .editCaption, .editTags, .startSearch, .nextMatch, .previousMatch,
      .focusTags, .clearFilters, .switchLayout, .moreColumns, .fewerColumns, .adaptiveColumns,
      .nextPlacement, .narrowViewport, .widenViewport, .previousBreakpoint, .nextBreakpoint,
      .fullWidth, .nextSort, .reverseSort, .reload, .toggleAnimations, .toggleAccessible,
      .showHelp, .quit, .custom:
      return nil
    }
  }
}
