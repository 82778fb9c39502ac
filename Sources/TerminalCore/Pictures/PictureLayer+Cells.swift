import LayoutEngine

/// Sixel and iTerm2: pictures that belong to the cells they are drawn over.
extension PictureLayer {
  /// Rows the terminal scrolled before this frame, carrying their pixels with them
  /// (`PixelProtocol.scrollsWithText`): rows `rows` moved up by `by` (down when negative),
  /// the ones that left the range gone, the ones it brought in blank.
  ///
  /// Terminals leave stray pixels where a picture crossed the scrolled range's edge (xterm
  /// keeps a line of a picture scrolled out at the edge, and on scrolling down a copy in
  /// the rows it brings): `rewritten` are the rows ncurses rewrites whole after such a
  /// scroll (the brought rows, the range's first and last, and the rows just outside it),
  /// and the carried pictures there are sent again for those rows alone.
  package struct Scroll: Hashable, Sendable {
    package var rows: Range<Int>
    package var by: Int
    package var rewritten: Set<Int>

    package init(rows: Range<Int>, by: Int, screenHeight: Int = Int.max) {
      self.rows = rows
      self.by = by
      let brought =
        by > 0
        ? rows.upperBound - Swift.min(by, rows.count)..<rows.upperBound
        : rows.lowerBound..<rows.lowerBound + Swift.min(-by, rows.count)
      var edges: Set<Int> = [
        rows.lowerBound - 1, rows.lowerBound, rows.upperBound - 1, rows.upperBound,
      ]
      edges.formUnion(brought)
      rewritten = edges.filter { $0 >= 0 && $0 < screenHeight }
    }
  }

  /// The pictures shown inside the scrolled rows, moved as the terminal moved them and
  /// cut where they left the rows; one that left them wholly is gone with them.
  mutating func carry(_ scroll: Scroll) {
    let band = Rect(
      x: 0, y: scroll.rows.lowerBound, width: Int.max / 4, height: scroll.rows.count)
    for (id, placement) in shown
    where placement.visible.minY >= scroll.rows.lowerBound
      && placement.visible.maxY <= scroll.rows.upperBound
    {
      var moved = placement
      moved.box = placement.box.offsetBy(dx: 0, dy: -scroll.by)
      guard let visible = placement.visible.offsetBy(dx: 0, dy: -scroll.by).intersection(band),
        visible.height > 0
      else {
        shown[id] = nil
        continue
      }
      moved.visible = visible
      shown[id] = moved
      if let rows = unsentRows[id] {
        unsentRows[id] = Set(
          rows.map { $0 - scroll.by }.filter { visible.minY..<visible.maxY ~= $0 })
      }
    }
  }

  /// Whether `new` shows all that `old` showed, where it showed it (perhaps more rows of
  /// the same picture above or below): only rows it adds, or rows rewritten, need sending.
  static func keeps(_ old: PicturePlacement, in new: PicturePlacement) -> Bool {
    old.box == new.box && frame(of: old) == frame(of: new)
      && old.visible.minX == new.visible.minX && old.visible.width == new.visible.width
      && (old.visible.minY == new.visible.minY || old.visible.maxY == new.visible.maxY)
      && new.visible.minY <= old.visible.minY && new.visible.maxY >= old.visible.maxY
  }

  /// The rows of each picture to send: none for one that stays as it was; for one that
  /// keeps what it showed (`keeps`), the rows it adds and its rows among the scroll's
  /// rewritten ones; every visible row for the others, and for any crossing a row
  /// ncurses rewrites because a picture left it (`rewriteRows`, which erases what was
  /// there).
  mutating func planCells(_ wanted: [PicturePlacement], scrolled: Scroll?, into plan: inout Plan) {
    var left = Set<Int>()
    let wantedByID = Dictionary(
      wanted.map { ($0.picture.id, $0) }, uniquingKeysWith: { first, _ in first })
    for (id, old) in shown
    where wantedByID[id].map({
      ($0.box != old.box || $0.visible != old.visible
        || (Self.frame(of: $0) != Self.frame(of: old) && !Self.replacesFrames($0)))
        && !Self.keeps(old, in: $0)
    }) ?? true {
      left.formUnion(old.visible.minY..<old.visible.maxY)
    }
    let rewritten = scrolled?.rewritten ?? []
    plan.rewriteRows = left.union(rewritten).sorted()
    for placement in wanted {
      let rows = placement.visible.minY..<placement.visible.maxY
      var send: [Int]
      if let old = shown[placement.picture.id], Self.keeps(old, in: placement),
        !rows.contains(where: left.contains)
      {
        let unsent = unsentRows[placement.picture.id] ?? []
        send = rows.filter { !(old.visible.minY..<old.visible.maxY).contains($0) }
        send += rows.filter {
          (rewritten.contains($0) || unsent.contains($0)) && !send.contains($0)
        }
        // Rows apart are crops of the first frame: an animation's later frame goes whole.
        if Self.frame(of: placement) != 0 && !send.isEmpty { send = Array(rows) }
      } else {
        send = Array(rows)
        plan.redrawn.insert(placement.picture.id)
      }
      for band in Self.runs(send.sorted()) {
        draw(placement, rows: band, into: &plan)
      }
    }
    unsentRows = [:]
  }

