import CursesBackend
import Foundation
import Testing

/// The shared memory objects kitty reads pictures from: made only under masonry's own
/// prefix, readable by no one else (0600), never over one that exists, and gone when
/// their time is up or masonry ends, whether or not kitty read them.
@Suite struct SharedMemoryObjectsTests {
  static func exists(_ name: String) -> Bool {
    FileManager.default.fileExists(atPath: "/dev/shm" + name)
  }

  @Test func objectsAreMadePrivatelyAndRemoved() throws {
    try #require(FileManager.default.fileExists(atPath: "/dev/shm"), "no /dev/shm here")
    let objects = SharedMemoryObjects()
    #expect(objects.prefix.hasPrefix("/masonry-\(getpid())-"))
    let name = objects.prefix + "-1"
    #expect(objects.make(name, bytes: Array("PNG!".utf8), at: 0))
    #expect(Self.exists(name))
    let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/shm" + name)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect(FileManager.default.contents(atPath: "/dev/shm" + name) == Data("PNG!".utf8))
    // Never over an object that exists (O_EXCL), never outside the prefix.
    #expect(!objects.make(name, bytes: [1], at: 0))
    #expect(FileManager.default.contents(atPath: "/dev/shm" + name) == Data("PNG!".utf8))
    #expect(!objects.make("/elsewhere-\(getpid())", bytes: [1], at: 0))
    #expect(!Self.exists("/elsewhere-\(getpid())"))
    // A second made later; the sweep removes what is older than the lifetime.
    let second = objects.prefix + "-2"
    #expect(objects.make(second, bytes: [2], at: 5_000))
    objects.sweep(at: SharedMemoryObjects.lifetime - 1)
    #expect(Self.exists(name) && objects.count == 2)
    objects.sweep(at: SharedMemoryObjects.lifetime)
    #expect(!Self.exists(name) && Self.exists(second) && objects.count == 1)
    // One kitty read (and removed) is no trouble; the rest go at the end.
    let third = objects.prefix + "-3"
    #expect(objects.make(third, bytes: [3], at: 6_000))
    try FileManager.default.removeItem(atPath: "/dev/shm" + third)
    objects.removeAll()
    #expect(!Self.exists(second) && !Self.exists(third) && objects.count == 0)
  }

  @Test func whatIsLeftGoesWithTheObjects() {
    var name = ""
    do {
      let objects = SharedMemoryObjects()
      name = objects.prefix + "-1"
      #expect(objects.make(name, bytes: [1, 2, 3], at: 0))
    }
    #expect(!Self.exists(name))
  }
}
