import LayoutEngine
import Synchronization
import TerminalCore
import TestSupport
import Testing

/// Sixel pictures carried by the terminal's own scrolling (`PictureLayer.Scroll`): a
/// picture that stays on screen costs nothing, one that scrolls in is sent only for the
/// rows it brings, and on thousands of seeded frames a model of the terminal at its worst
/// (pixels belong to cells; a scroll moves the rows of its region, leaves the rows it
/// brings as they were, as xterm does when scrolling down, and strays of what left the
/// region at its edges and just outside; a rewritten row loses its pixels; a sixel paints
/// the cells it covers) shows exactly the frame's pictures, each cell the right row and
/// column of the right picture.
@Suite struct SixelScrollTests {
  static let cell = (width: 9, height: 18)

  /// A picture whose encodings say what they are: `P<n>` whole, `P<n> <top> <count>` for
  /// pixel rows `top ..< top + count`, `P<n> <top> <count> <left> <width>` for a part of
  /// them; with `busy`, an encoding of a part is as long as `busy` bytes a pixel make it
  /// (a row of a wide picture then goes in pieces of its columns).
  static func picture(
    _ number: Int, columns: Int = 4, rows: Int = 3, cellHeight: Int = cell.height, busy: Int = 0
  ) -> PixelPicture {
    let width = columns * cell.width
    return PixelPicture(
      protocolKind: .sixel, label: "p\(number)", width: width,
      height: rows * cellHeight, columns: columns, rows: rows,
      encoded: Array("P\(number)".utf8)
    ) { region in
      let part = region.width == width ? "" : " \(region.minX) \(region.width)"
      let padding =
        busy > 0 ? " " + String(repeating: "~", count: region.width * region.height * busy) : ""
      return Array("P\(number) \(region.minY) \(region.height)\(part)\(padding)".utf8)
    }
  }

  static func placed(_ picture: PixelPicture, x: Int, y: Int, region: Range<Int>)
    -> PicturePlacement?
  {
    let box = Rect(x: x, y: y, width: picture.columns, height: picture.rows)
    let clip = Rect(x: 0, y: region.lowerBound, width: 1_000, height: region.count)
    guard let visible = box.intersection(clip), visible.height > 0 else { return nil }
    return PicturePlacement(picture: picture, box: box, visible: visible)
  }

  @Test func aPictureThatStaysOnScreenCostsNothing() {
    var layer = PictureLayer(protocolKind: .sixel)
    let image = Self.picture(1)
    let region = 3..<30
    _ = layer.plan(
      [Self.placed(image, x: 2, y: 10, region: region)!], screenHeight: 40, cleared: true)
    let scroll = PictureLayer.Scroll(rows: region, by: 1, screenHeight: 40)
    #expect(scroll.rewritten == [2, 3, 29, 30])
    let next = layer.plan(
      [Self.placed(image, x: 2, y: 9, region: region)!], screenHeight: 40, cleared: false,
      scrolled: scroll)
    #expect(next.output.isEmpty && Set(next.rewriteRows) == scroll.rewritten)
    // Without the scroll the picture moved: its rows rewritten, sent again whole.
    var plain = PictureLayer(protocolKind: .sixel)
    _ = plain.plan(
      [Self.placed(image, x: 2, y: 10, region: region)!], screenHeight: 40, cleared: true)
    let moved = plain.plan(
      [Self.placed(image, x: 2, y: 9, region: region)!], screenHeight: 40, cleared: false)
    #expect(moved.rewriteRows == [10, 11, 12])
    #expect(TerminalSamples.text(moved.output) == "⎋7⎋[10;3HP\(1)⎋8")
  }

