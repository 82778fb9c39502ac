import LayoutEngine
import TerminalCore
import TestSupport
import Testing

/// kitty's picture bytes queued for a slow link: a frame's text may go only between
/// escapes — never inside a transmission chunk, a passthrough wrapper or a placement's
/// cursor save and restore — and what is queued comes out whole and in order.
@Suite struct PictureOutputQueueTests {
  static let transmit = PictureEscapes.kittyTransmit(
    id: 7, png: [UInt8](repeating: 0xAB, count: 5_000))
  static let place = PictureEscapes.kittyPlace(
    id: 7, at: (2, 3), source: (0, 0, 36, 54), columns: 4, rows: 3)

  @Test func textGoesOnlyBetweenEscapes() {
    // Two chunks, then a placement at the cursor: three places where text may go.
    let output = Self.transmit + Self.place
    let firstChunk = Self.transmit.count - (Self.transmit.count - 4_096 - 40)
    var queue = PictureOutputQueue()
    queue.append(output)
    #expect(queue.count == output.count)
    // Written into the first chunk: the rest of that chunk must go before any text.
    queue.consume(100)
    let rest = queue.restOfEscape
    #expect(rest.count > 0 && rest.count < firstChunk)
    #expect(Array(rest.suffix(2)) == [0x1B, UInt8(ascii: "\\")])
    queue.consume(rest.count)
    #expect(queue.restOfEscape.isEmpty)
    // Inside the placement, after its cursor save: on to its cursor restore.
    queue.consume(queue.count - Self.place.count + 3)
    #expect(Array(queue.restOfEscape.suffix(2)) == [0x1B, UInt8(ascii: "8")])
    queue.consume(queue.restOfEscape.count)
    #expect(queue.isEmpty)
  }

  @Test func passthroughIsOneEscapeWhateverItHolds() {
    let wrapped = PictureEscapes.throughTmux(Self.transmit)
    var queue = PictureOutputQueue()
    queue.append(wrapped)
    queue.consume(20)
    // The doubled escapes inside are not its end: the wrapper's own terminator is, after
    // the first chunk.
    let rest = Array(queue.restOfEscape)
    let firstEnd = Self.ends(of: Self.transmit, [0x1B, 0x5C])[0]
    let firstChunk = Array(Self.transmit[0..<firstEnd])
    #expect(rest.count + 20 == PictureEscapes.throughTmux(firstChunk).count)
  }

  @Test func aClearDropsAllButTheEscapeInFlight() {
    var queue = PictureOutputQueue()
    queue.append(Self.transmit)
    queue.append(PictureEscapes.kittyFree(id: 7))
    queue.consume(10)
    let rest = Array(queue.restOfEscape)
    queue.dropAfterEscapeInFlight()
    #expect(queue.count == rest.count)
    #expect(Array(queue.next(limit: 100_000)) == rest)
    queue.consume(rest.count)
    #expect(queue.isEmpty)
  }

  /// The offsets just after each occurrence of `pattern` in `bytes`.
  static func ends(of bytes: [UInt8], _ pattern: [UInt8]) -> [Int] {
    guard bytes.count >= pattern.count else { return [] }
    return (0...(bytes.count - pattern.count)).filter {
      Array(bytes[$0..<($0 + pattern.count)]) == pattern
    }.map { $0 + pattern.count }
  }

  /// Random appends and writes of random sizes: the bytes come out exactly as queued,
  /// and every place the queue lets text in is the end of an escape the layer wrote.
  @Test func bytesComeOutWholeAndInOrder() {
    var generator = SeededGenerator(seed: 0xE5C)
    let wrapped = PictureEscapes.throughTmux(
      Self.transmit + PictureEscapes.kittyVirtualPlacement(id: 16, columns: 3, rows: 2))
    let free = PictureEscapes.kittyFree(id: 3)
    // Each piece with the places in it where text may go, found independently: after
    // each chunk, after a whole placement, after each passthrough wrapper.
    let pieces: [([UInt8], [Int])] = [
      (Self.transmit, Self.ends(of: Self.transmit, [0x1B, 0x5C])), (Self.place, [Self.place.count]),
      (free, [free.count]), (wrapped, Self.ends(of: wrapped, [0x1B, 0x1B, 0x5C, 0x1B, 0x5C])),
    ]
    for _ in 0..<200 {
      var queue = PictureOutputQueue()
      var expected: [UInt8] = []
      var ends: Set<Int> = [0]
      var written: [UInt8] = []
      for _ in 0..<Int.random(in: 1...12, using: &generator) {
        if Bool.random(using: &generator) {
          let (piece, places) = pieces.randomElement(using: &generator)!
          for place in places { ends.insert(expected.count + place) }
          queue.append(piece)
          expected += piece
        }
        let bytes = queue.next(limit: Int.random(in: 1...6_000, using: &generator))
        written += bytes
        queue.consume(bytes.count)
        let rest = queue.restOfEscape
        written += rest
        queue.consume(rest.count)
        // Now at a place for text: the end of an escape the layer wrote.
        #expect(ends.contains(written.count), "\(written.count)")
      }
      written += queue.next(limit: Int.max / 2)
      #expect(written == expected)
    }
  }
}

