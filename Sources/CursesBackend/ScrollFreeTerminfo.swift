import ChildProcesses

#if canImport(Glibc)
  import Glibc
#endif

/// A private copy of the terminal's terminfo entry without the capabilities ncurses
/// scrolls rows with (`csr`, `ind`, `ri` and their kin), compiled into a folder masonry
/// makes (`infocmp`, then `tic`) for `newterm` to read, then removed.
///
/// Where sixel pixels move with the terminal's scrolling, ncurses must never scroll on its
/// own: it scrolls any run of rows it finds again elsewhere in the next frame (by each
/// line's hash), which moves pixels the picture layer believes still. Without these
/// capabilities it cannot; the wall's scrolling is masonry's (`CursesTerminal.scrollRows`).
package struct ScrollFreeTerminfo {
  /// The folder to point `TERMINFO` at while `newterm` reads the entry.
  package let folder: String

  /// The capabilities left out.
  package static let scrolling: Set<Substring> = [
    "csr", "ind", "ri", "indn", "rin", "il", "il1", "dl", "dl1", "wind",
  ]

  /// `entry` compiled without them; `nil` when the tools are missing, the entry unknown,
  /// or nothing can be written (masonry then does not scroll rows itself).
  package init?(entry: String) {
    guard let asked = ProgramArguments.infocmp(entry: entry),
      let source = ChildProcess.output(of: asked, limit: 65_536, timeout: 1_000),
      !source.isEmpty, source.count <= 65_536
    else { return nil }
    let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil }
    var template = Array(((base ?? "/tmp") + "/masonry-terminfo-XXXXXX").utf8CString)
    guard
      let made = template.withUnsafeMutableBufferPointer({
        mkdtemp($0.baseAddress!).map { String(cString: $0) }
      })
    else { return nil }
    folder = made
    let kept = Self.withoutScrolling(String(decoding: source, as: UTF8.self))
    let sourcePath = folder + "/entry.src"
    let descriptor = open(sourcePath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    let bytes = Array(kept.utf8)
    let written =
      descriptor >= 0
      && bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    if descriptor >= 0 { close(descriptor) }
    guard written, let compile = ProgramArguments.tic(source: sourcePath, into: folder),
      ChildProcess.output(of: compile, limit: 65_536, timeout: 2_000) != nil
    else {
      remove()
      return nil
    }
  }

  /// The source without the lines of `scrolling`'s capabilities (`infocmp -1`: one a
  /// line, a tab, the name, then `=`, `#` or `,`).
  package static func withoutScrolling(_ source: String) -> String {
    source.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      guard line.first == "\t" else { return true }
      let name = line.dropFirst().prefix { $0 != "=" && $0 != "#" && $0 != "," }
      return !scrolling.contains(name)
    }.joined(separator: "\n")
  }

  /// Removes the folder and what is in it: the source and the entry `tic` wrote, one
  /// folder down (`x/xterm-256color`, or `78/…` where tic names folders in hex).
  package func remove() {
    Self.removeTree(folder, depth: 2)
  }

  private static func removeTree(_ path: String, depth: Int) {
    if let directory = opendir(path) {
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard name != ".", name != ".." else { continue }
        let child = path + "/" + name
        if entry.pointee.d_type == UInt8(DT_DIR) {
          if depth > 0 { removeTree(child, depth: depth - 1) }
        } else {
          unlink(child)
        }
      }
      closedir(directory)
    }
    rmdir(path)
  }
}
