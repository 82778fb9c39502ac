import Dispatch
import LayoutEngine
import PictureFiles
import Synchronization
import TerminalCore
import TerminalScreen
import TerminalText
import Thumbnails

/// `masonry thumbnail FILE… --size COLSxROWS`: each picture drawn in terminal symbols, as
/// the browser draws it in a card, printed with ANSI colours (what `chafa -f symbols`
/// prints, and the command the benchmark sets beside it).
enum ThumbnailCommand {
  static let documentation = CommandDocumentation(
    name: "thumbnail", synopsis: "thumbnail FILE… [--size COLSxROWS] [--color[=WHICH]]",
    description: """
      Prints each picture file (\(PictureFormat.names()), recognised by its first bytes) as \
      a thumbnail of terminal symbols, in its own shape within COLSxROWS cells, in the \
      colours the terminal shows (24-bit, colours 16-255 of the palette, the 16 ANSI \
      colours, or symbols alone under NO_COLOR), or those --color asks for. A picture \
      that cannot be shown is a one-line error; the others are still printed.
      """,
    options: [
      OptionHelp(
        "--size COLSxROWS",
        "The most cells a thumbnail takes (default: 40x20); printed to a terminal, never wider than it."
      ),
      ColorOption.documentation(withoutIt: "auto"),
    ])

  static var usage: String { documentation.usage }

  static func run(
    _ arguments: [String], environment: [String: String], output: inout some TextOutput
  ) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments, valueOptions: ["--size"], flagOptions: ["--help"],
      optionalValueOptions: ColorOption.parsing)
    if parsed.flags.contains("--help") {
      output.write(usage + "\n")
      return 0
    }
    var wanted =
      try parsed.values["--size"].map { text throws(UsageError) in
        try RenderCommand.parseSize(text)
      } ?? Size(width: 40, height: 20)
    // On a terminal (the executable puts its width in MASONRY_TERMINAL_COLUMNS), a line
    // wider than it would wrap and tear the picture apart.
    if let columns = environment["MASONRY_TERMINAL_COLUMNS"].flatMap({ Int($0) }), columns > 0 {
      wanted.width = Swift.min(wanted.width, columns)
    }
    let size = wanted
    let depth = try ColorOption.choice(parsed, absent: .auto)!
      .depth(environment: environment, terminfo: nil)
    guard !parsed.positionals.isEmpty else { throw UsageError("a picture file is required") }
    let mode = ThumbnailMode(depth)
    // Pictures are made in parallel (on every core), then printed in order.
    let paths = parsed.positionals
    let results = Mutex([Result<Thumbnail, PictureFailure>?](repeating: nil, count: paths.count))
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      let result = thumbnail(of: paths[index], within: size, mode: mode)
      results.withLock { $0[index] = result }
    }
    var code: Int32 = 0
    for (path, result) in zip(paths, results.withLock { $0 }) {
      switch result {
      case .success(let thumbnail):
        output.write(text(thumbnail, depth: depth))
      case .failure(let error):
        let missing: Bool
        switch error {
        case .notFound, .unreadable: missing = true
        default: missing = false
        }
        FailureReport.say("\(MessageText.path(path)): \(error)", on: &output)
        code = Swift.max(code, missing ? 66 : 65)
      case nil:
        break
      }
    }
    return code
  }

  /// The thumbnail of the picture at `path` in its own shape within `size` cells.
  static func thumbnail(of path: String, within size: Size, mode: ThumbnailMode) -> Result<
    Thumbnail, PictureFailure
  > {
    do throws(PictureFailure) {
      let info = try PictureInfo.read(.file(path))
      let box = ThumbnailRenderer.fittedBox(
        pictureWidth: info.width, pictureHeight: info.height, columns: size.width,
        rows: size.height)
      return ThumbnailRequest(source: .file(path), columns: box.columns, rows: box.rows, mode: mode)
        .make()
    } catch {
      return .failure(error)
    }
  }

  /// The thumbnail's rows with SGR colours, each ending in a reset.
  static func text(_ thumbnail: Thumbnail, depth: ColorDepth) -> String {
    var screen = Screen(width: thumbnail.columns, height: thumbnail.rows)
    for row in 0..<thumbnail.rows {
      for column in 0..<thumbnail.columns {
        let cell = thumbnail[column, row]
        screen.write(
          String(cell.symbol), at: Point(x: column, y: row),
          style: CellStyle(foreground: cell.foreground, background: cell.background))
      }
    }
    return depth == .none ? screen.plainText() : RenderCommand.text(screen, depth: depth)
  }
}
