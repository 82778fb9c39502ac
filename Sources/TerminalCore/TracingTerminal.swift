import LayoutEngine
import TerminalScreen

#if canImport(Glibc)
  import Glibc
#endif

/// A terminal that writes down, with the time, every event it reports and every frame it
/// draws (`MASONRY_TRACE=FILE`): one line each, `<nanoseconds> key <key>`, `… draw` when a
/// frame starts and `… frame` once the terminal has taken it, on the monotonic clock the
/// whole machine shares, so that a harness that timed when it sent a key can tell when
/// its frame was written. Writes nothing else and changes nothing of what the terminal
/// does.
package struct TracingTerminal<Device: TerminalDevice>: TerminalDevice {
  package private(set) var device: Device
  private let descriptor: Int32

  /// - Parameter descriptor: an open file, written to with one `write` a line.
  package init(_ device: Device, descriptor: Int32) {
    self.device = device
    self.descriptor = descriptor
  }

  package var size: Size { device.size }

  package var picturesNeedAnotherFrame: Bool { device.picturesNeedAnotherFrame }
  package var pictureLink: PictureLink { device.pictureLink }

  package mutating func draw(
    _ screen: Screen, pictures: [PicturePlacement], scrolling: ScrollingArea?
  ) {
    log("draw")
    device.draw(screen, pictures: pictures, scrolling: scrolling)
    log("frame")
  }

  package mutating func nextEvent(timeout: Int?) -> TerminalEvent? {
    let event = device.nextEvent(timeout: timeout)
    switch event {
    case .key(let key): log("key \(key)")
    case .mouse(let mouse): log("mouse \(mouse.kind)")
    case .paste: log("paste")
    case .resized(let size): log("resized \(size.width)x\(size.height)")
    case .wakeUp: log("wake")
    case .endOfInput: log("end")
    case nil: break
    }
    return event
  }

  package func now() -> Int { device.now() }

  package mutating func suspend() { device.suspend() }

  package mutating func handOver<Result>(_ body: () -> Result) -> Result {
    device.handOver(body)
  }

  package mutating func copyToClipboard(_ bytes: [UInt8]) { device.copyToClipboard(bytes) }

  private func log(_ text: String) {
    let line = "\(MonotonicClock.nanoseconds()) \(text)\n"
    _ = line.utf8CString.withUnsafeBufferPointer { buffer in
      write(descriptor, buffer.baseAddress, buffer.count - 1)
    }
  }
}