/// Pictures still waiting whole when they stop being wanted are never sent, and the
/// layer sends them anew if they come back; one already begun goes out whole.
@Suite struct UnsentPictureTests {
  static func image() -> PixelPicture { PictureLayerTests.image(.kitty) }

  /// Pictures `a` and `b` side by side, whole.
  static func sideBySide(_ a: PixelPicture, _ b: PixelPicture) -> [PicturePlacement] {
    let boxA = Rect(x: 0, y: 0, width: 4, height: 3)
    let boxB = Rect(x: 10, y: 0, width: 4, height: 3)
    return [
      PicturePlacement(picture: a, box: boxA, visible: boxA),
      PicturePlacement(picture: b, box: boxB, visible: boxB),
    ]
  }

  @Test func aPictureNoLongerWantedIsDroppedWholeAndSentAgainLater() {
    var layer = PictureLayer(protocolKind: .kitty)
    let (a, b) = (Self.image(), Self.image())
    let first = layer.plan(
      Self.sideBySide(a, b), screenHeight: 40, cleared: true)
    #expect(first.transmissions.map(\.image) == [a.id, b.id])
    var queue = PictureOutputQueue()
    queue.append(first.output, transmissions: first.transmissions)
    // a's first bytes are out: it goes whole; b, not begun and no longer wanted, goes.
    queue.consume(10)
    let dropped = queue.dropUnsent(except: [a.id])
    #expect(dropped == [b.id])
    var rest: [UInt8] = []
    while !queue.isEmpty {
      rest += queue.next(limit: 4_096)
      queue.consume(4_096)
    }
    let sent = TerminalSamples.text(Array(first.output.prefix(10)) + rest)
    #expect(sent.contains("i=\(a.id),") && !sent.contains("i=\(b.id),"))
    #expect(sent == TerminalSamples.text(Array(first.output[first.transmissions[0].range])))
    // b comes back: the layer, told it was never sent, sends it anew.
    layer.forget(dropped)
    let again = layer.plan(
      Self.sideBySide(a, b), screenHeight: 40, cleared: false)
    let text = TerminalSamples.text(again.output)
    #expect(text.contains("a=t,f=100,i=\(b.id),") && !text.contains("a=t,f=100,i=\(a.id),"))
  }

  /// Through tmux each transmission keeps its own range, wrapped.
  @Test func wrappedTransmissionsKeepTheirRanges() {
    var layer = PictureLayer(protocolKind: .kittyUnicode, throughTmux: true)
    let (a, b) = (Self.image(), Self.image())
    let plan = layer.plan(
      Self.sideBySide(a, b), screenHeight: 40, cleared: true)
    #expect(plan.transmissions.count == 2)
    for transmission in plan.transmissions {
      let text = TerminalSamples.text(Array(plan.output[transmission.range]))
      #expect(text.hasPrefix("⎋Ptmux;⎋⎋_Ga=t,") && text.hasSuffix("⎋⎋\\⎋\\"))
    }
    #expect(plan.transmissions[1].range.lowerBound == plan.transmissions[0].range.upperBound)
  }
}

extension UnsentPictureTests {
  /// Random appends, writes and drops: what comes out is exactly the pictures not dropped,
  /// each whole, in order, and the text's places are ends of their escapes.
  @Test func dropsLeaveWholePicturesInOrder() {
    var generator = SeededGenerator(seed: 0xD20)
    for _ in 0..<300 {
      var queue = PictureOutputQueue()
      // The model: each picture's bytes, and how many of them were written.
      var model: [(id: UInt32, bytes: [UInt8], written: Int)] = []
      var written: [UInt8] = []
      var nextID: UInt32 = 1
      for _ in 0..<Int.random(in: 1...15, using: &generator) {
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
          let size = Int.random(in: 1...9_000, using: &generator)
          let bytes = PictureEscapes.kittyTransmit(
            id: nextID, png: [UInt8](repeating: 7, count: size))
          queue.append(
            bytes, transmissions: [PictureLayer.Transmission(range: 0..<bytes.count, image: nextID)]
          )
          model.append((nextID, bytes, 0))
          nextID += 1
        case 1:
          let wanted = Set(model.map(\.id).filter { _ in Bool.random(using: &generator) })
          let dropped = queue.dropUnsent(except: wanted)
          let expected = Set(model.filter { $0.written == 0 && !wanted.contains($0.id) }.map(\.id))
          #expect(dropped == expected)
          model.removeAll { dropped.contains($0.id) }
        default:
          var piece = Array(queue.next(limit: Int.random(in: 1...6_000, using: &generator)))
          queue.consume(piece.count)
          let rest = Array(queue.restOfEscape)
          queue.consume(rest.count)
          piece += rest
          written += piece
          var left = piece.count
          for index in model.indices where left > 0 {
            let take = Swift.min(left, model[index].bytes.count - model[index].written)
            model[index].written += take
            left -= take
          }
          // At a place for text: the end of a chunk of the picture in flight.
          if let current = model.first(where: { $0.written < $0.bytes.count && $0.written > 0 }) {
            let ends = PictureOutputQueueTests.ends(of: current.bytes, [0x1B, 0x5C])
            #expect(ends.contains(current.written), "written \(current.written)")
          }
        }
      }
      written += queue.next(limit: Int.max / 2)
      #expect(written == model.flatMap(\.bytes))
    }
  }
}
