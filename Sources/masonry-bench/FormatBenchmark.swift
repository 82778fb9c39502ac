import CDecoderSupport
import CDecoders
import Cards
import Foundation
import PictureFiles
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// `make bench PART=formats`: each format a phone, a camera or a desktop folder holds,
/// made with Debian's own encoders from a real photograph (the sample's cat, scaled to
/// 12 MP with fine grain so that it compresses like a photo): the time to a thumbnail,
/// whole process, beside `chafa` and `timg` on the same file where they read it; and the
/// decoder helper's cost per picture (a request over its pipe) against decoding the same
/// file in this process.
enum FormatBenchmark {
  struct Sample {
    var name: String
    var path: String
  }

  static func run(report: inout BenchmarkReport) {
    let folder = PictureBenchmark.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let samples = makeSamples(in: folder)
    guard !samples.isEmpty else {
      report.emit([("name", "formats"), ("skipped", "Debian's encoders are not installed")])
      return
    }
    let masonry = PictureBenchmark.siblingExecutable("masonry")
    let chafa = PictureBenchmark.findExecutable("chafa")
    let timg = PictureBenchmark.findExecutable("timg")
    let helpers = DecoderHelpers(program: DecoderHelpers.installedProgram())
    var slower: [String] = []
    var slowerThanChafa: [String] = []
    for sample in samples {
      var fields: [(String, Any)] = [("name", "format"), ("file", sample.name)]
      // Whole process: one picture, its thumbnail printed (30×12 cells, 24-bit).
      var ours = Double.infinity
      if let masonry, readable(by: masonry, ["thumbnail", sample.path, "--size", "30x12"]) {
        ours = PictureBenchmark.bestProcessTime(
          masonry, ["thumbnail", sample.path, "--size", "30x12", "--color=24bit"], runs: 3)
        fields.append(("ours_process_ms", ours / 1e6))
      }
      for (tool, arguments) in [
        ("chafa", chafa.map { ($0, PictureBenchmark.chafaArguments(sample.path)) }),
        ("timg", timg.map { ($0, ["-g30x12", "-pq", sample.path]) }),
      ] {
        guard let (program, words) = arguments, readable(by: program, words) else {
          fields.append(("\(tool)_process_ms", "does not read it"))
          continue
        }
        let theirs = PictureBenchmark.bestProcessTime(program, words, runs: 3)
        fields.append(("\(tool)_process_ms", theirs / 1e6))
        fields.append(("speedup_over_\(tool)", theirs / ours))
        if theirs < ours {
          if tool == "timg" {
            slower.append(sample.name)
          } else {
            slowerThanChafa.append(sample.name)
          }
        }
      }
      // The helper's cost: the same decode through the helper and in this process.
      if let format = PictureFormat.sniff(
        Array(PictureBenchmark.read(sample.path)?.prefix(1024) ?? [])),
        format.decodesInHelper
      {
        _ = try? helpers.decode(path: sample.path, format: format, maxSide: 512)  // warm
        let helper = Stopwatch.nanoseconds(perOperationOf: 1, rounds: 3) {
          _ = try? helpers.decode(path: sample.path, format: format, maxSide: 512)
        }
        let inProcess = Stopwatch.nanoseconds(perOperationOf: 1, rounds: 3) {
          var out = decoded()
          decoder_decode_file(sample.path, 512, decoders_linked, &out)
          masonry_pixels_free(&out.pixels)
        }
        fields += [
          ("helper_ms", helper / 1e6), ("in_process_ms", inProcess / 1e6),
          ("helper_cost", helper / inProcess),
        ]
      }
      report.emit(fields)
    }
    // The target is timg's time; chafa's is reported beside it.
    report.emit([
      ("name", "formats_target"), ("target", "no slower than timg where it reads the format"),
      ("slower", slower.joined(separator: "; ")),
      ("slower_than_chafa", slowerThanChafa.joined(separator: "; ")), ("met", slower.isEmpty),
    ])
  }

  /// A folder of 200 files of every format, as a phone's or a desktop's folder mixes them:
  /// the samples linked in turn under names that keep them mixed in name order
  /// (`1000-photo.jpg`, `1001-photo.tif`, …); its path (the folder above it is the
  /// caller's to remove).
  static func makeMixedFolder() -> String {
    let folder = PictureBenchmark.makeFolder()
    let samples = makeSamples(in: folder)
    let mixed = folder + "/mixed"
    mkdir(mixed, 0o755)
    for index in 0..<200 where !samples.isEmpty {
      let sample = samples[index % samples.count]
      link(sample.path, mixed + "/\(1000 + index)-" + sample.name)
    }
    return mixed
  }

