import CardLayouts
import TerminalCore

/// The one table of keys. It drives the reducer (`command(for:in:)`), the help overlay,
/// `masonry --help`, the manual page and the README's key table, so they cannot disagree.
package enum KeyBindings {
  package static let all: [KeyBinding] = anywhere + cards + openCard + tagStrip + search + help

  private static let anywhere: [KeyBinding] = [
    KeyBinding(.anywhere, [(.control("c"), .interrupt)], "quit at once (exit status 130)"),
    KeyBinding(.anywhere, [(.control("z"), .suspend)], "suspend; the shell's fg comes back"),
  ]

  private static let cards: [KeyBinding] = [
    KeyBinding(
      .cards,
      [
        (.up, .scrollRows(-1)), (.down, .scrollRows(1)), (.character("k"), .scrollRows(-1)),
        (.character("j"), .scrollRows(1)),
      ], "scroll one row"),
    KeyBinding(
      .cards,
      [
        (.pageUp, .scrollPages(-1)), (.pageDown, .scrollPages(1)),
        (.character("b"), .scrollPages(-1)),
        (.character(" "), .scrollPages(1)),
      ], "scroll a page"),
    KeyBinding(
      .cards, [(.control("u"), .scrollHalfPages(-1)), (.control("d"), .scrollHalfPages(1))],
      "scroll half a page"),
    KeyBinding(
      .cards, [(.character("g"), .first), (.home, .first)], "select the first card, at the top"),
    KeyBinding(
      .cards, [(.character("G"), .last), (.end, .last)], "select the last card, at the end"),
    KeyBinding(
      .cards,
      [
        (.left, .select(.left)), (.right, .select(.right)), (.character("h"), .select(.left)),
        (.character("l"), .select(.right)),
      ], "select the card to the left / right"),
    KeyBinding(
      .cards,
      [
        (.shiftUp, .select(.up)), (.shiftDown, .select(.down)), (.character("K"), .select(.up)),
        (.character("J"), .select(.down)),
      ], "select the card above / below"),
    KeyBinding(.cards, [(.enter, .open)], "open the selected card"),
    KeyBinding(
      .cards, [(.character("/"), .startSearch)], "search captions, comments and tags"),
    KeyBinding(
      .cards, [(.character("n"), .nextMatch), (.character("N"), .previousMatch)],
      "next / previous match"),
    KeyBinding(.cards, [(.character("t"), .focusTags)], "give the keys to the tag strip"),
    KeyBinding(
      .cards, LayoutKind.all.map { (.character($0.key), .switchLayout($0)) },
      "layouts: " + LayoutKind.all.map(\.name).joined(separator: " ")),
    KeyBinding(
      .cards, [(.character("+"), .moreColumns), (.character("-"), .fewerColumns)],
      "more / fewer columns"),
    KeyBinding(.cards, [(.character("0"), .adaptiveColumns)], "columns that follow the width"),
    KeyBinding(
      .cards, [(.character("p"), .nextPlacement)],
      "placement: shortest first, left to right, right to left"),
    KeyBinding(
      .cards, [(.character("<"), .narrowViewport), (.character(">"), .widenViewport)],
      "viewport one cell narrower / wider"),
    KeyBinding(
      .cards, [(.character("{"), .previousBreakpoint), (.character("}"), .nextBreakpoint)],
      "viewport to the breakpoint before / after"),
    KeyBinding(.cards, [(.character("="), .fullWidth)], "viewport back to the full width"),
    KeyBinding(.cards, [(.character("r"), .reload)], "read the source again"),
    KeyBinding(.cards, [(.escape, .clearFilters)], "clear the search, then the tag filter"),
    KeyBinding(.cards, [(.character("?"), .showHelp)], "show the keys"),
    KeyBinding(.cards, [(.character("q"), .quit)], "quit"),
    KeyBinding(.cards, [], "scroll three rows", label: "mouse wheel"),
    KeyBinding(.cards, [], "select a card / open it", label: "click, double click"),
  ]

  private static let openCard: [KeyBinding] = [
    KeyBinding(
      .openCard,
      [
        (.up, .scrollRows(-1)), (.down, .scrollRows(1)), (.character("k"), .scrollRows(-1)),
        (.character("j"), .scrollRows(1)),
      ], "scroll one row"),
    KeyBinding(
      .openCard,
      [
        (.pageUp, .scrollPages(-1)), (.pageDown, .scrollPages(1)),
        (.character("b"), .scrollPages(-1)),
        (.character(" "), .scrollPages(1)),
      ], "scroll a page"),
    KeyBinding(
      .openCard,
      [(.character("g"), .first), (.home, .first), (.character("G"), .last), (.end, .last)],
      "the top / the end"),
    KeyBinding(.openCard, [(.escape, .close), (.character("q"), .close)], "close the card"),
    KeyBinding(.openCard, [(.character("?"), .showHelp)], "show the keys"),
  ]

  private static let tagStrip: [KeyBinding] = [
    KeyBinding(
      .tagStrip,
      [
        (.left, .previousTag), (.right, .nextTag), (.character("h"), .previousTag),
        (.character("l"), .nextTag),
      ], "previous / next tag, row by row"),
    KeyBinding(
      .tagStrip,
      [
        (.up, .tagAbove), (.down, .tagBelow), (.character("k"), .tagAbove),
        (.character("j"), .tagBelow),
      ],
      "the tag above / below"),
    KeyBinding(.tagStrip, [(.home, .firstTag), (.end, .lastTag)], "the first / last tag"),
    KeyBinding(
      .tagStrip, [(.enter, .toggleTag)], "show only this tag's cards (again: all cards)"),
    KeyBinding(.tagStrip, [(.escape, .clearTag)], "clear the tag filter, back to the cards"),
    KeyBinding(
      .tagStrip, [(.character("t"), .leaveTags), (.character("q"), .leaveTags)],
      "back to the cards"),
    KeyBinding(.tagStrip, [(.character("?"), .showHelp)], "show the keys"),
    KeyBinding(.tagStrip, [], "click a tag to show only its cards", label: "click"),
  ]

  private static let search: [KeyBinding] = [
    KeyBinding(.search, [], "the cards shown narrow as you type", label: "type, paste"),
    KeyBinding(.search, [(.backspace, .deleteBackward)], "delete the last character"),
    KeyBinding(.search, [(.enter, .acceptSearch)], "keep the search (n N move between matches)"),
    KeyBinding(.search, [(.escape, .cancelSearch)], "cancel the search"),
  ]

  private static let help: [KeyBinding] = [
    KeyBinding(
      .help,
      [
        (.up, .scrollRows(-1)), (.down, .scrollRows(1)), (.character("k"), .scrollRows(-1)),
        (.character("j"), .scrollRows(1)), (.pageUp, .scrollPages(-1)),
        (.pageDown, .scrollPages(1)), (.character(" "), .scrollPages(1)),
      ], "scroll"),
    KeyBinding(
      .help,
      [(.escape, .close), (.character("q"), .close), (.character("?"), .close), (.enter, .close)],
      "close the help"),
  ]

  private static let lookup: [KeyContext: [Key: BrowserCommand]] = {
    var table: [KeyContext: [Key: BrowserCommand]] = [:]
    for binding in all {
      for (key, command) in binding.keys where table[binding.context]?[key] == nil {
        table[binding.context, default: [:]][key] = command
      }
    }
    return table
  }()

  /// What `key` does in `context`, or `nil` when it does nothing there.
  ///
  /// - Complexity: O(1).
  package static func command(for key: Key, in context: KeyContext) -> BrowserCommand? {
    lookup[context]?[key]
  }

  /// The bindings of `context`, in the table's order.
  package static func bindings(in context: KeyContext) -> [KeyBinding] {
    all.filter { $0.context == context }
  }
}
