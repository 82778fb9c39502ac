import Cards
import PictureFiles
import TerminalText

#if canImport(Glibc)
  import Glibc
#endif

/// The config file: the browser's options written as on the command line, one or more a
/// line, `#` beginning a comment, split as a shell splits words (nothing expanded), as
/// fzf's `FZF_DEFAULT_OPTS_FILE`. It is read first; `MASONRY_OPTS` and then the command
/// line come after it and win.
package enum ConfigFile {
  /// The most a config file may hold: more is not a config file.
  static let sizeLimit = 1 << 20

  /// `$XDG_CONFIG_HOME/masonry/config`, else `~/.config/masonry/config` (a relative
  /// `XDG_CONFIG_HOME` is ignored, as the XDG specification asks).
  package static func standardPath(environment: [String: String]) -> String? {
    if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
      return base + "/masonry/config"
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/.config/masonry/config"
  }

  /// The words of the file at `path`; `nil` when it does not exist and was not asked for
  /// by name (`required`).
  ///
  /// - Throws: `DataError` (66) for a file named but missing or unreadable, `UsageError`
  ///   at the line and column of what is wrong in it.
  package static func read(_ path: String, required: Bool) throws -> [OptionWord]? {
    let descriptor = FileName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY) }
    guard descriptor >= 0 else {
      let reason = errno
      if !required && (reason == ENOENT || reason == ENOTDIR) { return nil }
      throw DataError(
        .missingInput, path: path, position: nil,
        message: "cannot read the config file: \(String(cString: strerror(reason)))")
    }
    defer { close(descriptor) }
    // Read in pieces up to the limit: a FIFO (`--config <(…)`) has no size to ask for.
    var bytes: [UInt8] = []
    var piece = [UInt8](repeating: 0, count: 65536)
    while bytes.count <= sizeLimit {
      let count = piece.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw DataError(
          .missingInput, path: path, position: nil,
          message: "cannot read the config file: \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      bytes += piece[..<count]
    }
    guard bytes.count <= sizeLimit else {
      throw UsageError("a config file holds at most 1 MB", at: MessageText.path(path))
    }
    return try words(of: bytes, path: path)
  }

  /// The words of a config file's bytes, each with its line and column.
  ///
  /// - Throws: `UsageError` at `path:line:column` for bytes that are not UTF-8, a control
  ///   character, or a quote left open.
  package static func words(of bytes: [UInt8], path: String) throws(UsageError) -> [OptionWord] {
    var words: [OptionWord] = []
    var lineNumber = 0
    // A byte order mark (editors on other systems write one) is no part of the options.
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let bytes = bytes.starts(with: bom) ? bytes[bom.count...] : bytes[...]
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      var line = line[...]
      if line.last == UInt8(ascii: "\r") { line.removeLast() }
      let at = { (column: Int) in "\(MessageText.path(path)):\(lineNumber):\(column)" }
      guard let text = String(validating: line, as: UTF8.self) else {
        let good = Self.validPrefix(line)
        throw UsageError("this line is not UTF-8", at: at(good.count + 1))
      }
      // A config file is text: an escape or another control in it is a mistake, and
      // would reach the terminal in `--print-config`.
      if let control = text.firstIndex(where: { $0.unicodeScalars.contains(where: Self.isControl) })
      {
        let scalar = text[control].unicodeScalars.first { Self.isControl($0) }!
        throw UsageError(
          "a control character (U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))) in a config file",
          at: at(text.distance(from: text.startIndex, to: control) + 1))
      }
      do throws(ShellWords.Failure) {
        for word in try ShellWords.words(of: text, comments: true) {
          words.append(
            OptionWord(word.text, .config(path: path, line: lineNumber, column: word.column)))
        }
      } catch {
        throw UsageError(error.message, at: at(error.column))
      }
    }
    return words
  }

  /// Controls but the tab (C0, DEL, C1).
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar != "\t" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
  }

  /// The characters of the longest well-formed UTF-8 start of `line`.
  private static func validPrefix(_ line: ArraySlice<UInt8>) -> String {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = line.makeIterator()
    var length = 0
    while case .valid(let scalar) = parser.parseScalar(from: &iterator) { length += scalar.count }
    return String(decoding: line.prefix(length), as: UTF8.self)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: Swift.max(0, width - count)) + self
  }
}
