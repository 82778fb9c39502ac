import Foundation
import PictureFiles
import TestSupport
import Testing

/// The viewer's facts of a photo, read by masonry's own header code, are what exiftool
/// (Debian's libimage-exiftool-perl) reads of the same file after writing them: camera,
/// lens, exposure, aperture, ISO, focal length, date, orientation, position (south and
/// west negative); a picture without EXIF says only what its header says.
@Suite struct PictureFactsTests {
  static func photo(_ tags: [String]) throws -> String {
    let path = TemporaryFiles.makeDirectory() + "/photo.jpg"
    try FileManager.default.copyItem(
      atPath: Repository.url.appendingPathComponent("Data/pictures/cat.jpg").path, toPath: path)
    if !tags.isEmpty {
      let run = try ProgramRun.run(
        "/usr/bin/exiftool", ["-q", "-overwrite_original"] + tags + [path])
      try #require(run.status == 0, "exiftool: \(run.output)")
    }
    return path
  }

  static func facts(_ path: String) throws -> [String: String] {
    let facts = try PictureFacts(.file(path))
    return Dictionary(facts.lines.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
  }

  @Test func aPhotosEXIFAsExiftoolReadsIt() throws {
    let path = try Self.photo([
      "-Make=Canon", "-Model=Canon EOS 5D Mark IV", "-LensModel=EF24-70mm f/2.8L II USM",
      "-ExposureTime=1/250", "-FNumber=5.6", "-ISO=400", "-FocalLength=35",
      "-DateTimeOriginal=2024:05:01 14:03:22", "-GPSLatitude=33.8568", "-GPSLatitudeRef=S",
      "-GPSLongitude=151.2153", "-GPSLongitudeRef=E", "-Orientation#=6",
    ])
    let read = try ProgramRun.run(
      "/usr/bin/exiftool",
      ["-s3", "-n", "-Make", "-Model", "-LensModel", "-ISO", "-GPSLatitude", "-GPSLongitude", path])
    let theirs = read.output.split(separator: "\n").map(String.init)
    #expect(theirs.count == 6, "\(read.output)")
    let ours = try Self.facts(path)
    #expect(ours["camera"] == theirs[1], "the model repeats the make: said once")
    #expect(ours["lens"] == theirs[2])
    #expect(ours["ISO"] == theirs[3])
    #expect(ours["exposure"] == "1/250 s")
    #expect(ours["aperture"] == "f/5.6")
    #expect(ours["focal"] == "35 mm")
    #expect(ours["taken"] == "2024-05-01 14:03:22")
    #expect(ours["orientation"] == "6 (turned 90° clockwise)")
    #expect(ours["format"] == "JPEG")
    #expect(ours["pixels"] == "300 × 451", "the size as shown: stored 451 × 300, turned")
    let latitude = try #require(Double(theirs[4]))
    let longitude = try #require(Double(theirs[5]))
    #expect(latitude < 0, "south")
    #expect(ours["position"] == "\(latitude), \(longitude)")
  }

  @Test func aPictureWithoutEXIFSaysWhatItsHeaderSays() throws {
    let path = try Self.photo(["-all="])
    let ours = try Self.facts(path)
    #expect(Set(ours.keys) == ["path", "size", "pixels", "format"])
    #expect(ours["path"] == path)
  }

  @Test func exposuresAsPhotographersWriteThem() throws {
    for (tag, text) in [("1/4000", "1/4000 s"), ("2", "2 s"), ("0.5", "1/2 s"), ("1.3", "1.3 s")] {
      let path = try Self.photo(["-ExposureTime=\(tag)", "-GPSLatitude=1", "-GPSLatitudeRef=N"])
      let ours = try Self.facts(path)
      #expect(ours["exposure"] == text, "\(tag)")
      #expect(ours["position"] == nil, "a latitude without a longitude is no position")
    }
  }
}
