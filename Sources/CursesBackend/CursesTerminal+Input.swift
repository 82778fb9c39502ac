import CNcursesw
import CTerminalGuard
import CTextSupport
import LayoutEngine
import TerminalCore
import TerminalScreen
import TerminalText

#if canImport(Glibc)
  import Glibc
#endif

// Input: keys, the mouse, pastes and resizes, read when poll says the terminal is
// readable, and wake-ups from background work.

extension CursesTerminal {
  /// The next event: a key or mouse event ncurses already holds, else whatever arrives
  /// first within `timeout` milliseconds: input, a resize, or a wake-up.
  package func nextEvent(timeout: Int?) -> TerminalEvent? {
    let deadline = timeout.map { now() + Swift.max(0, $0) }
    // Readable but yielding nothing, in a row: a terminal whose input reached its end
    // (a hung-up line reads as end of file, which poll reports as readable).
    var emptyReads = 0
    while true {
      if let event = readBufferedEvent() { return event }
      // Answers read (here or with an event before): the batches they acknowledge left
      // the link, and more pictures may go.
      if lateAnswers.deviceAttributes != answersTaken { writeQueuedPictures() }
      // Pictures went out or were acknowledged: the browser may say so.
      let link = pictureLink.reported
      if link != reportedLink {
        reportedLink = link
        return .wakeUp
      }
      // Picture bytes waiting: written whenever the terminal has room, between keys.
      let moment = now()
      var entries = [
        pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(
          fd: wakeUp.readDescriptor >= 0 ? wakeUp.readDescriptor : -1, events: Int16(POLLIN),
          revents: 0),
        // Room to write: for the rest of an escape begun (until it is finished no
        // acknowledgement is asked for, so none would come to wake the loop), and for a
        // next one the pace allows.
        pollfd(
          fd: picturesMayGo(at: moment) ? outputDescriptor : -1, events: Int16(POLLOUT), revents: 0),
      ]
      // An acknowledgement awaited: woken when it is due to be given up on; pictures
      // paced: when the next may go.
      let until = [deadline, pictureQueue.isEmpty ? nil : pacer.answerDue, picturesPacedAt(moment)]
        .compactMap { $0 }.min()
      let wait = until.map { Int32(clamping: Swift.max(0, $0 - moment)) } ?? -1
      let ready = poll(&entries, 3, wait)
      if ready < 0 {
        // A signal (SIGWINCH among them) interrupted the wait: read what it left.
        if errno == EINTR { continue }
        return .endOfInput
      }
      if ready == 0 {
        // The caller's time ran out, or an awaited acknowledgement is given up on.
        if let deadline, now() >= deadline { return nil }
        writeQueuedPictures()
        continue
      }
      let output = entries[2].revents
      if output & Int16(POLLOUT) != 0 {
        writeQueuedPictures()
      } else if output != 0 {
        // The terminal takes nothing more (hung up): the pictures are dropped.
        pictureQueue = PictureOutputQueue()
      }
      if output != 0 && entries[0].revents == 0 && entries[1].revents == 0 { continue }
      if entries[1].revents & Int16(POLLIN) != 0 {
        if masonry_guard_take_resumed() != 0 { resume() }
        // A resize wakes us too; ncurses reports it on the next read.
        if let event = readBufferedEvent() { return event }
        return .wakeUp
      }
      let input = entries[0].revents
      if input & Int16(POLLIN) != 0 {
        let acknowledged = lateAnswers.deviceAttributes
        if let event = readBufferedEvent() { return event }
        if lateAnswers.deviceAttributes != acknowledged {
          // Answers to picture batches, no key: not an empty read (`writeQueuedPictures`
          // takes them in at the top).
          emptyReads = 0
          continue
        }
        emptyReads += 1
        if emptyReads < 64 { continue }
        return .endOfInput
      }
      if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .endOfInput }
    }
  }

  /// Reads without waiting until a key, mouse event, paste or resize turns up; `nil` when
  /// ncurses has nothing more (a byte sequence that means nothing is skipped).
  ///
  /// Every character passes `LateAnswerFilter` first: a probe answer arriving now is
  /// dropped, never read as keys. A sequence it holds is given a moment to finish.
  private func readBufferedEvent() -> TerminalEvent? {
    wtimeout(window, 0)
    while true {
      while !released.isEmpty {
        if let key = Self.key(forCharacter: released.removeFirst()) { return .key(key) }
      }
      if let event = afterReleased {
        afterReleased = nil
        return event
      }
      var character: wint_t = 0
      let result = wget_wch(window, &character)
      if result == ERR {
        guard lateAnswers.isHolding else {
          keySequences.inputPaused()
          return nil
        }
        // `ESC` alone, after ncurses' own escape delay, is Escape; anything longer waits a
        // moment for its rest.
        if !lateAnswers.holdsLoneEscape
          && waitForInput(milliseconds: LateAnswerFilter.continuationWait)
        {
          continue
        }
        released += keySequences.take(lateAnswers.flush(at: now()))
        continue
      }
      if result == KEY_CODE_YES {
        // A function key: whatever was held is keys typed before it.
        released += keySequences.take(lateAnswers.flush(at: now()))
        let event: TerminalEvent?
        if Int32(character) == Int32(MASONRY_KEY_PASTE_BEGIN) {
          event = readPaste()
        } else {
          event = functionKey(Int32(character))
        }
        guard let event else { continue }
        if released.isEmpty { return event }
        afterReleased = event
        continue
      }
      released += keySequences.take(lateAnswers.take(UInt32(character), at: now()))
    }
  }

  /// Whether the terminal has input within `milliseconds`.
  private func waitForInput(milliseconds: Int) -> Bool {
    var entry = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
    while true {
      let ready = poll(&entry, 1, Int32(milliseconds))
      if ready < 0 && errno == EINTR { continue }
      return ready > 0 && entry.revents & Int16(POLLIN) != 0
    }
  }

  /// The text up to the paste's end marker, kept whole (at most `pasteLimit` characters).
  private func readPaste() -> TerminalEvent {
    var scalars = String.UnicodeScalarView()
    var count = 0
    wtimeout(window, Self.pasteTimeout)
    defer { wtimeout(window, 0) }
    while true {
      var character: wint_t = 0
      let result = wget_wch(window, &character)
      if result == ERR { break }
      if result == KEY_CODE_YES {
        if Int32(character) == Int32(MASONRY_KEY_PASTE_END) { break }
        if Int32(character) == KEY_ENTER { scalars.append("\n") }
        continue
      }
      guard count < Self.pasteLimit, let scalar = Unicode.Scalar(UInt32(character)) else {
        continue
      }
      scalars.append(scalar)
      count += 1
    }
    return .paste(String(scalars))
  }

  private func functionKey(_ code: Int32) -> TerminalEvent? {
    if shiftUpCodes.contains(code) { return .key(.shiftUp) }
    if shiftDownCodes.contains(code) { return .key(.shiftDown) }
    switch code {
    case KEY_UP: return .key(.up)
    case KEY_DOWN: return .key(.down)
    case KEY_LEFT: return .key(.left)
    case KEY_RIGHT: return .key(.right)
    case KEY_PPAGE: return .key(.pageUp)
    case KEY_NPAGE: return .key(.pageDown)
    case KEY_HOME: return .key(.home)
    case KEY_END: return .key(.end)
    case KEY_ENTER: return .key(.enter)
    case KEY_BACKSPACE: return .key(.backspace)
    case KEY_F0 + 1...KEY_F0 + 12: return .key(.function(Int(code - KEY_F0)))
    case KEY_RESIZE:
      // Cleared on purpose: what the terminal shows beside ncurses (pictures) is gone for
      // sure, and every picture is sent again.
      clearok(masonry_curscr(), true)
      cleared = true
      return .resized(size)
    case KEY_MOUSE:
      var event = MEVENT()
      guard getmouse(&event) == OK else { return nil }
      let (x, y) = (Int(event.x), Int(event.y))
      if event.bstate & masonry_button4_pressed() != 0 {
        return .mouse(MouseEvent(.wheelUp, x: x, y: y))
      }
      if event.bstate & masonry_button5_pressed() != 0 {
        return .mouse(MouseEvent(.wheelDown, x: x, y: y))
      }
      if event.bstate & masonry_button1_double_clicked() != 0 {
        return .mouse(MouseEvent(.doubleClick, x: x, y: y))
      }
      if event.bstate & masonry_button1_clicked() != 0 {
        return .mouse(MouseEvent(.click, x: x, y: y))
      }
      return nil
    default:
      return nil
    }
  }

  static func key(forCharacter value: UInt32) -> Key? {
    if value & KeySequenceFilter.altFlag != 0 {
      let scalar = Unicode.Scalar(value & ~KeySequenceFilter.altFlag)
      return scalar.map { .alt(Character($0)) }
    }
    switch value {
    case 0x1B: return .escape
    case 0x0A, 0x0D: return .enter
    case 0x08, 0x7F: return .backspace
    case 0x09: return .tab
    case 0x01...0x1A: return .control(Character(Unicode.Scalar(value + 0x60)!))
    default:
      guard let scalar = Unicode.Scalar(value), value >= 0x20 else { return nil }
      return .character(Character(scalar))
    }
  }
}
