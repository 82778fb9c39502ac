import CardLayouts
import TerminalText

extension LayoutOptions {
  static let valueOptions: Set<String> = [
    "--layout", "--columns", "--min-column-width", "--placement", "--gutter", "--wrap",
  ]

  /// The layout options, documented; the kinds come from the layout catalog.
  static let documentation: [OptionHelp] = [
    OptionHelp(
      "--layout " + LayoutKind.all.map(\.name).joined(separator: "|"),
      "The layout (default: masonry): "
        + LayoutKind.all.map { "\($0.name), \($0.summary)" }.joined(separator: "; ") + "."),
    OptionHelp(
      "--columns N",
      "A fixed column count, 1 to 100 (default: masonry adapts to the width; grid 3; zigzag 2; tiles follow the width)."
    ),
    OptionHelp(
      "--min-column-width N",
      "Masonry's adaptive columns: as many of at least N cells as fit (default: 26)."),
    OptionHelp(
      "--placement shortest|ltr|rtl",
      "Masonry placement: shortest column first (default), or round-robin left to right or right to left."
    ),
    OptionHelp("--gutter N", "Cells between columns, 0 to 20 (default: 1)."),
    OptionHelp("--wrap word|char", "Wrap text between words (default) or anywhere."),
  ]

  /// The layout options as help text.
  static let help = OptionHelp.text(documentation)

  init(_ arguments: ParsedArguments) throws(UsageError) {
    self.init()
    if let name = try arguments.choice("--layout", of: LayoutKind.all.map(\.name)),
      let kind = LayoutKind.named(name)
    {
      self.kind = kind
    }
    columns = try arguments.integer("--columns", in: 1...100)
    minimumColumnWidth =
      try arguments.integer("--min-column-width", in: 1...10_000) ?? minimumColumnWidth
    switch try arguments.choice("--placement", of: ["shortest", "ltr", "rtl"]) {
    case "ltr": placement = .leftToRight
    case "rtl": placement = .rightToLeft
    default: placement = .shortestFirst
    }
    gutter = try arguments.integer("--gutter", in: 0...20) ?? gutter
    if let wrap = try arguments.choice("--wrap", of: ["word", "char"]) {
      self.wrap = WrapMode(rawValue: wrap)!
    }
  }

}
