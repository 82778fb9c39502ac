import LayoutEngine
import TerminalScreen

/// The pixel pictures beside the text: which pictures the terminal shows where, and what
/// to write to make it show the next frame's. Pure (it writes nothing itself): the curses
/// backend asks it for a `Plan` per frame, rewrites the plan's rows before ncurses' frame
/// and writes its bytes after it.
///
/// - **kitty**: each image is transmitted once (kitty keeps it until a clear, or until it
///   is freed), then placed; a placement that moves or is cut differently is placed again
///   (which moves it), one that leaves the screen is deleted. Images far from the screen
///   are freed once the data in the terminal passes `terminalBudget` bytes, least
///   recently shown first, so the terminal's memory stays bounded (kitty's own quota is
///   320 MB).
/// - **sixel, iTerm2**: the pixels belong to the cells, and ncurses does not know they are
///   there: text written over them erases them, and a blank cell that stays blank is
///   never written. So the rows a picture left (moved, cut, removed) are rewritten by
///   ncurses (`rewriteRows`), which erases what is left of it, and every picture crossing
///   a rewritten row is sent again. Pictures are cut to the visible rows, never reach the
///   last row (a sixel there scrolls the screen) and are not drawn cut sideways. Where
///   the terminal scrolled rows since the last frame, carrying sixel pixels with them
///   (`Scroll`), the pictures there are taken as moved: one still whole costs nothing,
///   one that scrolled in is sent for the rows it brought, and each for its rows where
///   the terminal may have left stray pixels (`Scroll.rewritten`, `PictureLayer+Cells`).
///
/// Animated pictures: kitty is sent every frame once (`a=f`) and plays them itself, so an
/// animation costs no byte after it is sent, and moving it keeps it playing; it is told to
/// run in the frame after the one that placed it (kitty runs only what it has drawn).
/// Sixel and iTerm2 are sent each frame as it comes, whole pictures only; a sixel frame
/// with transparent pixels has its cells erased first (its pixels would keep the last
/// frame's under them).
///
/// - **kitty's Unicode placeholders**: each image is transmitted once with a virtual
///   placement of its whole box; the picture is drawn by placeholder cells (`Plan.cells`)
///   that the frame writes like text, each naming its row and column of the image whose
///   id is its colour (16–255 in 256 colours, so that the colour is always sent as
///   `38;5;N`; 256 on in 24-bit). Moving, cutting or hiding a picture is the text's
///   business: no picture byte is written for it. Inside tmux every escape goes through
///   passthrough (`throughTmux`).
///
/// While keys repeat, kitty is sent no new picture (`PicturePlacement.keysRepeat`):
/// the pictures it holds move, the others come when the keys pause.
///
/// After a clear (the first frame, a resize, a resume) the terminal holds nothing: every
/// picture is sent again (and, in kitty, transmitted again: ED 2 wipes kitty's images).
package struct PictureLayer {
  package let protocolKind: PixelProtocol
  /// The bytes of image data kitty may hold (its own count: 4 bytes a pixel).
  package let terminalBudget: Int

  /// What each frame needs done.
  package struct Plan: Hashable, Sendable {
    /// Rows ncurses must rewrite in this frame (sorted, no repeats).
    package var rewriteRows: [Int] = []
    /// What to write after ncurses' frame.
    package var output: [UInt8] = []
    /// The pictures on screen after it, as the terminal shows them.
    package var shown: [PicturePlacement] = []
    /// Cells the frame writes over its own (kitty's Unicode placeholders), row by row.
    package var cells: [PlaceholderCell] = []
    /// The bytes of `output` that send one picture anew (kitty: its transmission, frames
    /// and placement; sixel: each piece of it drawn), which may be left unsent if it is no
    /// longer wanted before they go (`PictureOutputQueue.dropUnsent`, then `forget` or
    /// `unsent`).
    package var transmissions: [Transmission] = []
    /// kitty reading this machine's shared memory: the objects to make before `output`
    /// is written, which its transmissions name.
    package var sharedObjects: [SharedObject] = []
    /// Sixel, iTerm2: the pictures sent for every row they show because they are new or
    /// changed (moved, cut otherwise, another frame): what was queued of them is stale.
    package var redrawn: Set<UInt32> = []

    package init() {}
  }

  /// A picture's data for kitty to read from a POSIX shared memory object (`t=s`).
  package struct SharedObject: Hashable, Sendable {
    package var name: String
    package var bytes: [UInt8]
    /// The picture it belongs to.
    package var image: UInt32
  }

  /// The bytes of a plan's output that send picture `image` anew.
  package struct Transmission: Hashable, Sendable {
    package var range: Range<Int>
    package var image: UInt32
    /// Sixel, iTerm2: the screen rows it draws (`nil`: every row the picture shows).
    package var rows: Range<Int>?

    package init(range: Range<Int>, image: UInt32, rows: Range<Int>? = nil) {
      self.range = range
      self.image = image
      self.rows = rows
    }

    /// The same bytes at `range`.
    package func moved(to range: Range<Int>) -> Transmission {
      Transmission(range: range, image: image, rows: rows)
    }
  }

  /// A placeholder cell: where, what it holds, and the colour that names its image.
  package struct PlaceholderCell: Hashable, Sendable {
    package var x: Int
    package var y: Int
    package var grapheme: String
    package var color: TerminalColor
  }

  /// The placements on screen, by image.
  var shown: [UInt32: PicturePlacement] = [:]
  /// Sixel, iTerm2: the screen rows of each picture to send again (`unsent`).
  var unsentRows: [UInt32: Set<Int>] = [:]
  /// Sixel for a slow link: each picture sent a cell row at a time, a row in pieces of
  /// its columns where it is large (`PixelPicture.pieces(cellRow:)`), each a transmission
  /// of its own, so that a key's frame never waits for more than a piece.
  package var sendsByCellRow = false
  /// kitty: images in the terminal, with their data's size and the frame last on screen.
  private var stored: [UInt32: (bytes: Int, lastFrame: Int)] = [:]
  private var storedBytes = 0
  private var frame = 0
  /// kitty: how each animated image moves now, as last told.
  private var motions: [UInt32: PicturePlacement.Motion] = [:]
  /// kitty: animations placed in the last frame, to be started in the next.
  private var pendingStarts: Set<UInt32> = []

  /// Placeholder cells: the escapes go through tmux's passthrough.
  package let throughTmux: Bool
  /// Placeholder cells: ids are 24-bit colours (else palette entries 16–255).
  package let directColor: Bool
  /// Placeholder cells: the terminal's id of each picture (the colour its cells carry),
  /// and the ids free to give.
  private var terminalIDs: [UInt32: UInt32] = [:]
  private var freeIDs: [UInt32] = []
  /// Placeholder cells: the box each image's virtual placement covers, in cells.
  private var placedSizes: [UInt32: Size] = [:]

  /// kitty on this machine: what the names of shared memory objects begin with (pictures
  /// go through them, not as base64 on the link); `nil`: base64.
  package private(set) var sharedMemory: String?
  private var sharedCount = 0

  package init(
    protocolKind: PixelProtocol, terminalBudget: Int = 160 << 20, throughTmux: Bool = false,
    directColor: Bool = false, sharedMemory: String? = nil
  ) {
    self.protocolKind = protocolKind
    self.terminalBudget = terminalBudget
    self.throughTmux = throughTmux
    self.directColor = directColor
    self.sharedMemory = protocolKind.keepsPictures ? sharedMemory : nil
    freeIDs = Self.idRange(directColor: directColor).reversed()
  }

  /// The ids placeholder cells may carry: 16–255 as palette entries (below 16 ncurses
  /// would send the theme's colours as `ESC [ 3x m`, no id), 256 on as 24-bit colours (up
  /// to 65,535 here: more than any screen holds).
  static func idRange(directColor: Bool) -> ClosedRange<UInt32> {
    directColor ? 256...65_535 : 16...255
  }

  /// The colour of a placeholder cell of image `id`.
  static func color(ofID id: UInt32, directColor: Bool) -> TerminalColor {
    directColor
      ? .rgb(red: UInt8(id >> 16 & 0xFF), green: UInt8(id >> 8 & 0xFF), blue: UInt8(id & 0xFF))
      : .indexed(UInt8(id))
  }

  /// What frees every image the terminal holds for placeholder cells (they are not on
  /// any screen the terminal erases), when the browser ends; nothing for the others.
  package func farewell() -> [UInt8] {
    switch protocolKind {
    case .kittyUnicode:
      var out: [UInt8] = []
      for id in stored.keys.sorted() {
        if let terminalID = terminalIDs[id] { out += PictureEscapes.kittyFree(id: terminalID) }
      }
      return throughTmux ? PictureEscapes.throughTmux(out) : out
    case .kitty, .sixel, .iterm:
      return []
    }
  }

  /// The images kitty holds now, by id (for tests).
  package var storedPictures: Set<UInt32> { Set(stored.keys) }

  /// Whether another frame must be planned soon, even with nothing changed: kitty plays
  /// an animation only once it has drawn its placement, so the start goes in a frame of
  /// its own.
  package var needsAnotherFrame: Bool { !pendingStarts.isEmpty || !unsentRows.isEmpty }

  /// What to do to show `placements` on a screen of `height` rows; `cleared` when the
  /// terminal was cleared since the last frame (or this is the first); `scrolled` when
  /// it scrolled rows since, carrying the pixels in them (the pictures shown there are
  /// taken as moved with them: only what the scroll brought on screen is sent).
  ///
  /// - Complexity: O(p log p) for p placements on screen, plus the bytes written.
  package mutating func plan(
    _ placements: [PicturePlacement], screenHeight: Int, cleared: Bool, scrolled: Scroll? = nil
  ) -> Plan {
    frame += 1
    let carried = cleared || !protocolKind.scrollsWithText ? nil : scrolled
    if let carried { carry(carried) }
    if cleared {
      shown = [:]
      stored = [:]
      storedBytes = 0
      motions = [:]
      pendingStarts = []
      terminalIDs = [:]
      freeIDs = Self.idRange(directColor: directColor).reversed()
      placedSizes = [:]
      unsentRows = [:]
    }
    // What can be shown: one placement per image, on screen, not on the last row.
    var wanted: [PicturePlacement] = []
    var seen = Set<UInt32>()
    let usable = Rect(x: 0, y: 0, width: Int.max / 4, height: Swift.max(0, screenHeight - 1))
    for placement in placements where !seen.contains(placement.picture.id) {
      guard let visible = placement.visible.intersection(usable), visible.width > 0,
        visible.height > 0, placement.box.width > 0, placement.box.height > 0
      else { continue }
      if !protocolKind.cropsSideways && visible.width != placement.box.width { continue }
      var kept = placement
      kept.visible = visible
      wanted.append(kept)
      seen.insert(placement.picture.id)
    }
    // A terminal that keeps pictures, while keys repeat: only pictures it holds already.
    if protocolKind.keepsPictures {
      wanted.removeAll { $0.keysRepeat && stored[$0.picture.id] == nil }
    }
    var plan = Plan()
    switch protocolKind {
    case .kitty, .kittyUnicode: planKitty(&wanted, into: &plan)
    case .sixel, .iterm: planCells(wanted, scrolled: carried, into: &plan)
    }
    if throughTmux && !plan.output.isEmpty {
      // Wrapped a transmission at a time, so that each keeps its own range.
      var wrapped: [UInt8] = []
      var transmissions: [Transmission] = []
      var done = 0
      for transmission in plan.transmissions {
        wrapped += PictureEscapes.throughTmux(
          Array(plan.output[done..<transmission.range.lowerBound]))
        let start = wrapped.count
        wrapped += PictureEscapes.throughTmux(Array(plan.output[transmission.range]))
        transmissions.append(transmission.moved(to: start..<wrapped.count))
        done = transmission.range.upperBound
      }
      wrapped += PictureEscapes.throughTmux(Array(plan.output[done...]))
      plan.output = wrapped
      plan.transmissions = transmissions
    }
    shown = Dictionary(wanted.map { ($0.picture.id, $0) }, uniquingKeysWith: { first, _ in first })
    plan.shown = wanted
    return plan
  }

  /// kitty, placed beside the text or by placeholder cells: images transmitted once and
  /// kept; placements moved (beside the text) or cells written (placeholders).
  private mutating func planKitty(_ wanted: inout [PicturePlacement], into plan: inout Plan) {
    if protocolKind.drawsWithText { giveIDs(&wanted, into: &plan) }
    let wantedIDs = Set(wanted.map(\.picture.id))
    if !protocolKind.drawsWithText {
      for id in shown.keys.sorted() where !wantedIDs.contains(id) {
        plan.output += PictureEscapes.kittyDeletePlacement(id: id)
      }
    }
    // Animations placed in the frame before, drawn by now: told to run.
    let starting = pendingStarts
    pendingStarts = []
    for placement in wanted {
      let image = placement.picture
      let id = terminalIDs[image.id] ?? image.id
      // A picture sent anew: its bytes, to the end of this placement's, may stay unsent.
      let transmissionStart = stored[image.id] == nil ? plan.output.count : nil
      defer {
        if let transmissionStart {
          plan.transmissions.append(
            Transmission(range: transmissionStart..<plan.output.count, image: image.id))
        }
      }
      if stored[image.id] == nil {
        if let name = share(image.encoded, of: image.id, into: &plan) {
          plan.output += PictureEscapes.kittyTransmit(id: id, sharedMemory: name)
        } else {
          plan.output += PictureEscapes.kittyTransmit(id: id, png: image.encoded)
        }
        var bytes = image.width * image.height * 4
        if let animation = image.animation {
          for (index, frame) in animation.frames.enumerated() {
            let gap = animation.timing.delays[index + 1]
            if let name = share(frame, of: image.id, into: &plan) {
              plan.output += PictureEscapes.kittyFrame(id: id, sharedMemory: name, gap: gap)
            } else {
              plan.output += PictureEscapes.kittyFrame(id: id, png: frame, gap: gap)
            }
          }
          plan.output += PictureEscapes.kittyFirstGap(id: id, gap: animation.timing.delays[0])
          bytes *= 1 + animation.frames.count
        }
        stored[image.id] = (bytes, frame)
        storedBytes += bytes
        placedSizes[image.id] = nil
      }
      stored[image.id]?.lastFrame = frame
      let placedNow: Bool
      if protocolKind.drawsWithText {
        let size = Size(width: placement.box.width, height: placement.box.height)
        placedNow = placedSizes[image.id] != size
        if placedNow {
          plan.output += PictureEscapes.kittyVirtualPlacement(
            id: id, columns: size.width, rows: size.height)
          placedSizes[image.id] = size
        }
        let color = Self.color(ofID: id, directColor: directColor)
        let inPicture = placement.visibleInPicture
        for row in 0..<placement.visible.height {
          for column in 0..<placement.visible.width {
            plan.cells.append(
              PlaceholderCell(
                x: placement.visible.minX + column, y: placement.visible.minY + row,
                grapheme: PlaceholderMarks.cell(
                  row: inPicture.minY + row, column: inPicture.minX + column),
                color: color))
          }
        }
      } else {
        placedNow = shown[image.id] == nil
        let moved =
          shown[image.id].map { $0.box != placement.box || $0.visible != placement.visible }
          ?? true
        if moved {
          let inPicture = placement.visibleInPicture
          let cell = image.cellPixels
          plan.output += PictureEscapes.kittyPlace(
            id: id, at: (placement.visible.minX, placement.visible.minY),
            source: (
              inPicture.minX * cell.width, inPicture.minY * cell.height,
              Swift.min(image.width - inPicture.minX * cell.width, inPicture.width * cell.width),
              Swift.min(
                image.height - inPicture.minY * cell.height, inPicture.height * cell.height)
            ), columns: placement.visible.width, rows: placement.visible.height)
        }
      }
      guard let animation = image.animation else { continue }
      // A placement made now (not moved: a moved one plays on) shows a still frame until
      // kitty, having drawn it, is told to run it: in the next frame.
      if placedNow {
        motions[image.id] = .first
        if placement.motion == .playing {
          pendingStarts.insert(image.id)
          continue
        }
      }
      if motions[image.id] != placement.motion || starting.contains(image.id) {
        plan.output += PictureEscapes.kittyAnimation(
          id: id, motion: placement.motion, plays: animation.timing.plays)
        motions[image.id] = placement.motion
      }
    }
    // Over budget: free what is off screen, least recently shown first.
    if storedBytes > terminalBudget {
      let idle = stored.filter { !wantedIDs.contains($0.key) }.sorted {
        ($0.value.lastFrame, $0.key) < ($1.value.lastFrame, $1.key)
      }
      for (id, _) in idle where storedBytes > terminalBudget {
        free(id, into: &plan)
      }
    }
  }

  /// `bytes` of picture `image` put in a shared memory object of the plan's, named
  /// anew; `nil` when pictures go as base64.
  private mutating func share(_ bytes: [UInt8], of image: UInt32, into plan: inout Plan)
    -> String?
  {
    guard let sharedMemory else { return nil }
    sharedCount += 1
    let name = "\(sharedMemory)-\(sharedCount)"
    plan.sharedObjects.append(SharedObject(name: name, bytes: bytes, image: image))
    return name
  }

  /// Pictures go as base64 from now on (a shared memory object could not be made); the
  /// ones whose objects failed are forgotten (`forget`), to be sent again.
  package mutating func stopSharingMemory() {
    sharedMemory = nil
  }

  /// Placeholder cells: an id for each wanted picture that has none, freeing the images
  /// least recently shown off screen when none is left; a picture that still gets none
  /// (more on screen than ids) waits, its cells blank.
  private mutating func giveIDs(_ wanted: inout [PicturePlacement], into plan: inout Plan) {
    let wantedIDs = Set(wanted.map(\.picture.id))
    var idle = terminalIDs.keys.filter { !wantedIDs.contains($0) }.sorted {
      (stored[$0]?.lastFrame ?? 0, $0) > (stored[$1]?.lastFrame ?? 0, $1)
    }
    wanted.removeAll { placement in
      let image = placement.picture.id
      if terminalIDs[image] != nil { return false }
      if freeIDs.isEmpty, let oldest = idle.popLast() { free(oldest, into: &plan) }
      guard let id = freeIDs.popLast() else { return true }
      terminalIDs[image] = id
      return false
    }
  }

  /// Forgets pictures whose transmissions were left unsent (`Plan.transmissions`): the
  /// terminal never got them, so they are sent anew if wanted again.
  package mutating func forget(_ images: Set<UInt32>) {
    for id in images {
      if let entry = stored[id] { storedBytes -= entry.bytes }
      stored[id] = nil
      shown[id] = nil
      motions[id] = nil
      placedSizes[id] = nil
      pendingStarts.remove(id)
      if let terminalID = terminalIDs.removeValue(forKey: id) { freeIDs.append(terminalID) }
    }
  }

  /// Frees image `id` in the terminal and forgets it (its terminal id, for placeholder
  /// cells, given again).
  private mutating func free(_ id: UInt32, into plan: inout Plan) {
    let terminalID = terminalIDs[id] ?? id
    if stored[id] != nil { plan.output += PictureEscapes.kittyFree(id: terminalID) }
    if let entry = stored[id] { storedBytes -= entry.bytes }
    stored[id] = nil
    motions[id] = nil
    placedSizes[id] = nil
    if terminalIDs.removeValue(forKey: id) != nil { freeIDs.append(terminalID) }
  }
}
