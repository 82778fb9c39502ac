import ChildProcesses
import PictureFiles

#if canImport(Glibc)
  import Glibc
#endif

/// A desktop thumbnailer run for a file no decoder here reads, as file managers run it:
/// once, in a session of its own with no terminal, into a private folder, within a time
/// limit; its PNG is read as any untrusted picture is, and kept where file managers keep
/// theirs (the shared cache masonry reads first), never in place of a file already there.
package enum ThumbnailerRun {
  /// How long a thumbnailer may take, in milliseconds (gdk-pixbuf's on a 12 MP TIFF: 0.3 s).
  package static let deadline = 10_000

  /// The picture `thumbnailer` makes of the file at `path` (a `mimeType` file), at most
  /// `maxSide` pixels on its longer side; kept in `shared` when given.
  ///
  /// - Throws: `PictureFailure.unreadable` with what went wrong (`no thumbnail:
  ///   gdk-pixbuf-thumbnailer exit 1`, `… took too long`).
  package static func picture(
    path: String, thumbnailer: Thumbnailers.Thumbnailer, maxSide: Int,
    shared: FreedesktopThumbnails?, deadline: Int = ThumbnailerRun.deadline
  ) throws(PictureFailure) -> DecodedPicture {
    let program = String(thumbnailer.exec[0].split(separator: "/").last ?? "thumbnailer")
    guard let absolute = FileName.absolutePath(path) else { throw .notFound }
    let stamp = try PictureFile(path: absolute).stamp
    // The specification's sizes: 256 (large) or 512 (x-large) on the longer side.
    let size = maxSide <= 256 ? 256 : 512
    var template = Array((temporaryFolder() + "/masonry-thumbnailer-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
    }
    guard let folder = made else { throw .unreadable("no thumbnail: no temporary folder") }
    let output = folder + "/thumbnail.png"
    defer {
      unlink(output)
      rmdir(folder)
    }
    let uri = FreedesktopThumbnails.uri(absolute)
    guard
      let arguments = ProgramArguments.thumbnailer(
        thumbnailer.exec, path: absolute, uri: uri, output: output, size: size)
    else { throw .unreadable("no thumbnail: \(program) cannot be run") }
    switch run(arguments, deadline: deadline) {
    case .exited(0): break
    case .exited(let status): throw .unreadable("no thumbnail: \(program) exit \(status)")
    case .signalled: throw .unreadable("no thumbnail: \(program) took too long or crashed")
    case .notStarted(let reason): throw .unreadable("no thumbnail: \(program): \(reason)")
    }
    // Its PNG, read as any untrusted picture: bounded, decoded by the bounded decoder.
    guard let file = try? PictureFile(path: output), file.stamp.bytes <= 8 << 20,
      let png = try? file.readAll(), PictureFormat.sniff(Array(png.prefix(8))) == .png
    else { throw .unreadable("no thumbnail: \(program) wrote no PNG") }
    let picture = try DecodedPicture.decode(bytes: png, maxSide: maxSide)
    shared?.store(png, uri: uri, seconds: stamp.modified / 1_000_000_000, size: size)
    return picture
  }

  /// Runs `arguments` detached and waits for it, at most `deadline` milliseconds: past
  /// it, its whole session is killed (`.signalled`).
  static func run(_ arguments: ProgramArguments, deadline: Int) -> ChildProcess.Outcome {
    let pid: pid_t
    switch ChildProcess.start(arguments, streams: .detached) {
    case .success(let started): pid = started
    case .failure(let failure): return .notStarted(failure.reason)
    }
    var status: Int32 = 0
    for _ in 0..<(deadline / 10) {
      let ended = waitpid(pid, &status, WNOHANG)
      if ended == pid { return outcome(status) }
      if ended < 0 && errno != EINTR { return .notStarted(String(cString: strerror(errno))) }
      usleep(10_000)
    }
    kill(-pid, SIGKILL)
    kill(pid, SIGKILL)
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return .signalled(SIGKILL)
  }

  private static func outcome(_ status: Int32) -> ChildProcess.Outcome {
    // WIFEXITED and WEXITSTATUS, which Swift does not import.
    if status & 0x7F == 0 { return .exited((status >> 8) & 0xFF) }
    return .signalled(status & 0x7F)
  }

  private static func temporaryFolder() -> String {
    guard let folder = getenv("TMPDIR").map({ String(cString: $0) }), folder.hasPrefix("/") else {
      return "/tmp"
    }
    return folder
  }
}
