/// The escape sequences of the three pixel protocols, as bytes: what the picture layer
/// writes after ncurses' frame. Every sequence that draws saves and restores the cursor
/// (`ESC 7` … `ESC 8`), so ncurses finds it where it left it.
package enum PictureEscapes {
  /// kitty: the image stored under `id` (PNG, answers suppressed), read by the terminal
  /// from the shared memory object `name` (`t=s`; kitty removes it once read): a few
  /// dozen bytes on the link instead of the picture's.
  package static func kittyTransmit(id: UInt32, sharedMemory name: String) -> [UInt8] {
    shared(name, keys: "a=t,f=100,t=s,i=\(id),q=2")
  }

  /// kitty: another frame of image `id`, read from the shared memory object `name`.
  package static func kittyFrame(id: UInt32, sharedMemory name: String, gap: Int) -> [UInt8] {
    shared(name, keys: "a=f,f=100,t=s,i=\(id),z=\(gap),q=2")
  }

  private static func shared(_ name: String, keys: String) -> [UInt8] {
    Array("\u{1B}_G\(keys);".utf8) + Base64.encode(Array(name.utf8)) + Array("\u{1B}\\".utf8)
  }

  /// kitty: the image stored under `id` (PNG, answers suppressed), base64 in chunks of
  /// 4096 characters, each chunk its own escape (`m=1` while more follow).
  package static func kittyTransmit(id: UInt32, png: [UInt8]) -> [UInt8] {
    chunked(png, first: "a=t,f=100,i=\(id),q=2")
  }

  /// kitty: another frame of image `id` (PNG), shown for `gap` milliseconds before the
  /// next, in chunks as `kittyTransmit` sends them.
  package static func kittyFrame(id: UInt32, png: [UInt8], gap: Int) -> [UInt8] {
    chunked(png, first: "a=f,f=100,i=\(id),z=\(gap),q=2")
  }

  /// kitty: how animation `id` moves: its first frame's gap set, then run (`v`: 1 loops
  /// forever, n plays n − 1 times), held on the frame it shows, or stopped on the first.
  package static func kittyAnimation(id: UInt32, motion: PicturePlacement.Motion, plays: Int)
    -> [UInt8]
  {
    let keys: String
    switch motion {
    case .playing: keys = "s=3,v=\(plays == 0 ? 1 : plays + 1)"
    case .held: keys = "s=1"
    case .first: keys = "s=1,c=1"
    }
    return Array("\u{1B}_Ga=a,i=\(id),\(keys),q=2\u{1B}\\".utf8)
  }

  /// kitty: the gap of animation `id`'s first frame (its others come with `kittyFrame`).
  package static func kittyFirstGap(id: UInt32, gap: Int) -> [UInt8] {
    Array("\u{1B}_Ga=a,i=\(id),r=1,z=\(gap),q=2\u{1B}\\".utf8)
  }

  /// `payload` base64 in escapes of 4096 characters, the first carrying `first`'s keys,
  /// each `m=1` while more follow.
  private static func chunked(_ payload: [UInt8], first: String) -> [UInt8] {
    let data = Base64.encode(payload)
    var out: [UInt8] = []
    out.reserveCapacity(data.count + data.count / 4096 * 16 + 64)
    var start = 0
    repeat {
      let end = Swift.min(data.count, start + 4096)
      let more = end < data.count ? 1 : 0
      out += Array("\u{1B}_G".utf8)
      out += Array((start == 0 ? "\(first),m=\(more);" : "m=\(more);").utf8)
      out += data[start..<end]
      out += Array("\u{1B}\\".utf8)
      start = end
    } while start < data.count
    return out
  }

  /// kitty: placement 1 of image `id` at cell `at` (0-based), showing `source` (pixels of
  /// the image) in `columns` × `rows` cells; it replaces (moves) the image's placement
  /// 1 wherever it was. `C=1`: the cursor does not move; `z=0`: over the text.
  package static func kittyPlace(
    id: UInt32, at cell: (column: Int, row: Int),
    source: (x: Int, y: Int, width: Int, height: Int), columns: Int, rows: Int
  ) -> [UInt8] {
    Array(
      ("\u{1B}7\u{1B}[\(cell.row + 1);\(cell.column + 1)H\u{1B}_Ga=p,i=\(id),p=1,"
        + "x=\(source.x),y=\(source.y),w=\(source.width),h=\(source.height),"
        + "c=\(columns),r=\(rows),C=1,z=0,q=2\u{1B}\\\u{1B}8").utf8)
  }

  /// kitty: the virtual placement of image `id` over `columns` × `rows` cells (`U=1`),
  /// which placeholder cells show a part of each; it replaces the image's placement 1.
  package static func kittyVirtualPlacement(id: UInt32, columns: Int, rows: Int) -> [UInt8] {
    Array("\u{1B}_Ga=p,U=1,i=\(id),p=1,c=\(columns),r=\(rows),q=2\u{1B}\\".utf8)
  }

  /// `bytes` (kitty's escapes, `ESC _ G … ESC \`) through tmux to the terminal outside it:
  /// each escape in a passthrough sequence of its own (`ESC P tmux ; … ESC \`, every escape
  /// character inside doubled), so that none is longer than one chunk of a picture.
  package static func throughTmux(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 256 + 16)
    var index = 0
    while index < bytes.count {
      out += Array("\u{1B}Ptmux;".utf8)
      // One escape: up to and including its string terminator (ESC \).
      var previousWasEscape = false
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if byte == 0x1B { out.append(0x1B) }
        out.append(byte)
        if previousWasEscape && byte == UInt8(ascii: "\\") { break }
        previousWasEscape = byte == 0x1B
      }
      out += Array("\u{1B}\\".utf8)
    }
    return out
  }

  /// kitty: removes image `id`'s placement and keeps its data (`d=i`).
  package static func kittyDeletePlacement(id: UInt32) -> [UInt8] {
    Array("\u{1B}_Ga=d,d=i,i=\(id),p=1,q=2\u{1B}\\".utf8)
  }

  /// kitty: frees image `id`'s data in the terminal (`d=I`).
  package static func kittyFree(id: UInt32) -> [UInt8] {
    Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
  }

  /// What removes every picture placed, where pictures live beside the cells (kitty:
  /// every placement, `d=A`); `nil` where they belong to the cells and go with the
  /// alternate screen (sixel, iTerm2, placeholder cells: their images are freed one by
  /// one, `PictureLayer.farewell`).
  package static func removeAll(_ kind: PixelProtocol) -> [UInt8]? {
    switch kind {
    case .kitty: return Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)
    case .sixel, .iterm, .kittyUnicode: return nil
    }
  }

  /// sixel: `sixel` (a whole DCS sequence) with its top left at cell `at`.
  package static func sixel(_ sixel: [UInt8], at cell: (column: Int, row: Int)) -> [UInt8] {
    Array("\u{1B}7\u{1B}[\(cell.row + 1);\(cell.column + 1)H".utf8) + sixel + Array("\u{1B}8".utf8)
  }

  /// iTerm2: `png` inline at cell `at`, stretched over `columns` × `rows` cells (the PNG is
  /// of exactly their pixels).
  package static func iterm(
    _ png: [UInt8], at cell: (column: Int, row: Int), columns: Int, rows: Int
  )
    -> [UInt8]
  {
    Array(
      ("\u{1B}7\u{1B}[\(cell.row + 1);\(cell.column + 1)H\u{1B}]1337;File=inline=1;size=\(png.count);"
        + "width=\(columns);height=\(rows);preserveAspectRatio=0:").utf8)
      + Base64.encode(png) + Array("\u{07}\u{1B}8".utf8)
  }

  /// Synchronized output: the terminal holds what follows until `synchronizedEnd`.
  package static let synchronizedBegin = Array("\u{1B}[?2026h".utf8)
  package static let synchronizedEnd = Array("\u{1B}[?2026l".utf8)
}

/// Base64 (RFC 4648, with padding), for picture data in escape sequences.
package enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// - Complexity: O(n).
  package static func encode(_ bytes: [UInt8]) -> [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index + 3 <= bytes.count {
      let value =
        UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      out.append(alphabet[Int(value >> 18 & 63)])
      out.append(alphabet[Int(value >> 12 & 63)])
      out.append(alphabet[Int(value >> 6 & 63)])
      out.append(alphabet[Int(value & 63)])
      index += 3
    }
    let rest = bytes.count - index
    if rest > 0 {
      let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
      out.append(alphabet[Int(value >> 18 & 63)])
      out.append(alphabet[Int(value >> 12 & 63)])
      out.append(rest == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
      out.append(UInt8(ascii: "="))
    }
    return out
  }
}
