/// Picture bytes waiting for the terminal to take them, so that a slow link (SSH at 200
/// KB/s: a photo's kitty transmission takes half a second) never holds up the frame a
/// key asked for. The backend writes what the terminal takes without waiting
/// (`next`, `consume`) while it waits for keys, and a frame's text goes out between two
/// escapes: before a frame, only the rest of the escape in flight is finished
/// (`restOfEscape`), never the whole queue.
///
/// Only for protocols whose escapes may arrive late (`PixelProtocol.mayArriveLate`:
/// kitty's, each transmission chunk, placement and deletion complete in itself and
/// placed by absolute position or by cells). Where the text may go is found from the
/// bytes: not inside a string escape (APC, DCS: `ESC _`, `ESC P` to `ESC \`, a doubled
/// escape character inside tmux's passthrough being one), a CSI, or a cursor save and
/// its restore (`ESC 7` … `ESC 8`, around a placement at the cursor).
package struct PictureOutputQueue: Sendable {
  private var bytes: [UInt8] = []
  /// How many of `bytes` were written.
  private var start = 0
  /// The offsets in `bytes` where text may go between escapes, ascending (the last is
  /// `bytes.count` once whole escapes were appended).
  private var breaks: [Int] = []
  /// Whole pictures sent anew (`PictureLayer.Plan.transmissions`), by their place in
  /// `bytes`, which may be dropped before they start.
  private var transmissions: [PictureLayer.Transmission] = []

  package init() {}

  /// Whether nothing waits.
  package var isEmpty: Bool { start == bytes.count }

  /// How many bytes wait.
  package var count: Int { bytes.count - start }

  /// Queues `output` (whole escapes, as the picture layer writes them), with the ranges
  /// in it that send one picture each (`transmissions`).
  package mutating func append(
    _ output: [UInt8], transmissions: [PictureLayer.Transmission] = []
  ) {
    guard !output.isEmpty else { return }
    compact()
    let base = bytes.count
    bytes += output
    for offset in Self.breaks(in: output) { breaks.append(base + offset) }
    for transmission in transmissions {
      self.transmissions.append(
        transmission.moved(
          to: (base + transmission.range.lowerBound)..<(base + transmission.range.upperBound)))
    }
  }

  /// Drops the transmissions not begun of pictures not in `wanted` (no longer on screen,
  /// or asked for again at another size), and returns those pictures: the terminal never
  /// gets them (the picture layer must `forget` them).
  package mutating func dropUnsent(except wanted: Set<UInt32>) -> Set<UInt32> {
    Set(dropUnsent { !wanted.contains($0.image) }.map(\.image))
  }

  /// Sixel: drops the pieces not begun that the frame of `plan` makes wrong or needless:
  /// of a picture gone, or drawn anew (moved, cut otherwise, another frame: each of its
  /// rows is in the plan), and of a picture that stays those of rows the plan sends again.
  /// What the plan does not send of a picture that stays is still right where it is, so
  /// nothing dropped needs sending again; the pieces dropped are returned.
  @discardableResult
  package mutating func dropStale(after plan: PictureLayer.Plan) -> [PictureLayer.Transmission] {
    let wanted = Set(plan.shown.map(\.picture.id))
    var sent: [UInt32: Set<Int>] = [:]
    for transmission in plan.transmissions {
      sent[transmission.image, default: []].formUnion(transmission.rows ?? 0..<0)
    }
    return dropUnsent { piece in
      guard wanted.contains(piece.image), !plan.redrawn.contains(piece.image) else { return true }
      guard let again = sent[piece.image] else { return false }
      return piece.rows.map { $0.allSatisfy(again.contains) } ?? true
    }
  }

  /// Drops the transmissions not begun that `condition` picks, and returns them.
  package mutating func dropUnsent(where condition: (PictureLayer.Transmission) -> Bool)
    -> [PictureLayer.Transmission]
  {
    let dropped = transmissions.filter { $0.range.lowerBound >= start && condition($0) }
    guard !dropped.isEmpty else { return [] }
    // Rebuilt without them: every later offset moves back by what went before it.
    var kept: [UInt8] = Array(bytes[..<start])
    var removedBefore: [(at: Int, total: Int)] = []
    var removed = 0
    var cursor = start
    for transmission in dropped.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
      kept += bytes[cursor..<transmission.range.lowerBound]
      removed += transmission.range.count
      removedBefore.append((transmission.range.upperBound, removed))
      cursor = transmission.range.upperBound
    }
    kept += bytes[cursor...]
    func moved(_ offset: Int) -> Int {
      offset - (removedBefore.last { $0.at <= offset }?.total ?? 0)
    }
    let droppedRanges = dropped.map(\.range)
    breaks = breaks.filter { offset in
      !droppedRanges.contains { $0.contains(offset) && offset != $0.lowerBound }
    }.map(moved)
    var seen = Set<Int>()
    breaks = breaks.filter { seen.insert($0).inserted }
    transmissions = transmissions.filter { kept in !dropped.contains(kept) }.map {
      $0.moved(to: moved($0.range.lowerBound)..<moved($0.range.upperBound))
    }
    bytes = kept
    if start == bytes.count { consume(0) }
    return dropped
  }

  /// The next bytes to write, at most `limit`.
  package func next(limit: Int) -> ArraySlice<UInt8> {
    bytes[start..<Swift.min(bytes.count, start + Swift.max(0, limit))]
  }

  /// Marks `count` bytes as written.
  package mutating func consume(_ count: Int) {
    start = Swift.min(bytes.count, start + Swift.max(0, count))
    if start == bytes.count {
      bytes = []
      breaks = []
      transmissions = []
      start = 0
    }
  }

  /// The bytes up to the next place where text may go: what must be written before a
  /// frame's text (empty when the queue stands at such a place).
  package var restOfEscape: ArraySlice<UInt8> {
    guard !isEmpty else { return [] }
    let end = breaks.first { $0 >= start } ?? bytes.count
    return bytes[start..<end]
  }

  /// The next escape whole, when the queue stands between two (else the rest of the
  /// one in flight): what the writer begins only if it fits in the link's window.
  package var nextEscape: ArraySlice<UInt8> {
    guard !isEmpty else { return [] }
    let end = breaks.first { $0 > start } ?? bytes.count
    return bytes[start..<end]
  }

  /// Drops what waits beyond the escape in flight (a clear made it useless: the layer
  /// sends every picture again).
  package mutating func dropAfterEscapeInFlight() {
    let end = breaks.first { $0 >= start } ?? bytes.count
    bytes.removeSubrange(end...)
    breaks.removeAll { $0 > end }
    transmissions.removeAll { $0.range.upperBound > end }
    if start == bytes.count { consume(0) }
  }

  /// Forgets what was written, once it is a good part of the storage.
  private mutating func compact() {
    guard start > 0, start >= bytes.count / 2 else { return }
    bytes.removeSubrange(0..<start)
    breaks = breaks.filter { $0 >= start }.map { $0 - start }
    // A transmission begun can no longer be dropped: only those not begun are kept.
    transmissions = transmissions.filter { $0.range.lowerBound >= start }.map {
      $0.moved(to: ($0.range.lowerBound - start)..<($0.range.upperBound - start))
    }
    start = 0
  }

  /// The offsets in `output` after which text may go: after each escape, where no string
  /// escape, CSI or cursor save is open.
  static func breaks(in output: [UInt8]) -> [Int] {
    var found: [Int] = []
    var index = 0
    var saved = 0
    let escape: UInt8 = 0x1B
    while index < output.count {
      guard output[index] == escape, index + 1 < output.count else {
        // Text or a control byte of ours: a place where more text may go too.
        index += 1
        if saved == 0 { found.append(index) }
        continue
      }
      let kind = output[index + 1]
      switch kind {
      case UInt8(ascii: "_"), UInt8(ascii: "P"), UInt8(ascii: "]"):
        // A string escape, to its terminator: `ESC \` (a doubled escape inside is one
        // character of tmux's passthrough), or BEL for OSC.
        var end = index + 2
        while end < output.count {
          if output[end] == 0x07 && kind == UInt8(ascii: "]") {
            end += 1
            break
          }
          if output[end] == escape, end + 1 < output.count {
            if output[end + 1] == escape {
              end += 2
              continue
            }
            if output[end + 1] == UInt8(ascii: "\\") {
              end += 2
              break
            }
          }
          end += 1
        }
        index = end
      case UInt8(ascii: "["):
        var end = index + 2
        while end < output.count && !(0x40...0x7E).contains(output[end]) { end += 1 }
        index = Swift.min(output.count, end + 1)
      case UInt8(ascii: "7"):
        saved += 1
        index += 2
      case UInt8(ascii: "8"):
        saved = Swift.max(0, saved - 1)
        index += 2
      default:
        index += 2
      }
      if saved == 0 { found.append(Swift.min(index, output.count)) }
    }
    return found
  }
}