  /// Whether `program arguments` succeeds (the tool reads the format).
  static func readable(by program: String, _ arguments: [String]) -> Bool {
    PictureBenchmark.spawn(program, arguments, output: "/dev/null") == 0
  }

  /// The photograph in every format, made by Debian's tools in `folder`.
  static func makeSamples(in folder: String) -> [Sample] {
    _ = BundledSample.collection()
    guard let cat = EmbeddedPictures.bytes(named: "pictures/cat.jpg") else { return [] }
    let source = folder + "/cat.jpg"
    PictureBenchmark.write(cat, to: source)
    let photo = folder + "/photo.png"
    var samples: [Sample] = []
    func make(_ name: String, _ program: String, _ arguments: [String]) {
      guard let executable = PictureBenchmark.findExecutable(program),
        PictureBenchmark.spawn(executable, arguments, output: "/dev/null") == 0,
        FileManager.default.fileExists(atPath: folder + "/" + name)
      else { return }
      samples.append(Sample(name: name, path: folder + "/" + name))
    }
    guard let convert = PictureBenchmark.findExecutable("convert"),
      PictureBenchmark.spawn(
        convert,
        [source, "-resize", "4032x3024!", "-attenuate", "0.4", "+noise", "Gaussian", photo],
        output: "/dev/null") == 0
    else { return [] }
    make("photo.jpg", "convert", [photo, "-quality", "90", folder + "/photo.jpg"])
    make("photo.tif", "convert", [photo, "-compress", "lzw", folder + "/photo.tif"])
    make("photo.bmp", "convert", [photo, "BMP3:" + folder + "/photo.bmp"])
    make("photo.heic", "heif-enc", ["-q", "50", "-o", folder + "/photo.heic", photo])
    make("photo.avif", "avifenc", ["-s", "8", photo, folder + "/photo.avif"])
    make("photo.jxl", "cjxl", [photo, folder + "/photo.jxl"])
    make(
      "clip.mp4", "ffmpeg",
      [
        "-loglevel", "error", "-loop", "1", "-i", photo, "-t", "10", "-r", "25", "-vf",
        "scale=1920:1080,zoompan=z='1+on/500':d=1:s=1920x1080", "-pix_fmt", "yuv420p",
        "-c:v", "libx264", folder + "/clip.mp4",
      ])
    // A real drawing the machine holds, and a PDF page of the photograph.
    for svg in [
      "/usr/share/icons/hicolor/scalable/apps/kitty.svg", "/usr/share/pixmaps/debian-logo.svg",
    ]
    where FileManager.default.fileExists(atPath: svg) {
      try? FileManager.default.copyItem(atPath: svg, toPath: folder + "/drawing.svg")
      samples.append(Sample(name: "drawing.svg", path: folder + "/drawing.svg"))
      break
    }
    if let python = PictureBenchmark.findExecutable("python3") {
      let script = """
        import sys; data = open(sys.argv[1], 'rb').read(); w, h = 4032, 3024
        o = [b'<< /Type /Catalog /Pages 2 0 R >>', b'<< /Type /Pages /Kids [5 0 R] /Count 1 >>',
             b'<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\\nstream\\n' % (w, h, len(data)) + data + b'\\nendstream']
        c = b'q 595 0 0 446 0 0 cm /Im0 Do Q'; o.append(b'<< /Length %d >>\\nstream\\n' % len(c) + c + b'\\nendstream')
        o.append(b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 446] /Resources << /XObject << /Im0 3 0 R >> >> /Contents 4 0 R >>')
        out = bytearray(b'%PDF-1.4\\n'); at = []
        for n, b in enumerate(o, 1): at.append(len(out)); out += b'%d 0 obj\\n' % n + b + b'\\nendobj\\n'
        x = len(out); out += b'xref\\n0 %d\\n0000000000 65535 f \\n' % (len(o) + 1) + b''.join(b'%010d 00000 n \\n' % a for a in at)
        out += b'trailer\\n<< /Size %d /Root 1 0 R >>\\nstartxref\\n%d\\n%%%%EOF\\n' % (len(o) + 1, x); open(sys.argv[2], 'wb').write(out)
        """
      PictureBenchmark.write(Array(script.utf8), to: folder + "/pdf.py")
      if PictureBenchmark.spawn(
        python, [folder + "/pdf.py", folder + "/photo.jpg", folder + "/page.pdf"],
        output: "/dev/null") == 0
      {
        samples.append(Sample(name: "page.pdf", path: folder + "/page.pdf"))
      }
    }
    return samples
  }
}
