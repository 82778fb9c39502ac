import CardLayouts
import TerminalCore

/// The key tables, one per context, each of its own command type: what the reducer
/// carries out (a command bound in a table but not handled there does not compile), and
/// what the help overlay, `masonry --help`, the manual page and the README's key table
/// are written from, so they cannot disagree. The mouse is bound here like the keys.
package enum KeyBindings {
  package static let cards = KeyTable<CardsCommand>(
    .cards,
    [
      KeyBinding(keys: rowKeys(CardsCommand.scrollRows), "scroll one row"),
      KeyBinding(keys: pageKeys(CardsCommand.scrollPages), "scroll a page"),
      KeyBinding(
        keys: [(.control("u"), .scrollHalfPages(-1)), (.control("d"), .scrollHalfPages(1))],
        "scroll half a page"),
      KeyBinding(
        keys: [(.character("g"), .first), (.home, .first)], "select the first card, at the top"),
      KeyBinding(
        keys: [(.character("G"), .last), (.end, .last)],
        "select the last card, at the end (while reading: and follow it)"),
      KeyBinding(
        keys: [(.character("F"), .follow)],
        "follow the file as it grows (--follow)"),
      KeyBinding(
        keys: [
          (.left, .select(.left)), (.right, .select(.right)), (.character("h"), .select(.left)),
          (.character("l"), .select(.right)),
        ], "select the card to the left / right"),
      KeyBinding(
        keys: [
          (.shiftUp, .select(.up)), (.shiftDown, .select(.down)), (.character("K"), .select(.up)),
          (.character("J"), .select(.down)),
        ], "select the card above / below"),
      KeyBinding(
        keys: [(.enter, .open)], "open the selected card (--pick: answer)"),
      KeyBinding(
        keys: [(.character("f"), .showLabels)],
        "a label on every card on screen: two keys reach one"),
      KeyBinding(keys: [(.character("m"), .toggleMark)], "mark / unmark the selected card"),
      KeyBinding(
        keys: [(.character("M"), .markShown)], "mark every card shown (a search's matches)"
      ),
      KeyBinding(keys: [(.character("U"), .clearMarks)], "unmark every card"),
      KeyBinding(
        keys: [(.character("o"), .openPicture)], "open the picture ($MASONRY_OPENER, xdg-open)"),
      KeyBinding(
        keys: [(.character("!"), .promptCommand)], "run a command on the marked cards' files"),
      KeyBinding(keys: [(.character("y"), .copyPath)], "copy the path (--osc52, tmux's buffer)"),
      KeyBinding(
        keys: [(.character("d"), .trash)], "move the marked cards' files to the trash"),
      KeyBinding(
        keys: [(.character("x"), .promptMove), (.character("c"), .promptCopy)],
        "move / copy the marked cards' files to a folder"),
      KeyBinding(keys: [(.character("R"), .promptRename)], "rename the selected card's file"),
      KeyBinding(
        keys: [(.character("e"), .editCaption), (.character("#"), .editTags)],
        "card files: edit the caption / the tags (marked: +add -remove)"),
      KeyBinding(
        keys: [(.character("u"), .undo)], "undo the last trash, move, copy, rename or edit"),
      KeyBinding(
        keys: [(.character("/"), .startSearch)], "search captions, comments, tags, sections"),
      KeyBinding(
        keys: [(.character("n"), .nextMatch), (.character("N"), .previousMatch)],
        "next / previous match"),
      KeyBinding(keys: [(.character("t"), .focusTags)], "give the keys to the tag strip"),
      KeyBinding(
        keys: LayoutKind.all.map { (.character($0.key), .switchLayout($0)) },
        "layouts: " + LayoutKind.all.map(\.name).joined(separator: " ")),
      KeyBinding(
        keys: [(.character("+"), .moreColumns), (.character("-"), .fewerColumns)],
        "more / fewer columns"),
      KeyBinding(keys: [(.character("0"), .adaptiveColumns)], "columns that follow the width"),
      KeyBinding(
        keys: [(.character("p"), .nextPlacement)],
        "placement: shortest first, left to right, right to left"),
      KeyBinding(
        keys: [(.character("<"), .narrowViewport), (.character(">"), .widenViewport)],
        "viewport one cell narrower / wider"),
      KeyBinding(
        keys: [(.character("{"), .previousBreakpoint), (.character("}"), .nextBreakpoint)],
        "viewport to the breakpoint before / after"),
      KeyBinding(keys: [(.character("="), .fullWidth)], "viewport back to the full width"),
      KeyBinding(keys: [(.character("r"), .reload)], "read the source again"),
      KeyBinding(
        keys: [(.character("a"), .toggleAnimations)], "pause / play animated pictures"),
      KeyBinding(
        keys: [(.character("A"), .toggleAccessible)],
        "the cards as lines of words, for a screen reader / the wall"),
      KeyBinding(
        keys: [(.character("s"), .nextSort), (.character("S"), .reverseSort)],
        "folders: sort by name, date, size / reverse"),
      KeyBinding(
        keys: [(.escape, .clearFilters)], "clear the search, then the tag filter (--pick: cancel)"),
      KeyBinding(keys: [(.character("?"), .showHelp)], "show the keys"),
      KeyBinding(keys: [(.character("q"), .quit)], "quit"),
      KeyBinding(
        [(.mouse(.wheelUp), .scrollRows(-3)), (.mouse(.wheelDown), .scrollRows(3))],
        "scroll three rows"),
      KeyBinding(
        [(.mouse(.click), .point(open: false)), (.mouse(.doubleClick), .point(open: true))],
        "select a card / open it; a tag: show only its cards"),
    ])

  package static let openCard = KeyTable<OpenCardCommand>(
    .openCard,
    [
      KeyBinding(keys: rowKeys(OpenCardCommand.scrollRows), "scroll one row"),
      KeyBinding(keys: pageKeys(OpenCardCommand.scrollPages), "scroll a page"),
      KeyBinding(
        keys: [(.character("g"), .top), (.home, .top), (.character("G"), .end), (.end, .end)],
        "the top / the end"),
      KeyBinding(keys: [(.character("m"), .toggleMark)], "mark / unmark this card"),
      KeyBinding(keys: [(.character("o"), .openPicture)], "open the picture"),
      KeyBinding(keys: [(.character("y"), .copyPath)], "copy the path"),
      KeyBinding(
        keys: [(.character("a"), .toggleAnimations)], "pause / play animated pictures"),
      KeyBinding(keys: [(.enter, .accept)], "--pick: answer (the marked cards, else this)"),
      KeyBinding(keys: [(.escape, .close), (.character("q"), .close)], "close the card"),
      KeyBinding(keys: [(.character("?"), .showHelp)], "show the keys"),
      KeyBinding(
        [(.mouse(.wheelUp), .scrollRows(-3)), (.mouse(.wheelDown), .scrollRows(3))],
        "scroll three rows"),
    ])

  package static let viewer = KeyTable<ViewerCommand>(
    .viewer,
    [
      KeyBinding(
        keys: [
          (.character("n"), .next), (.character(" "), .next), (.character("p"), .previous),
          (.backspace, .previous),
        ], "next / previous picture"),
      KeyBinding(
        keys: [
          (.left, .arrow(.left)), (.right, .arrow(.right)), (.up, .arrow(.up)),
          (.down, .arrow(.down)),
        ], "previous / next picture; zoomed: pan"),
      KeyBinding(
        keys: [
          (.character("h"), .pan(.left)), (.character("j"), .pan(.down)),
          (.character("k"), .pan(.up)), (.character("l"), .pan(.right)),
        ], "pan the zoomed picture"),
      KeyBinding(
        keys: [
          (.character("g"), .first), (.home, .first), (.character("G"), .last), (.end, .last),
        ],
        "the first / last picture"),
      KeyBinding(
        keys: [(.character("+"), .zoomIn), (.character("-"), .zoomOut)], "zoom in / out"),
      KeyBinding(
        keys: [
          (.character("f"), .fit), (.character("="), .actualPixels), (.character("w"), .fillWidth),
        ],
        "fit the screen / actual pixels / fill the width"),
      KeyBinding(
        keys: [
          (.character("r"), .rotate(clockwise: true)), (.character("R"), .rotate(clockwise: false)),
        ],
        "turn a quarter clockwise / back"),
      KeyBinding(keys: [(.character("i"), .toggleInfo)], "the picture's facts and EXIF"),
      KeyBinding(keys: [(.character("t"), .toggleText)], "hide / show the card's text"),
      KeyBinding(keys: [(.character("s"), .toggleSlideshow)], "start / stop the slideshow"),
      KeyBinding(keys: [(.character("m"), .toggleMark)], "mark / unmark this card"),
      KeyBinding(keys: [(.character("d"), .trash)], "move this file to the trash"),
      KeyBinding(
        keys: [(.character("u"), .undo)], "undo the last trash, move, copy, rename or edit"),
      KeyBinding(keys: [(.character("o"), .openPicture)], "open the picture"),
      KeyBinding(keys: [(.character("y"), .copyPath)], "copy the path"),
      KeyBinding(
        keys: [(.character("a"), .toggleAnimations)], "pause / play animated pictures"),
      KeyBinding(keys: [(.enter, .accept)], "--pick: answer (the marked cards, else this)"),
      KeyBinding(keys: [(.escape, .close), (.character("q"), .close)], "back to the wall"),
      KeyBinding(keys: [(.character("?"), .showHelp)], "show the keys"),
      KeyBinding(
        [(.mouse(.wheelUp), .previous), (.mouse(.wheelDown), .next)], "previous / next picture"),
      KeyBinding([(.mouse(.click), .point)], "zoomed: look there"),
    ])

  package static let labels = KeyTable<LabelCommand>(
    .labels,
    [
      .described("a b …", "type a card's label: select it (mark it, after Tab)"),
      .described("A B …", "the label's last letter in capitals: open the card"),
      KeyBinding(keys: [(.tab, .switchAction)], "select the cards reached, or mark them"),
      KeyBinding(keys: [(.backspace, .deleteBackward)], "take back the last letter"),
      KeyBinding(keys: [(.escape, .cancel)], "hide the labels"),
    ])

  package static let tagStrip = KeyTable<TagStripCommand>(
    .tagStrip,
    [
      .described("type", "show only the tags holding what is typed"),
      KeyBinding(keys: [(.backspace, .widen)], "take back the last character typed"),
      KeyBinding(
        keys: [(.left, .previousTag), (.right, .nextTag)], "previous / next tag, row by row"),
      KeyBinding(keys: [(.up, .tagAbove), (.down, .tagBelow)], "the tag above / below"),
      KeyBinding(keys: [(.home, .firstTag), (.end, .lastTag)], "the first / last tag"),
      KeyBinding(keys: [(.enter, .toggleTag)], "show only this tag's cards (again: all cards)"),
      KeyBinding(
        keys: [(.escape, .clearTag)], "take back what was typed, else clear the tag filter"),
      KeyBinding(keys: [(.tab, .leaveTags)], "back to the cards (the filter stays)"),
      KeyBinding(keys: [(.character("?"), .showHelp)], "show the keys"),
      KeyBinding(
        [(.mouse(.wheelUp), .scrollCards(-3)), (.mouse(.wheelDown), .scrollCards(3))],
        "scroll the cards three rows"),
      KeyBinding(
        [(.mouse(.click), .point(open: false)), (.mouse(.doubleClick), .point(open: true))],
        "a tag: show only its cards; a card: select it / open it"),
    ])

  package static let search = KeyTable<SearchCommand>(
    .search,
    [
      .described("type, paste", "the cards shown narrow as you type"),
      KeyBinding(keys: [(.backspace, .deleteBackward)], "delete the last character"),
      KeyBinding(keys: [(.enter, .accept)], "keep the search (n N move between matches)"),
      KeyBinding(keys: [(.escape, .cancel)], "cancel the search"),
    ])

  package static let commandPrompt = KeyTable<CommandPromptCommand>(
    .commandPrompt,
    [
      .described("type, paste", "the command (a shell command line)"),
      KeyBinding(keys: [(.backspace, .deleteBackward)], "delete the last character"),
      KeyBinding(
        keys: [(.enter, .run)],
        "run it: the terminal is the command's until it ends; the files are its arguments"),
      KeyBinding(keys: [(.escape, .cancel)], "close the prompt, running nothing"),
    ])

  package static let filePrompt = KeyTable<FilePromptCommand>(
    .filePrompt,
    [
      .described("type, paste", "a folder (c, x: ~ is home), a new name (R), a caption, tags"),
      KeyBinding(keys: [(.tab, .complete)], "complete a folder's name"),
      KeyBinding(keys: [(.backspace, .deleteBackward)], "delete the last character"),
      KeyBinding(keys: [(.enter, .run)], "copy, move, rename (never over a file), or write"),
      KeyBinding(keys: [(.escape, .cancel)], "close the prompt, changing nothing"),
    ])

  package static let help = KeyTable<HelpCommand>(
    .help,
    [
      KeyBinding(
        keys: [
          (.up, .scrollRows(-1)), (.down, .scrollRows(1)), (.character("k"), .scrollRows(-1)),
          (.character("j"), .scrollRows(1)), (.pageUp, .scrollPages(-1)),
          (.pageDown, .scrollPages(1)), (.character(" "), .scrollPages(1)),
        ], "scroll"),
      KeyBinding(
        keys: [
          (.escape, .close), (.character("q"), .close), (.character("?"), .close),
          (.enter, .close),
        ], "close the help"),
      KeyBinding(
        [(.mouse(.wheelUp), .scrollRows(-3)), (.mouse(.wheelDown), .scrollRows(3))],
        "scroll three lines"),
    ])

  package static let anywhere = KeyTable<AnywhereCommand>(
    .anywhere,
    [
      KeyBinding(keys: [(.control("c"), .interrupt)], "quit at once (exit status 130)"),
      KeyBinding(keys: [(.control("z"), .suspend)], "suspend; the shell's fg comes back"),
    ])

  /// ↑ ↓ k j: one row up or down, as `command` of −1 and 1.
  private static func rowKeys<Command>(_ command: (Int) -> Command) -> [(Key, Command)] {
    [
      (.up, command(-1)), (.down, command(1)), (.character("k"), command(-1)),
      (.character("j"), command(1)),
    ]
  }

  /// PgUp PgDn b Space: a page up or down, as `command` of −1 and 1.
  private static func pageKeys<Command>(_ command: (Int) -> Command) -> [(Key, Command)] {
    [
      (.pageUp, command(-1)), (.pageDown, command(1)), (.character("b"), command(-1)),
      (.character(" "), command(1)),
    ]
  }

  /// Every context's lines as the documents print them, in the order of the contexts.
  package static let documented: [(context: KeyContext, bindings: [DocumentedBinding])] =
    KeyContext.allCases.map { context in
      switch context {
      case .cards: return (context, cards.documented)
      case .openCard: return (context, openCard.documented)
      case .viewer: return (context, viewer.documented)
      case .labels: return (context, labels.documented)
      case .tagStrip: return (context, tagStrip.documented)
      case .search: return (context, search.documented)
      case .commandPrompt: return (context, commandPrompt.documented)
      case .filePrompt: return (context, filePrompt.documented)
      case .help: return (context, help.documented)
      case .anywhere: return (context, anywhere.documented)
      }
    }
}
