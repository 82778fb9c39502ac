import LayoutEngine

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
///   last row (a sixel there scrolls the screen) and are not drawn cut sideways.
///
/// Animated pictures: kitty is sent every frame once (`a=f`) and plays them itself, so an
/// animation costs no byte after it is sent, and moving it keeps it playing; it is told to
/// run in the frame after the one that placed it (kitty runs only what it has drawn).
/// Sixel and iTerm2 are sent each frame as it comes, whole pictures only; a sixel frame
/// with transparent pixels has its cells erased first (its pixels would keep the last
/// frame's under them).
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

    package init() {}
  }

  /// The placements on screen, by image.
  private var shown: [UInt32: PicturePlacement] = [:]
  /// kitty: images in the terminal, with their data's size and the frame last on screen.
  private var stored: [UInt32: (bytes: Int, lastFrame: Int)] = [:]
  private var storedBytes = 0
  private var frame = 0
  /// kitty: how each animated image moves now, as last told.
  private var motions: [UInt32: PicturePlacement.Motion] = [:]
  /// kitty: animations placed in the last frame, to be started in the next.
  private var pendingStarts: Set<UInt32> = []

  package init(protocolKind: PixelProtocol, terminalBudget: Int = 160 << 20) {
    self.protocolKind = protocolKind
    self.terminalBudget = terminalBudget
  }

  /// The images kitty holds now, by id (for tests).
  package var storedPictures: Set<UInt32> { Set(stored.keys) }

  /// Whether another frame must be planned soon, even with nothing changed: kitty plays
  /// an animation only once it has drawn its placement, so the start goes in a frame of
  /// its own.
  package var needsAnotherFrame: Bool { !pendingStarts.isEmpty }

  /// What to do to show `placements` on a screen of `height` rows; `cleared` when the
  /// terminal was cleared since the last frame (or this is the first).
  ///
  /// - Complexity: O(p log p) for p placements on screen, plus the bytes written.
  package mutating func plan(_ placements: [PicturePlacement], screenHeight: Int, cleared: Bool)
    -> Plan
  {
    frame += 1
    if cleared {
      shown = [:]
      stored = [:]
      storedBytes = 0
      motions = [:]
      pendingStarts = []
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
    case .kitty: planKitty(wanted, into: &plan)
    case .sixel, .iterm: planCells(wanted, into: &plan)
    }
    shown = Dictionary(wanted.map { ($0.picture.id, $0) }, uniquingKeysWith: { first, _ in first })
    plan.shown = wanted
    return plan
  }

  private mutating func planKitty(_ wanted: [PicturePlacement], into plan: inout Plan) {
    let wantedIDs = Set(wanted.map(\.picture.id))
    for id in shown.keys.sorted() where !wantedIDs.contains(id) {
      plan.output += PictureEscapes.kittyDeletePlacement(id: id)
    }
    // Animations placed in the frame before, drawn by now: told to run.
    let starting = pendingStarts
    pendingStarts = []
    for placement in wanted {
      let image = placement.picture
      if stored[image.id] == nil {
        plan.output += PictureEscapes.kittyTransmit(id: image.id, png: image.encoded)
        var bytes = image.width * image.height * 4
        if let animation = image.animation {
          for (index, frame) in animation.frames.enumerated() {
            plan.output += PictureEscapes.kittyFrame(
              id: image.id, png: frame, gap: animation.timing.delays[index + 1])
          }
          plan.output += PictureEscapes.kittyFirstGap(
            id: image.id, gap: animation.timing.delays[0])
          bytes *= 1 + animation.frames.count
        }
        stored[image.id] = (bytes, frame)
        storedBytes += bytes
      }
      stored[image.id]?.lastFrame = frame
      let placedNow = shown[image.id] == nil
      let moved =
        shown[image.id].map { $0.box != placement.box || $0.visible != placement.visible } ?? true
      if moved {
        let inPicture = placement.visibleInPicture
        let cell = image.cellPixels
        plan.output += PictureEscapes.kittyPlace(
          id: image.id, at: (placement.visible.minX, placement.visible.minY),
          source: (
            inPicture.minX * cell.width, inPicture.minY * cell.height,
            Swift.min(image.width - inPicture.minX * cell.width, inPicture.width * cell.width),
            Swift.min(image.height - inPicture.minY * cell.height, inPicture.height * cell.height)
          ), columns: placement.visible.width, rows: placement.visible.height)
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
          id: image.id, motion: placement.motion, plays: animation.timing.plays)
        motions[image.id] = placement.motion
      }
    }
    // Over budget: free what is off screen, least recently shown first.
    if storedBytes > terminalBudget {
      let idle = stored.filter { !wantedIDs.contains($0.key) }.sorted {
        ($0.value.lastFrame, $0.key) < ($1.value.lastFrame, $1.key)
      }
      for (id, entry) in idle where storedBytes > terminalBudget {
        plan.output += PictureEscapes.kittyFree(id: id)
        stored[id] = nil
        motions[id] = nil
        storedBytes -= entry.bytes
      }
    }
  }

  private mutating func planCells(_ wanted: [PicturePlacement], into plan: inout Plan) {
    var rewrite = Set<Int>()
    let wantedByID = Dictionary(
      wanted.map { ($0.picture.id, $0) }, uniquingKeysWith: { first, _ in first })
    for (id, old) in shown
    where wantedByID[id].map({
      $0.box != old.box || $0.visible != old.visible
        || (Self.frame(of: $0) != Self.frame(of: old) && !Self.replacesFrames($0))
    }) ?? true {
      rewrite.formUnion(old.visible.minY..<old.visible.maxY)
    }
    plan.rewriteRows = rewrite.sorted()
    for placement in wanted {
      let rows = placement.visible.minY..<placement.visible.maxY
      let moved =
        shown[placement.picture.id].map {
          $0.box != placement.box || $0.visible != placement.visible
            || Self.frame(of: $0) != Self.frame(of: placement)
        } ?? true
      guard moved || rows.contains(where: rewrite.contains) else { continue }
      let inPicture = placement.visibleInPicture
      let encoded =
        placement.isWhole
        ? placement.picture.encodedFrame(Self.frame(of: placement))
        : placement.picture.encoded(cellRows: inPicture.minY..<inPicture.maxY)
      let at = (placement.visible.minX, placement.visible.minY)
      switch protocolKind {
      case .sixel:
        plan.output += PictureEscapes.sixel(encoded, at: at)
      case .iterm:
        plan.output += PictureEscapes.iterm(
          encoded, at: at, columns: placement.visible.width, rows: placement.visible.height)
      case .kitty:
        break
      }
    }
  }

  /// The frame a sixel or iTerm2 placement shows: its own when the whole picture is on
  /// screen, else the first (a cut picture's crop is not sent anew for each frame).
  private static func frame(of placement: PicturePlacement) -> Int {
    placement.isWhole ? placement.frame : 0
  }

  /// Whether a new frame drawn over the last replaces it without erasing: an iTerm2
  /// picture replaces the cells' picture, a sixel only where its pixels are opaque.
  private static func replacesFrames(_ placement: PicturePlacement) -> Bool {
    placement.picture.protocolKind.replacesWhatIsBelow
      || placement.picture.animation?.isOpaque ?? true
  }
}