  /// Sixel, iTerm2: pieces left unsent (`Plan.transmissions` dropped from the queue
  /// before a scroll the terminal makes, which moves their rows): their rows are sent
  /// again in the next frame, where the picture is then (moved with the scroll; the whole
  /// picture if it moved otherwise). The rest of it is where the layer thinks, so the
  /// rows it leaves are still rewritten.
  package mutating func unsent(_ pieces: [Transmission]) {
    for piece in pieces {
      guard let placement = shown[piece.image] else { continue }
      let visible = placement.visible.minY..<placement.visible.maxY
      let rows = (piece.rows ?? visible).clamped(to: visible)
      unsentRows[piece.image, default: []].formUnion(rows)
    }
  }

  /// `rows` (sorted) as runs of consecutive rows.
  static func runs(_ rows: [Int]) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    for row in rows {
      if let last = runs.last, last.upperBound == row {
        runs[runs.count - 1] = last.lowerBound..<row + 1
      } else {
        runs.append(row..<row + 1)
      }
    }
    return runs
  }

  /// Picture `placement`'s screen rows `rows` drawn where they go (a transmission of its
  /// own, which may be left unsent).
  private func draw(_ placement: PicturePlacement, rows: Range<Int>, into plan: inout Plan) {
    let visible = Rect(
      x: placement.visible.minX, y: rows.lowerBound, width: placement.visible.width,
      height: rows.count)
    let inPicture = visible.offsetBy(dx: -placement.box.minX, dy: -placement.box.minY)
    let at = (visible.minX, visible.minY)
    func send(_ bytes: [UInt8], rows: Range<Int>) {
      let start = plan.output.count
      plan.output += bytes
      plan.transmissions.append(
        Transmission(range: start..<plan.output.count, image: placement.picture.id, rows: rows))
    }
    // For a slow link, a sixel's rows one at a time, each in pieces of a few kilobytes
    // (made ahead by the workers); an animation's later frame goes whole (a row alone is
    // of the first frame). A row's pieces go from right to left: mlterm, drawing a sixel
    // that arrives slowly, leaves a 1 px line in the text's colour at its first column
    // until the cell to its left is drawn again, which the next piece then does.
    let byRow = protocolKind.goesByCellRow && sendsByCellRow && Self.frame(of: placement) == 0
    let encoded =
      byRow
      ? []
      : visible == placement.box
        ? placement.picture.encodedFrame(Self.frame(of: placement))
        : placement.picture.encoded(cellRows: inPicture.minY..<inPicture.maxY)
    switch protocolKind {
    case .sixel:
      guard byRow else {
        send(PictureEscapes.sixel(encoded, at: at), rows: rows)
        break
      }
      for row in 0..<visible.height {
        let top = at.1 + row
        for piece in placement.picture.pieces(cellRow: inPicture.minY + row).reversed() {
          send(
            PictureEscapes.sixel(piece.bytes, at: (at.0 + piece.column, top)), rows: top..<top + 1)
        }
      }
    case .iterm:
      send(
        PictureEscapes.iterm(encoded, at: at, columns: visible.width, rows: visible.height),
        rows: rows)
    case .kitty, .kittyUnicode:
      break
    }
  }

  /// The frame a sixel or iTerm2 placement shows: its own when the whole picture is on
  /// screen, else the first (a cut picture's crop is not sent anew for each frame).
  static func frame(of placement: PicturePlacement) -> Int {
    placement.isWhole ? placement.frame : 0
  }

  /// Whether a new frame drawn over the last replaces it without erasing: an iTerm2
  /// picture replaces the cells' picture, a sixel only where its pixels are opaque.
  static func replacesFrames(_ placement: PicturePlacement) -> Bool {
    placement.picture.protocolKind.replacesWhatIsBelow
      || placement.picture.animation?.isOpaque ?? true
  }
}
