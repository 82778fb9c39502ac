/// A key table's command with the name `--bind` calls it by (`page-down`, `toggle-mark`,
/// `layout-grid`): every command of every context has one, given by an exhaustive switch
/// so that a new command cannot be left without. Names are stable: configs hold them.
package protocol NamedCommand: Hashable, Sendable {
  var name: String { get }
}

/// `up`, `down`, `up-3`: a movement by `count` steps as its name.
private func stepName(_ count: Int, _ back: String, _ forward: String) -> String {
  (count < 0 ? back : forward) + (abs(count) == 1 ? "" : "-\(abs(count))")
}

extension SelectionDirection {
  fileprivate var name: String {
    switch self {
    case .left: "left"
    case .right: "right"
    case .up: "up"
    case .down: "down"
    }
  }
}

extension CardsCommand: NamedCommand {
  package var name: String {
    switch self {
    case .scrollRows(let rows): stepName(rows, "up", "down")
    case .scrollPages(let pages): stepName(pages, "page-up", "page-down")
    case .scrollHalfPages(let halves): stepName(halves, "half-page-up", "half-page-down")
    case .first: "first"
    case .last: "last"
    case .follow: "follow"
    case .select(let direction): "select-" + direction.name
    case .point(let open): open ? "double-click" : "click"
    case .open: "open"
    case .showLabels: "show-labels"
    case .toggleMark: "toggle-mark"
    case .markShown: "mark-shown"
    case .clearMarks: "clear-marks"
    case .openPicture: "open-picture"
    case .promptCommand: "prompt-command"
    case .copyPath: "copy-path"
    case .trash: "trash"
    case .promptMove: "prompt-move"
    case .promptCopy: "prompt-copy"
    case .promptRename: "prompt-rename"
    case .undo: "undo"
    case .editCaption: "edit-caption"
    case .editTags: "edit-tags"
    case .startSearch: "search"
    case .nextMatch: "next-match"
    case .previousMatch: "previous-match"
    case .focusTags: "focus-tags"
    case .clearFilters: "clear-filters"
    case .switchLayout(let kind): "layout-" + kind.name
    case .moreColumns: "more-columns"
    case .fewerColumns: "fewer-columns"
    case .adaptiveColumns: "adaptive-columns"
    case .nextPlacement: "next-placement"
    case .narrowViewport: "narrow-viewport"
    case .widenViewport: "widen-viewport"
    case .previousBreakpoint: "previous-breakpoint"
    case .nextBreakpoint: "next-breakpoint"
    case .fullWidth: "full-width"
    case .nextSort: "next-sort"
    case .reverseSort: "reverse-sort"
    case .reload: "reload"
    case .toggleAnimations: "toggle-animations"
    case .toggleAccessible: "toggle-accessible"
    case .showHelp: "help"
    case .quit: "quit"
    case .custom(let action): action.name
    }
  }
}

extension OpenCardCommand: NamedCommand {
  package var name: String {
    switch self {
    case .scrollRows(let rows): stepName(rows, "up", "down")
    case .scrollPages(let pages): stepName(pages, "page-up", "page-down")
    case .top: "first"
    case .end: "last"
    case .toggleMark: "toggle-mark"
    case .openPicture: "open-picture"
    case .copyPath: "copy-path"
    case .accept: "accept"
    case .close: "close"
    case .toggleAnimations: "toggle-animations"
    case .showHelp: "help"
    case .custom(let action): action.name
    }
  }
}

extension ViewerCommand: NamedCommand {
  package var name: String {
    switch self {
    case .next: "next"
    case .previous: "previous"
    case .arrow(let direction): "arrow-" + direction.name
    case .pan(let direction): "pan-" + direction.name
    case .first: "first"
    case .last: "last"
    case .zoomIn: "zoom-in"
    case .zoomOut: "zoom-out"
    case .fit: "fit"
    case .actualPixels: "actual-pixels"
    case .fillWidth: "fill-width"
    case .rotate(let clockwise): clockwise ? "rotate-right" : "rotate-left"
    case .toggleText: "toggle-text"
    case .toggleInfo: "toggle-info"
    case .toggleSlideshow: "toggle-slideshow"
    case .point: "click"
    case .toggleMark: "toggle-mark"
    case .trash: "trash"
    case .undo: "undo"
    case .openPicture: "open-picture"
    case .copyPath: "copy-path"
    case .toggleAnimations: "toggle-animations"
    case .accept: "accept"
    case .close: "close"
    case .showHelp: "help"
    case .custom(let action): action.name
    }
  }
}

extension LabelCommand: NamedCommand {
  package var name: String {
    switch self {
    case .switchAction: "switch-action"
    case .deleteBackward: "backward-delete-char"
    case .cancel: "cancel"
    }
  }
}

extension TagStripCommand: NamedCommand {
  package var name: String {
    switch self {
    case .previousTag: "previous-tag"
    case .nextTag: "next-tag"
    case .tagAbove: "tag-above"
    case .tagBelow: "tag-below"
    case .firstTag: "first-tag"
    case .lastTag: "last-tag"
    case .toggleTag: "toggle-tag"
    case .clearTag: "clear-tag"
    case .leaveTags: "leave-tags"
    case .widen: "backward-delete-char"
    case .scrollCards(let rows): "cards-" + stepName(rows, "up", "down")
    case .point(let open): open ? "double-click" : "click"
    case .showHelp: "help"
    }
  }
}

extension SearchCommand: NamedCommand {
  package var name: String {
    switch self {
    case .accept: "accept"
    case .cancel: "cancel"
    case .deleteBackward: "backward-delete-char"
    }
  }
}

extension CommandPromptCommand: NamedCommand {
  package var name: String {
    switch self {
    case .run: "accept"
    case .cancel: "cancel"
    case .deleteBackward: "backward-delete-char"
    }
  }
}

extension FilePromptCommand: NamedCommand {
  package var name: String {
    switch self {
    case .run: "accept"
    case .complete: "complete"
    case .cancel: "cancel"
    case .deleteBackward: "backward-delete-char"
    }
  }
}

extension HelpCommand: NamedCommand {
  package var name: String {
    switch self {
    case .scrollRows(let rows): stepName(rows, "up", "down")
    case .scrollPages(let pages): stepName(pages, "page-up", "page-down")
    case .close: "close"
    }
  }
}

extension AnywhereCommand: NamedCommand {
  package var name: String {
    switch self {
    case .interrupt: "interrupt"
    case .suspend: "suspend"
    }
  }
}
