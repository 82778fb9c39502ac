import LayoutEngine

#if canImport(Glibc)
  import Glibc
#endif

/// `masonry demo [--width W] [--layout masonry|grid|tiles|zigzag|tags]`: the layout dump
/// of a built-in example, one line per item.
enum DemoCommand {
  static let usage = """
    usage: masonry demo [--width W] [--layout masonry|grid|tiles|zigzag|tags]

    Prints the layout of a built-in example (the seed's ten animals, as card heights) at
    width W (default 60), one line per item: index, section.item, frame, column or row.
    """

  static func main(_ arguments: [String]) {
    var width = 60
    var layoutName = "masonry"
    var rest = arguments[...]
    guard rest.first == "demo" else { fail(rest.first.map { "unknown command '\($0)'" }) }
    rest = rest.dropFirst()
    while let option = rest.popFirst() {
      switch option {
      case "--help", "-h":
        print(usage)
        exit(0)
      case "--width":
        guard let value = rest.popFirst().flatMap(Int.init), value >= 1, value <= 10_000 else {
          fail("--width needs a whole number from 1 to 10000")
        }
        width = value
      case "--layout":
        guard let value = rest.popFirst() else { fail("--layout needs a value") }
        layoutName = value
      default:
        fail("unknown option '\(option)'")
      }
    }
    // Heights of ten cards at a column width: photo rows from the aspect ratio (cells are
    // twice as tall as wide) plus caption and comment rows that wrap more when narrow.
    let aspects = [1.0, 0.75, 1.5, 1.0, 0.66, 1.33, 1.0, 0.8, 1.2, 1.0]
    let textCells = [60, 90, 120, 75, 140, 50, 110, 95, 70, 130]
    let measure = ItemMeasure.heights { path, columnWidth in
      let inner = Swift.max(1, columnWidth - 4)
      let photo = Int(Double(inner) * aspects[path.item] / 2 + 0.5)
      return 2 + photo + (textCells[path.item] + inner - 1) / inner
    }
    let context = LayoutContext(
      containerSize: Size(width: width, height: 24), itemCount: 10, measure: measure)
    let dump: String
    switch layoutName {
    case "masonry":
      dump = prepared(MasonryLayout(options: .init(columns: .adaptive(minimumWidth: 24))), context)
    case "grid": dump = prepared(GridLayout(), context)
    case "tiles": dump = prepared(TileLayout(), context)
    case "zigzag": dump = prepared(ZigzagLayout(), context)
    case "tags":
      let tags = ItemMeasure.sizes { path, maxWidth in
        Size(width: Swift.min(maxWidth, 4 + textCells[path.item] / 10), height: 1)
      }
      dump = prepared(
        TagLayout(),
        LayoutContext(containerSize: Size(width: width, height: 3), itemCount: 10, measure: tags))
    default:
      fail("unknown layout '\(layoutName)' (masonry, grid, tiles, zigzag or tags)")
    }
    print(dump, terminator: "")
  }

  private static func prepared(_ layout: some CollectionLayout, _ context: LayoutContext) -> String
  {
    var layout = layout
    layout.prepare(context)
    return LayoutDump.text(of: layout, sections: context.sections)
  }

  /// Prints a one-line usage error and exits with 64 (EX_USAGE).
  static func fail(_ message: String?) -> Never {
    let line = "masonry: \(message ?? "missing command"); see 'masonry demo --help'\n"
    // Written to file descriptor 2 directly: Swift 6 rejects the C `stderr` global.
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    exit(64)
  }
}
