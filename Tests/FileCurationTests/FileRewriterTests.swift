import Foundation
import TestSupport
import Testing

@testable import FileCuration

/// A file rewritten with some of its bytes replaced: all or nothing, its mode kept, the
/// inverse splices putting it back byte for byte, and stale splices refused with the file
/// untouched.
@Suite struct FileRewriterTests {
  @Test func rewriteAndBackByteForByte() throws {
    let path = TemporaryFiles.makeDirectory() + "/cards.jsonl"
    let original = Array("{\"caption\":\"a\"}\n{\"caption\":\"bb\"}\n".utf8)
    try Data(original).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o640)
    let splices = [
      FileSplice(offset: 11, old: Array("\"a\"".utf8), new: Array("\"longer\"".utf8)),
      FileSplice(offset: 27, old: Array("\"bb\"".utf8), new: Array("\"\"".utf8)),
    ]
    let inverse = try FileRewriter.rewrite(path, splices)
    #expect(TextFile.read(path) == "{\"caption\":\"longer\"}\n{\"caption\":\"\"}\n")
    #expect(
      try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
    _ = try FileRewriter.rewrite(path, inverse)
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == original)
    // Stale: the old bytes are not there any more.
    #expect(throws: CurationError.self) { try FileRewriter.rewrite(path, inverse) }
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == original)
    let left = try FileManager.default.contentsOfDirectory(
      atPath: (path as NSString).deletingLastPathComponent)
    #expect(left == ["cards.jsonl"], "no hidden file left behind")
  }
}