  @Test func aPictureScrollingInIsSentForTheRowsItBrings() {
    let region = 3..<30
    // Cut by the bottom (rows 28 and 29 of its 5), two rows up: rows 2 and 3 come.
    var layer = PictureLayer(protocolKind: .sixel)
    let tall = Self.picture(2, rows: 5)
    _ = layer.plan(
      [Self.placed(tall, x: 0, y: 28, region: region)!], screenHeight: 40, cleared: true)
    let up = layer.plan(
      [Self.placed(tall, x: 0, y: 26, region: region)!], screenHeight: 40, cleared: false,
      scrolled: PictureLayer.Scroll(rows: region, by: 2))
    #expect(up.rewriteRows == [2, 3, 28, 29, 30])
    #expect(TerminalSamples.text(up.output) == "⎋7⎋[29;1HP2 36 36⎋8")
    // Cut by the top (its rows 2–4 at rows 3–5), two rows down: rows 0 and 1 come.
    var down = PictureLayer(protocolKind: .sixel)
    _ = down.plan(
      [Self.placed(tall, x: 0, y: 1, region: region)!], screenHeight: 40, cleared: true)
    let plan = down.plan(
      [Self.placed(tall, x: 0, y: 3, region: region)!], screenHeight: 40, cleared: false,
      scrolled: PictureLayer.Scroll(rows: region, by: -2))
    #expect(plan.rewriteRows == [2, 3, 4, 29, 30])
    #expect(TerminalSamples.text(plan.output) == "⎋7⎋[4;1HP2 0 36⎋8")
    // Its first row is rewritten after the next scroll (the region's edge): that row
    // alone is sent again.
    let edge = down.plan(
      [Self.placed(tall, x: 0, y: 2, region: region)!], screenHeight: 40, cleared: false,
      scrolled: PictureLayer.Scroll(rows: region, by: 1))
    #expect(TerminalSamples.text(edge.output) == "⎋7⎋[4;1HP2 18 18⎋8")
    // Scrolled out wholly: gone with the rows; only the edges are rewritten.
    let gone = down.plan(
      [], screenHeight: 40, cleared: false, scrolled: PictureLayer.Scroll(rows: region, by: 9))
    #expect(gone.output.isEmpty && !gone.rewriteRows.contains(10))
  }

