import LayoutEngine

/// `--link`: whether pictures are sent for a fast or a slow link to the terminal.
package enum LinkChoice: String, CaseIterable, Hashable, Sendable {
  /// By the throughput measured as pictures go (`PictureLink`).
  case auto
  /// Full pictures, whatever was measured.
  case local
  /// Smaller pictures from the start (an SSH connection known to be slow).
  case slow

  /// Whether pictures that belong to the cells (sixel) wait in the paced queue behind
  /// keys: for a slow link (`slow`, or over SSH with `auto`), not on this machine.
  package func queuesCellPictures(overSSH: Bool) -> Bool {
    switch self {
    case .auto: return overSSH
    case .local: return false
    case .slow: return true
    }
  }

  /// Whether kitty may read pictures from this machine's shared memory when it can:
  /// `slow` sends them as base64, as over a link.
  package var mayShareMemory: Bool {
    switch self {
    case .auto, .local: return true
    case .slow: return false
    }
  }
}

/// How picture bytes are getting to the terminal: how many wait, and the throughput the
/// terminal's answers measure (the curses backend paces queued pictures by them,
/// `LinkPacer`).
package struct PictureLink: Hashable, Sendable {
  /// Picture bytes waiting to be written.
  package var pending: Int
  /// Bytes a second, as last measured (`nil`: not yet).
  package var throughput: Int?

  package init(pending: Int = 0, throughput: Int? = nil) {
    self.pending = pending
    self.throughput = throughput
  }

  /// Below this (bytes a second) a link is slow: a screen of twelve photos (about a
  /// megabyte in kitty) takes more than a second.
  package static let slowThroughput = 1_000_000

  /// Whether pictures go smaller (`scaledForLink`): `--link slow`; with `auto`, over SSH
  /// until a batch measures the link fast (small pictures first cost little if it proves
  /// fast; large ones first cost seconds if it is slow), never on this machine (where a
  /// batch's time is the terminal's own work on the pictures, not a link's).
  package func isSlow(_ choice: LinkChoice, overSSH: Bool) -> Bool {
    switch choice {
    case .local: return false
    case .slow: return true
    case .auto: return overSSH && (throughput.map { $0 < Self.slowThroughput } ?? true)
    }
  }

  /// What the status bar says while pictures wait behind a slow pace (`nil` otherwise):
  /// the bytes to go, in tenths of a megabyte, and the pace.
  package var statusText: String? {
    guard pending >= 64 << 10, let throughput, throughput < Self.slowThroughput else {
      return nil
    }
    let tenths = (pending + 50_000) / 100_000
    return "pictures: \(tenths / 10).\(tenths % 10) MB to send at \(throughput / 1_000) KB/s"
  }

  /// The same for the status bar and for what pictures are asked for: the bytes waiting
  /// counted in tenths of a megabyte, the throughput in steps of a fifth.
  package var reported: PictureLink {
    PictureLink(
      pending: (pending + 50_000) / 100_000 * 100_000,
      throughput: throughput.map { value in
        // 1.25 apart: a change smaller than a fifth says nothing new.
        var step = 1_000
        while step * 5 / 4 <= value { step = step * 5 / 4 }
        return step
      })
  }
}

extension CellShape {
  /// The shape pictures are made at for a slow link: about half the pixels each way, the
  /// same proportions (the terminal scales them to their cells: `scalesToCells`).
  package var scaledForLink: CellShape {
    let width = (self.width + 1) / 2
    return CellShape(
      width: width, height: Swift.max(1, (width * height + self.width / 2) / self.width))
  }
}
