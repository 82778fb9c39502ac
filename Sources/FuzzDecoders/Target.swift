import CDecoderSupport
import CDecoders
import FuzzSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The decoder helper's decoders (libheif, libjxl, librsvg, poppler, FFmpeg and the code
/// around them), run in this process on any bytes written to a file: the header reader
/// picks the decoder, and whatever it answers is a picture within the box asked for or
/// a reason — never a read or write out of bounds in the wrappers (AddressSanitizer), a
/// picture of another size, or a message with a control in it.
enum Target {
  /// One file a process, written anew for each input.
  static let path = "/tmp/masonry-fuzz-decoders-\(getpid())"

  static func test(_ bytes: UnsafeBufferPointer<UInt8>) {
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard file >= 0 else { FuzzReplay.fail("cannot write \(path)") }
    var done = 0
    while done < bytes.count {
      let written = write(file, bytes.baseAddress! + done, bytes.count - done)
      if written <= 0 { break }
      done += written
    }
    close(file)
    var out = decoded()
    decoder_decode_file(path, 64, decoders_linked, &out)
    defer { masonry_pixels_free(&out.pixels) }
    if out.pixels.pixels != nil {
      if out.pixels.width < 1 || out.pixels.height < 1 || out.pixels.width > 64
        || out.pixels.height > 64
      {
        FuzzReplay.fail("a picture of \(out.pixels.width)×\(out.pixels.height) for a box of 64")
      }
    }
    let message = withUnsafeBytes(of: out.message) { Array($0.prefix { $0 != 0 }) }
    if message.contains(where: { $0 < 0x20 || $0 > 0x7E }) {
      FuzzReplay.fail("a message with a control in it")
    }
  }
}
