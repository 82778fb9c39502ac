#if canImport(Glibc)
  import Glibc
#endif

#if FUZZING
  /// libFuzzer's entry for programs with a main of their own (LLVM 11 and later).
  @_silgen_name("LLVMFuzzerRunDriver")
  func libFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32
#endif

/// What every fuzz target shares. Built with libFuzzer (`make fuzz`: `-sanitize=fuzzer,
/// address -DFUZZING`) a target is a fuzzer; built normally it replays the inputs named on
/// its command line (files, or folders of them), so that `make test` runs each target's
/// committed corpus and every crash once found stays a regression test.
package enum FuzzReplay {
  /// A fuzz target's entry point: with libFuzzer (`-DFUZZING`, `make fuzz`) it hands over
  /// to libFuzzer's driver; without, it replays the inputs named on the command line and
  /// says how many it replayed.
  package static func main(
    _ name: String, _ test: @escaping (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    #if FUZZING
      fuzz(test)
    #else
      let count = run(Array(CommandLine.arguments.dropFirst()), test)
      print("\(name): \(count) inputs replayed")
    #endif
  }

  /// Calls `body` with the bytes of every file in `paths` (folders: their files).
  /// Returns the number of inputs replayed.
  @discardableResult
  package static func run(_ paths: [String], _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Int {
    var count = 0
    for path in paths {
      var status = stat()
      guard stat(path, &status) == 0 else {
        say("fuzz replay: cannot read \(path)")
        exit(66)
      }
      if status.st_mode & S_IFMT == S_IFDIR {
        guard let folder = opendir(path) else { continue }
        var names: [String] = []
        while let entry = readdir(folder) {
          let name = withUnsafeBytes(of: entry.pointee.d_name) {
            String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
          }
          if !name.hasPrefix(".") { names.append(name) }
        }
        closedir(folder)
        count += run(names.sorted().map { "\(path)/\($0)" }, body)
        continue
      }
      guard let file = fopen(path, "rb") else { continue }
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let read = fread(&buffer, 1, buffer.count, file)
        if read == 0 { break }
        bytes += buffer[0..<read]
      }
      fclose(file)
      bytes.withUnsafeBufferPointer { body($0) }
      count += 1
    }
    return count
  }

  #if FUZZING
    /// Runs libFuzzer's driver on `test` (the program's arguments are libFuzzer's).
    package static func fuzz(_ test: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
      current = test
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      exit(
        libFuzzerRunDriver(&argc, &argv) { data, size in
          FuzzReplay.current?(UnsafeBufferPointer(start: data, count: size))
          return 0
        })
    }

    nonisolated(unsafe) private static var current: ((UnsafeBufferPointer<UInt8>) -> Void)?
  #endif

  /// Stops with a message: a fuzz target found two ways of reading that disagree.
  package static func fail(_ message: String) -> Never {
    say("fuzz: \(message)")
    abort()
  }

  private static func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }
}