  /// For a slow link each row goes as a piece of its own, whatever the cell's height (a
  /// row of 20 px ends inside a sixel band: it is encoded on its own), and pieces left
  /// unsent are sent again for their rows alone, where the picture is after a scroll.
  @Test func piecesOfARowAndOnlyTheirRowsSentAgain() {
    let region = 3..<30
    let tall = Self.picture(4, rows: 5, cellHeight: 20)
    var layer = PictureLayer(protocolKind: .sixel)
    layer.sendsByCellRow = true
    let first = layer.plan(
      [Self.placed(tall, x: 0, y: 10, region: region)!], screenHeight: 40, cleared: true)
    #expect(first.transmissions.map(\.rows) == (10..<15).map { $0..<$0 + 1 })
    #expect(
      TerminalSamples.text(Array(first.output[first.transmissions[3].range]))
        == "⎋7⎋[14;1HP4 60 20⎋8")
    // Its last two rows never went; the wall scrolls up a row: rows 3 and 4 of the
    // picture (now at 12 and 13) go again, with the row the scroll rewrote at the edge.
    layer.unsent(Array(first.transmissions[3...]))
    #expect(layer.needsAnotherFrame)
    let next = layer.plan(
      [Self.placed(tall, x: 0, y: 9, region: region)!], screenHeight: 40, cleared: false,
      scrolled: PictureLayer.Scroll(rows: region, by: 1))
    #expect(next.transmissions.map(\.rows) == [12..<13, 13..<14])
    #expect(TerminalSamples.text(next.output) == "⎋7⎋[13;1HP4 60 20⎋8⎋7⎋[14;1HP4 80 20⎋8")
    #expect(!layer.needsAnotherFrame)
  }

  /// A picture whose cell rows' pieces were made ahead (by a worker, for a slow link) is
  /// sent from them: drawing it encodes nothing on the event loop. A row larger than
  /// `PixelPicture.pieceBytes` goes in pieces of its columns, each where its cells are,
  /// from right to left (mlterm keeps a line at a slow piece's left edge until the cell
  /// to its left is drawn again).
  @Test func rowPiecesMadeAheadAreSentWithoutEncoding() {
    let encodings = Counter()
    let width = 4 * Self.cell.width
    let tall = PixelPicture(
      protocolKind: .sixel, label: "t", width: width, height: 5 * 20, columns: 4,
      rows: 5, encoded: Array("P5".utf8)
    ) { region in
      encodings.add()
      // Row 3 is busy: 5 KB.
      let busy =
        region.minY == 60 && region.width == width ? String(repeating: "~", count: 5_000) : ""
      return Array("P5 \(region.minY) \(region.height) \(region.minX) \(region.width)\(busy)".utf8)
    }
    let ahead = tall.withCellRowPieces()
    // Each row once, and row 3 again in two halves.
    #expect(encodings.value == 7 && ahead.cellRowPieces.count == 5 && ahead != tall)
    #expect(ahead.cellRowPieces.map(\.count) == [1, 1, 1, 2, 1])
    #expect(ahead.withCellRowPieces() === ahead && encodings.value == 7)
    let region = 3..<30
    var layer = PictureLayer(protocolKind: .sixel)
    layer.sendsByCellRow = true
    // Cut at the region's top edge: rows 1 to 4 of the picture, each its own piece.
    let plan = layer.plan(
      [Self.placed(ahead, x: 0, y: 2, region: region)!], screenHeight: 40, cleared: true)
    #expect(encodings.value == 7)
    #expect(plan.transmissions.map(\.rows) == [3..<4, 4..<5, 5..<6, 5..<6, 6..<7])
    #expect(
      TerminalSamples.text(plan.output)
        == "⎋7⎋[4;1HP5 20 20 0 36⎋8⎋7⎋[5;1HP5 40 20 0 36⎋8⎋7⎋[6;3HP5 60 20 18 18⎋8"
        + "⎋7⎋[6;1HP5 60 20 0 18⎋8⎋7⎋[7;1HP5 80 20 0 36⎋8")
    // Another protocol does not go by cell row.
    let kitty = PixelPicture(
      protocolKind: .kitty, label: "k", width: width, height: 60, columns: 4, rows: 3,
      encoded: [1]
    ) { _ in [] }
    #expect(kitty.withCellRowPieces() === kitty)
  }

  /// Counts calls from a `@Sendable` closure.
  final class Counter: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
  }

  /// A row of an animated picture showing a later frame cannot be sent alone (a crop is
  /// of the first frame): when the scroll rewrites one of its rows, the frame goes whole.
  @Test func anAnimationsLaterFrameGoesWhole() {
    let region = 3..<30
    let still = Self.picture(5, rows: 3)
    let animated = PixelPicture(
      protocolKind: .sixel, label: "p5", width: still.width, height: still.height, columns: 4,
      rows: 3, encoded: Array("P5".utf8),
      animation: PixelAnimation(
        timing: AnimationTiming(delays: [100, 100], plays: 0), frames: [Array("P5f1".utf8)],
        isOpaque: true)
    ) { region in Array("P5 \(region.minY) \(region.height)".utf8) }
    func placed(_ y: Int) -> PicturePlacement {
      var placement = Self.placed(animated, x: 0, y: y, region: region)!
      placement.frame = 1
      return placement
    }
    var layer = PictureLayer(protocolKind: .sixel)
    _ = layer.plan([placed(4)], screenHeight: 40, cleared: true)
    // Scrolled up one: its first row (3) is the region's edge, rewritten.
    let next = layer.plan(
      [placed(3)], screenHeight: 40, cleared: false,
      scrolled: PictureLayer.Scroll(rows: region, by: 1))
    #expect(TerminalSamples.text(next.output) == "⎋7⎋[4;1HP5f1⎋8")
  }

  @Test func kittyIsNotCarried() {
    #expect(!PixelProtocol.kitty.scrollsWithText && PixelProtocol.sixel.scrollsWithText)
    let area = ScrollingArea(rows: 3..<30, offset: 10)
    #expect(area.scrolled(since: ScrollingArea(rows: 3..<30, offset: 7)) == 3)
    #expect(area.scrolled(since: ScrollingArea(rows: 3..<30, offset: 14)) == -4)
    #expect(area.scrolled(since: ScrollingArea(rows: 3..<30, offset: 10)) == nil)
    #expect(area.scrolled(since: ScrollingArea(rows: 3..<29, offset: 9)) == nil)
    #expect(area.scrolled(since: ScrollingArea(rows: 3..<30, offset: 50)) == nil)
    #expect(area.scrolled(since: nil) == nil)
  }

  /// What the terminal holds in each cell: a picture's cell, or nothing.
  struct Model {
    var cells: [[String?]]

    init(width: Int, height: Int) {
      cells = Array(repeating: Array(repeating: nil, count: width), count: height)
    }

    /// The terminal at its worst: the rows brought keep what they showed, and a stray
    /// mark stays at and just beyond the region's edges in every column where pixels
    /// left the region.
    mutating func scroll(_ scroll: PictureLayer.Scroll) {
      let old = cells
      var leaving = Set<Int>()
      for y in scroll.rows where !scroll.rows.contains(y - scroll.by) {
        for (x, cell) in old[y].enumerated() where cell != nil { leaving.insert(x) }
      }
      for y in scroll.rows where scroll.rows.contains(y + scroll.by) {
        cells[y] = old[y + scroll.by]
      }
      for y in [
        scroll.rows.lowerBound - 1, scroll.rows.lowerBound, scroll.rows.upperBound - 1,
        scroll.rows.upperBound,
      ] where y >= 0 && y < cells.count {
        for x in leaving { cells[y][x] = "stray" }
      }
    }

    mutating func rewrite(_ row: Int) {
      cells[row] = Array(repeating: nil, count: cells[row].count)
    }

    /// Paints the sixels of `output` (`ESC 7 ESC [ r ; c H payload ESC 8` each).
    mutating func paint(_ output: [UInt8], pictures: [String: PixelPicture]) {
      let text = String(decoding: output, as: UTF8.self)
      for piece in text.components(separatedBy: "\u{1B}7\u{1B}[").dropFirst() {
        let head = piece.prefix { $0 != "H" }
        let numbers = head.split(separator: ";").compactMap { Int($0) }
        let payload = piece.dropFirst(head.count + 1).prefix { $0 != "\u{1B}" }
        let words = payload.split(separator: " ")
        guard numbers.count == 2, let name = words.first, let picture = pictures[String(name)]
        else { continue }
        var rows = 0..<picture.rows
        var columns = 0..<picture.columns
        if words.count >= 3, let top = Int(words[1]), let count = Int(words[2]) {
          let cellHeight = picture.cellPixels.height
          rows = top / cellHeight..<(top + count) / cellHeight
        }
        if words.count >= 5, let left = Int(words[3]), let width = Int(words[4]) {
          let cellWidth = picture.cellPixels.width
          columns = left / cellWidth..<(left + width) / cellWidth
        }
        for (offset, row) in rows.enumerated() {
          for column in columns {
            let y = numbers[0] - 1 + offset
            let x = numbers[1] - 1 + column - columns.lowerBound
            guard y < cells.count, x < cells[y].count else { continue }
            cells[y][x] = "\(name) \(row) \(column)"
          }
        }
      }
    }
  }

  /// A tall wall of seeded pictures, as the seeded tests scroll it.
  struct Wall {
    let width: Int
    var cellHeight = SixelScrollTests.cell.height
    /// Bytes a pixel in the pictures' encodings of parts (`picture(busy:)`).
    var busy = 0
    var pictures: [String: PixelPicture] = [:]
    var entries: [(picture: PixelPicture, x: Int, y: Int)] = []

    /// New pictures, laid out from the top.
    mutating func fill(_ generator: inout SeededGenerator) {
      entries = []
      var y = 0
      while y < 200 {
        let picture = SixelScrollTests.picture(
          pictures.count, columns: Int.random(in: 2...6, using: &generator),
          rows: Int.random(in: 1...7, using: &generator), cellHeight: cellHeight, busy: busy)
        pictures["P\(pictures.count)"] = picture
        entries.append(
          (picture, Int.random(in: 0...(width - picture.columns), using: &generator), y))
        y += picture.rows + Int.random(in: 0...2, using: &generator)
      }
    }

    /// The same pictures laid out again (a layout switch): each moves while it stays on
    /// screen.
    mutating func relayout(_ generator: inout SeededGenerator) {
      var y = 0
      for index in entries.indices {
        let picture = entries[index].picture
        entries[index] = (
          picture, Int.random(in: 0...(width - picture.columns), using: &generator), y
        )
        y += picture.rows + Int.random(in: 0...2, using: &generator)
      }
    }

    /// What is on screen scrolled by `offset` in `region`, entry `hidden` left out.
    func placements(offset: Int, region: Range<Int>, hiding hidden: Int? = nil)
      -> [PicturePlacement]
    {
      entries.enumerated().compactMap { index, entry in
        index == hidden
          ? nil
          : SixelScrollTests.placed(
            entry.picture, x: entry.x, y: entry.y - offset + region.lowerBound, region: region)
      }
    }
  }

  /// The terminal as `plan` says it shows.
  static func expected(_ plan: PictureLayer.Plan, width: Int, height: Int) -> Model {
    var expected = Model(width: width, height: height)
    for placement in plan.shown {
      let name = String(decoding: placement.picture.encoded, as: UTF8.self)
      for y in placement.visible.minY..<placement.visible.maxY {
        for x in placement.visible.minX..<placement.visible.maxX {
          expected.cells[y][x] = "\(name) \(y - placement.box.minY) \(x - placement.box.minX)"
        }
      }
    }
    return expected
  }

  /// 3,000 seeded frames: pictures laid out on a tall wall, scrolled by random amounts
  /// (mostly a row or two, sometimes a page or more), some frames with pictures hidden
  /// or the wall relaid, a clear now and then; after each, the model shows the frame.
  @Test func theTerminalShowsEveryFrameExactlyInvariant() {
    var generator = SeededGenerator(seed: 0x51C5)
    let width = 60
    let height = 30
    let region = 2..<(height - 1)
    var wall = Wall(width: width)
    wall.fill(&generator)
    var layer = PictureLayer(protocolKind: .sixel)
    var model = Model(width: width, height: height)
    var offset = 0
    var carried = 0
    for frame in 0..<3_000 {
      let roll = Int.random(in: 0..<100, using: &generator)
      var step = Int.random(in: -2...2, using: &generator)
      if roll < 10 { step = Int.random(in: -40...40, using: &generator) }
      let last = offset
      offset = Swift.max(0, Swift.min(170, offset + step))
      let cleared = frame == 0 || roll == 99
      if roll == 98 { wall.fill(&generator) }
      let hidden = roll == 97 ? Int.random(in: 0..<wall.entries.count, using: &generator) : nil
      let placements = wall.placements(offset: offset, region: region, hiding: hidden)
      let by = offset - last
      let scroll =
        !cleared && by != 0 && abs(by) < region.count
        ? PictureLayer.Scroll(rows: region, by: by, screenHeight: height) : nil
      if cleared { model = Model(width: width, height: height) }
      if let scroll {
        model.scroll(scroll)
        carried += 1
      }
      let plan = layer.plan(placements, screenHeight: height, cleared: cleared, scrolled: scroll)
      for row in plan.rewriteRows { model.rewrite(row) }
      model.paint(plan.output, pictures: wall.pictures)
      #expect(plan.shown.count == placements.count, "frame \(frame)")
      guard model.cells == Self.expected(plan, width: width, height: height).cells else {
        Issue.record("frame \(frame) (scrolled \(by)): the terminal shows something else")
        return
      }
    }
    #expect(carried > 2_000)
  }

  /// Writes the next whole escape of `queue` (as the backend finishes the one in flight).
  static func writeOneEscape(_ queue: inout PictureOutputQueue) -> [UInt8] {
    var out = Array(queue.next(limit: 1))
    queue.consume(out.count)
    let rest = Array(queue.restOfEscape)
    queue.consume(rest.count)
    out += rest
    return out
  }

  /// Sixel pieces queued behind keys on a slow link (`PictureOutputQueue`): 2,000 seeded
  /// frames of scrolling and relayouts, a random number of escapes written between
  /// frames, the pieces whose cells a frame changes dropped (`dropStale`; before a scroll every waiting one, `unsent`) as the
  /// backend does. At every moment each cell the model terminal shows as a picture's is
  /// the frame's (nothing wrong, only pieces still to come), and once the queue drains and
  /// the layer's follow-up frames are drawn, the screen is the frame exactly. In pieces
  /// of a row, as for a slow link, a row of the wider pictures in pieces of its columns;
  /// in cells of 18 and 20 px.
  @Test(arguments: [18, 20]) func queuedPiecesNeverDrawOverChangedCellsInvariant(cellHeight: Int) {
    var generator = SeededGenerator(seed: 0x0501_5E7)
    let width = 60
    let height = 30
    let region = 2..<(height - 1)
    var wall = Wall(width: width, cellHeight: cellHeight, busy: 5)
    wall.fill(&generator)
    let pictures = wall.pictures
    // A row of the widest pictures goes in two pieces, of the narrowest whole.
    #expect(pictures.values.contains { $0.pieces(cellRow: 0).count == 2 })
    #expect(pictures.values.contains { $0.pieces(cellRow: 0).count == 1 })
    var layer = PictureLayer(protocolKind: .sixel)
    layer.sendsByCellRow = true
    var queue = PictureOutputQueue()
    var model = Model(width: width, height: height)
    var offset = 0
    var dropped = 0
    func placements(hiding hidden: Int?) -> [PicturePlacement] {
      wall.placements(offset: offset, region: region, hiding: hidden)
    }
    func expected(_ plan: PictureLayer.Plan) -> Model {
      Self.expected(plan, width: width, height: height)
    }
    func frame(_ placements: [PicturePlacement], scroll: PictureLayer.Scroll?, cleared: Bool)
      -> PictureLayer.Plan
    {
      // As CursesTerminal.draw: the escape in flight finished first.
      model.paint(Array(queue.restOfEscape), pictures: pictures)
      queue.consume(queue.restOfEscape.count)
      if cleared {
        queue = PictureOutputQueue()
        model = Model(width: width, height: height)
      }
      if let scroll {
        model.scroll(scroll)
        let stale = queue.dropUnsent { _ in true }
        dropped += stale.count
        layer.unsent(stale)
      }
      let plan = layer.plan(placements, screenHeight: height, cleared: cleared, scrolled: scroll)
      for row in plan.rewriteRows { model.rewrite(row) }
      dropped += queue.dropStale(after: plan).count
      queue.append(plan.output, transmissions: plan.transmissions)
      return plan
    }
    var hidden: Int?
    for index in 0..<2_000 {
      let roll = Int.random(in: 0..<100, using: &generator)
      var step = Int.random(in: -2...2, using: &generator)
      if roll < 10 { step = Int.random(in: -40...40, using: &generator) }
      let last = offset
      offset = Swift.max(0, Swift.min(170, offset + step))
      if roll == 97 { hidden = Int.random(in: 0..<wall.entries.count, using: &generator) }
      if roll == 96 { hidden = nil }
      if roll >= 93 && roll <= 95 { wall.relayout(&generator) }
      let by = offset - last
      let cleared = index == 0 || roll == 99
      let scroll =
        !cleared && by != 0 && abs(by) < region.count
        ? PictureLayer.Scroll(rows: region, by: by, screenHeight: height) : nil
      let plan = frame(placements(hiding: hidden), scroll: scroll, cleared: cleared)
      // The link takes a few escapes before the next key.
      for _ in 0..<Int.random(in: 0...3, using: &generator) where !queue.isEmpty {
        model.paint(Self.writeOneEscape(&queue), pictures: pictures)
      }
      let want = expected(plan)
      for row in 0..<height {
        for column in 0..<width where model.cells[row][column] != nil {
          guard model.cells[row][column] == want.cells[row][column] else {
            Issue.record(
              "frame \(index) (scrolled \(by)): \(model.cells[row][column]!) at \(column),\(row)")
            return
          }
        }
      }
    }
    // The keys pause: the queue drains, the layer's follow-ups are drawn.
    var plan = frame(placements(hiding: hidden), scroll: nil, cleared: false)
    for _ in 0..<10 {
      while !queue.isEmpty { model.paint(Self.writeOneEscape(&queue), pictures: pictures) }
      guard layer.needsAnotherFrame else { break }
      plan = frame(placements(hiding: hidden), scroll: nil, cleared: false)
    }
    while !queue.isEmpty { model.paint(Self.writeOneEscape(&queue), pictures: pictures) }
    #expect(model.cells == expected(plan).cells)
    #expect(dropped > 100)
  }
}
