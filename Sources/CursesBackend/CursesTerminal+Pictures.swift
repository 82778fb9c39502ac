import CNcursesw
import LayoutEngine
import TerminalCore
import TerminalText

#if canImport(Glibc)
  import Glibc
#endif

/// The picture side of the curses backend: the terminal's own scrolling for sixel, kitty's
/// shared memory objects, the paced queue's writing, and the picture log.
extension CursesTerminal {
  /// Has the terminal scroll `scroll.rows` by `scroll.by` (a scroll region, SU or SD,
  /// the cursor and the whole-screen region put back), and tells ncurses, whose record of
  /// the screen (`curscr`) is scrolled the same way, so that it writes only what differs
  /// (ncurses itself cannot scroll here: `ScrollFreeTerminfo`).
  func scrollRows(_ scroll: PictureLayer.Scroll) {
    let rows = scroll.rows
    let move = scroll.by > 0 ? "\(scroll.by)S" : "\(-scroll.by)T"
    send(
      Array(
        "\u{1B}7\u{1B}[\(rows.lowerBound + 1);\(rows.upperBound)r\u{1B}[\(move)\u{1B}[r\u{1B}8".utf8
      ))
    let known = masonry_curscr()
    wsetscrreg(known, Int32(rows.lowerBound), Int32(rows.upperBound - 1))
    scrollok(known, true)
    wscrl(known, Int32(scroll.by))
    scrollok(known, false)
    wsetscrreg(known, 0, masonry_getmaxy(known) - 1)
  }

  /// Makes the shared memory objects the plan's transmissions name. One that cannot be
  /// made (`/dev/shm` full or missing) turns shared memory off: its picture is forgotten
  /// and goes as base64 in the next frame (kitty answers nothing to the failed read).
  func makeSharedObjects(_ objects: [PictureLayer.SharedObject], layer: inout PictureLayer) {
    let now = now()
    sharedMemory.sweep(at: now)
    var failed = Set<UInt32>()
    for object in objects where !sharedMemory.make(object.name, bytes: object.bytes, at: now) {
      failed.insert(object.image)
    }
    guard !failed.isEmpty else { return }
    layer.stopSharingMemory()
    layer.forget(failed)
    sendAgain = true
  }

  /// Writes the rest of the queued picture escape in flight, waiting for the terminal if
  /// need be (a chunk at most): before a frame's text, or before the terminal is given
  /// back.
  func finishEscapeInFlight() {
    let rest = Array(pictureQueue.restOfEscape)
    guard !rest.isEmpty else { return }
    send(rest)
    pictureQueue.consume(rest.count)
    pacer.wrote(rest.count, at: now())
  }

  /// Writes queued picture bytes while the terminal takes them without waiting and the
  /// pacer lets them go (`LinkPacer`): an escape begins only if it fits in the window
  /// beside what is in the link and the pace has come to it, and goes in pieces, each
  /// after `poll` says there is room (a pseudo-terminal says so only when its buffer is
  /// nearly empty, so a piece never waits long for the rest); between escapes, after
  /// every batch, the query whose answer acknowledges it.
  func writeQueuedPictures() {
    let answers = lateAnswers.deviceAttributes
    if answers > answersTaken {
      pacer.answered(answers - answersTaken, at: now())
      answersTaken = answers
    }
    pacer.giveUp(at: now())
    while true {
      let rest = pictureQueue.restOfEscape
      if rest.isEmpty {
        // Between escapes: a batch written is acknowledged, and so is everything in the
        // link before the writer stops, for the window (the answer is what wakes it) or
        // for the pace (the clock does, `picturesPacedAt`): a batch's bytes then go
        // together, and its time in the link is theirs (`LinkPacer`'s samples).
        let escape = pictureQueue.nextEscape
        let stops = !escape.isEmpty && !pacer.mayWrite(escape.count, at: now())
        if pacer.shouldAsk(queueEmpty: pictureQueue.isEmpty || stops) {
          send(Array("\u{1B}[c".utf8))
          pacer.asked(at: now(), drained: pictureQueue.isEmpty)
          continue
        }
        if escape.isEmpty || stops { return }
      }
      var entry = pollfd(fd: outputDescriptor, events: Int16(POLLOUT), revents: 0)
      guard poll(&entry, 1, 0) == 1, entry.revents & Int16(POLLOUT) != 0 else { return }
      let piece = (rest.isEmpty ? pictureQueue.nextEscape : rest).prefix(4_096)
      let written = piece.withUnsafeBytes { write(outputDescriptor, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else {
        // The terminal is gone: nothing more goes to it.
        pictureQueue = PictureOutputQueue()
        return
      }
      pictureQueue.consume(written)
      pacer.wrote(written, at: now())
    }
  }

  /// Whether queued picture bytes may be written at `now` as soon as the terminal takes
  /// them: the rest of an escape begun, or a next one that fits in the window and the pace.
  func picturesMayGo(at now: Int) -> Bool {
    !pictureQueue.restOfEscape.isEmpty
      || (!pictureQueue.isEmpty && pacer.mayWrite(pictureQueue.nextEscape.count, at: now))
  }

  /// When the pace lets the next queued escape begin, if later than `now`
  /// (`LinkPacer.pacedAt`): the event loop wakes then. Asked at the same `now` as
  /// `picturesMayGo`, so that one of the two always wakes the loop.
  func picturesPacedAt(_ now: Int) -> Int? {
    guard pictureQueue.restOfEscape.isEmpty, !pictureQueue.isEmpty else { return nil }
    return pacer.pacedAt(now)
  }

  /// One JSON line per picture shown in this frame (`MASONRY_PICTURE_LOG`).
  func logPictures(_ placements: [PicturePlacement]) {
    frameNumber += 1
    guard pictureLog >= 0, let kind = pictureLayer?.protocolKind else { return }
    var text = ""
    // The terminal's cell (a picture for a slow link has fewer pixels a cell).
    let cell = capabilities.cellShape
    for placement in placements {
      func cells(_ rect: Rect) -> String {
        "[\(rect.minX),\(rect.minY),\(rect.width),\(rect.height)]"
      }
      text +=
        "{\"frame\":\(frameNumber),\"protocol\":\"\(kind.rawValue)\",\"path\":"
        + JSONText.quoted(placement.picture.label) + ",\"box\":\(cells(placement.box)),"
        + "\"visible\":\(cells(placement.visible)),"
        + (kind.keepsPictures
          ? "\"transfer\":\"\(pictureLayer?.sharedMemory == nil ? "base64" : "shared memory")\","
          : "")
        + "\"cell\":[\(cell.width),\(cell.height)]}\n"
    }
    if placements.isEmpty {
      text = "{\"frame\":\(frameNumber),\"protocol\":\"\(kind.rawValue)\"}\n"
    }
    _ = TerminalProber.writeAll(Array(text.utf8), to: pictureLog)
  }
}
