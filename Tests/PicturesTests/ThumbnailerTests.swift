import ChildProcesses
import Foundation
import PictureFiles
import TestSupport
import Testing
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// Files only a desktop thumbnailer knows: the thumbnailers and MIME globs read as the
/// freedesktop specifications say, the command's codes filled in with the file's absolute
/// path (never an option), the run bounded in time, its PNG read as any untrusted
/// picture, and the result kept where file managers keep theirs without ever replacing a
/// file already there.
@Suite struct ThumbnailerTests {
  @Test func desktopEntriesAndGlobsAreRead() throws {
    let entry = """
      # a comment
      [Desktop Entry]
      Exec=not-this
      [Thumbnailer Entry]
      TryExec=/bin/sh
      Exec=/bin/sh -c "convert \\"$0\\" png:\\"$1\\"" %i %o
      MimeType=image/x-one;image/x-two;
      """
    let thumbnailer = try #require(Thumbnailers.parseEntry(entry, name: "t.thumbnailer"))
    #expect(thumbnailer.exec == ["/bin/sh", "-c", "convert \"$0\" png:\"$1\"", "%i", "%o"])
    #expect(thumbnailer.mimeTypes == ["image/x-one", "image/x-two"])
    #expect(
      Thumbnailers.parseEntry(
        "[Thumbnailer Entry]\nTryExec=/no/such\nExec=x\nMimeType=a/b", name: "") == nil)
    #expect(Thumbnailers.parseEntry("[Thumbnailer Entry]\nMimeType=a/b", name: "") == nil)
    #expect(Thumbnailers.splitExec("a \"b") == nil)
    let globs = Thumbnailers.parseGlobs(
      "# comment\n50:image/x-one:*.one\n80:image/x-tar-gz:*.tar.gz\n50:application/gzip:*.gz\n50:x/y:*.[ab]\n10:image/low:*.ONE\n"
    )
    let registry = Thumbnailers(
      thumbnailers: [thumbnailer], extensions: globs.mapValues(\.type))
    #expect(registry.mimeType(ofName: "Picture.ONE") == "image/x-one")
    #expect(registry.mimeType(ofName: "a.tar.gz") == "image/x-tar-gz")
    #expect(registry.mimeType(ofName: "a.gz") == "application/gzip")
    #expect(registry.mimeType(ofName: "README") == nil)
    #expect(registry.thumbnailer(forName: "x.one")?.mimeType == "image/x-one")
    #expect(registry.thumbnailer(forName: "x.gz") == nil)
    // A name of a format read here never goes to a thumbnailer: a `.jpg` that is no JPEG
    // is not a picture.
    let greedy = Thumbnailers(thumbnailers: [thumbnailer], extensions: ["jpg": "image/x-one"])
    #expect(greedy.thumbnailer(forName: "notes.jpg") == nil)
  }

  @Test func theCommandGetsTheFileAsOneAbsoluteArgument() throws {
    let arguments = try #require(
      ProgramArguments.thumbnailer(
        ["t", "-s", "%s", "--in=%i", "%u", "%o", "100%%", "%x%k"], path: "/a b/-x.psd",
        uri: "file:///a%20b/-x.psd", output: "/tmp/o.png", size: 256))
    #expect(
      arguments.words == [
        "t", "-s", "256", "--in=/a b/-x.psd", "file:///a%20b/-x.psd", "/tmp/o.png", "100%", "",
      ])
    #expect(
      ProgramArguments.thumbnailer(["t", "%i"], path: "-x.psd", uri: "", output: "/o", size: 1)
        == nil)
  }

  /// A thumbnailer of the test's own (ImageMagick's convert, as a shell script) for a
  /// made-up type, in a data folder of the test's.
  static func registry(script: String) throws -> (Thumbnailers, String) {
    let folder = TemporaryFiles.makeDirectory()
    try FileManager.default.createDirectory(
      atPath: folder + "/thumbnailers", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: folder + "/mime", withIntermediateDirectories: true)
    // Read by sh, not run itself: a script just written may still be open in a child
    // another test started meanwhile (exec would then fail with ETXTBSY).
    try script.write(toFile: folder + "/run.sh", atomically: true, encoding: .utf8)
    try """
    [Thumbnailer Entry]
    Exec=/bin/sh \(folder)/run.sh %i %o %s
    MimeType=image/x-masonry-test;
    """.write(toFile: folder + "/thumbnailers/test.thumbnailer", atomically: true, encoding: .utf8)
    try "50:image/x-masonry-test:*.mtest\n".write(
      toFile: folder + "/mime/globs2", atomically: true, encoding: .utf8)
    return (Thumbnailers.load(dataDirectories: [folder]), folder)
  }

  @Test func aThumbnailersPictureIsKeptWhereFileManagersLookAndReplacesNothing() throws {
    let (registry, folder) = try Self.registry(
      script: "exec convert -size 40x30 xc:red \"png:$2\"\n")
    let file = folder + "/picture.mtest"
    try "not a picture".write(toFile: file, atomically: true, encoding: .utf8)
    // The cache folder exists (~/.cache); its thumbnails/large are made as needed.
    try FileManager.default.createDirectory(
      atPath: folder + "/cache", withIntermediateDirectories: true)
    let cache = folder + "/cache/thumbnails"
    let shared = FreedesktopThumbnails(directory: cache)
    let picture = try DecodedPicture.decode(
      .file(file), maxSide: 64, shared: shared, thumbnailers: registry)
    #expect(picture.width == 40 && picture.height == 30)
    #expect(Array(picture.pixels.prefix(4)) == [255, 0, 0, 255])
    // Kept as a file manager keeps it: fresh for this file, 0600 in folders of 0700.
    let stamp = try PictureFile(path: file).stamp
    let kept = try #require(shared.picture(path: file, modified: stamp.modified, side: 64))
    #expect(kept.width == 40)
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: cache + "/large").first)
    var status = stat()
    #expect(stat(cache + "/large/" + name, &status) == 0 && status.st_mode & 0o777 == 0o600)
    #expect(stat(cache + "/large", &status) == 0 && status.st_mode & 0o777 == 0o700)
    // A file already there (another program's) is never replaced.
    try "theirs".write(toFile: cache + "/large/" + name, atomically: true, encoding: .utf8)
    _ = try DecodedPicture.decode(.file(file), maxSide: 64, shared: shared, thumbnailers: registry)
    #expect(try String(contentsOfFile: cache + "/large/" + name, encoding: .utf8) == "theirs")
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache + "/large") == [name])
  }

  @Test func aFailingOrHangingThumbnailerCostsThatPictureAlone() throws {
    let (failing, folder) = try Self.registry(script: "exit 3\n")
    let file = folder + "/picture.mtest"
    try "x".write(toFile: file, atomically: true, encoding: .utf8)
    let thumbnailer = try #require(failing.thumbnailer(forName: file)?.thumbnailer)
    #expect(throws: PictureFailure.unreadable("no thumbnail: sh exit 3")) {
      try ThumbnailerRun.picture(path: file, thumbnailer: thumbnailer, maxSide: 64, shared: nil)
    }
    let (hanging, other) = try Self.registry(script: "sleep 30\n")
    let slow = try #require(hanging.thumbnailer(forName: file)?.thumbnailer)
    let start = Date()
    #expect(throws: PictureFailure.unreadable("no thumbnail: sh took too long or crashed")) {
      try ThumbnailerRun.picture(
        path: file, thumbnailer: slow, maxSide: 64, shared: nil, deadline: 300)
    }
    #expect(Date().timeIntervalSince(start) < 5)
    let (garbage, _) = try Self.registry(script: "echo GIF89a > \"$2\"\n")
    let liar = try #require(garbage.thumbnailer(forName: file)?.thumbnailer)
    #expect(throws: PictureFailure.unreadable("no thumbnail: sh wrote no PNG")) {
      try ThumbnailerRun.picture(path: file, thumbnailer: liar, maxSide: 64, shared: nil)
    }
    _ = other
  }

  /// The machine's own: gdk-pixbuf's thumbnailer, for an icon and a TGA made by
  /// ImageMagick, named by the shared MIME database (scripts/setup.sh installs both).
  @Test func theMachinesThumbnailerDrawsIconsAndTGA() throws {
    let registry = Thumbnailers.load(dataDirectories: ["/usr/share"])
    try #require(
      registry.thumbnailer(forName: "x.ico") != nil,
      "libgdk-pixbuf2.0-bin and shared-mime-info (scripts/setup.sh)")
    let folder = TemporaryFiles.makeDirectory()
    let gradient = PictureFixtures.path("gradient.jpg")
    for name in ["icon.ico", "picture.tga"] {
      #expect(try ProgramRun.run("/usr/bin/convert", [gradient, folder + "/" + name]).status == 0)
      let picture = try DecodedPicture.decode(
        .file(folder + "/" + name), maxSide: 256, thumbnailers: registry)
      // gdk-pixbuf's makes it 256 pixels wide, whatever its size: its shape is the file's.
      #expect(
        picture.width * 3 == picture.height * 4, "\(name): \(picture.width)×\(picture.height)")
    }
  }
}
