import Cards
import FuzzSupport

/// Property lists: any bytes give cards or one error, never a crash, a hang or a message
/// with a control character in it.
enum Target {
  static func test(_ bytes: UnsafeBufferPointer<UInt8>) {
    do {
      _ = try CardLoader.load(bytes: Array(bytes), path: "f.plist")
    } catch {
      for scalar in error.description.unicodeScalars
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        FuzzReplay.fail("a control character in a message: \(error.description.debugDescription)")
      }
    }
  }
}
