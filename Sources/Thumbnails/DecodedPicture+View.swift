extension DecodedPicture {
  /// The part of the picture `view` shows, turned as it says: only the region's pixels
  /// are copied (a zoomed view of a large picture costs the region, not the picture).
  ///
  /// - Complexity: O(the region's pixels).
  package func viewed(_ view: PictureView) -> DecodedPicture {
    guard view != .whole, width > 0, height > 0 else { return self }
    let turns = view.quarterTurns
    // The turned picture's size, and the region in its pixels.
    let turnedWidth = turns % 2 == 0 ? width : height
    let turnedHeight = turns % 2 == 0 ? height : width
    let unit = PictureView.unit
    let left = Swift.min(turnedWidth - 1, view.x * turnedWidth / unit)
    let top = Swift.min(turnedHeight - 1, view.y * turnedHeight / unit)
    let regionWidth = Swift.max(
      1, Swift.min(turnedWidth - left, (view.width * turnedWidth + unit - 1) / unit))
    let regionHeight = Swift.max(
      1, Swift.min(turnedHeight - top, (view.height * turnedHeight + unit - 1) / unit))
    var out = [UInt8](repeating: 0, count: regionWidth * regionHeight * 4)
    pixels.withUnsafeBytes { source in
      out.withUnsafeMutableBytes { target in
        let from = source.bindMemory(to: UInt32.self)
        let to = target.bindMemory(to: UInt32.self)
        for v in 0..<regionHeight {
          let turnedY = top + v
          let row = v * regionWidth
          if turns == 0 {
            // Upright: whole rows of the region at once.
            let start = turnedY * width + left
            for u in 0..<regionWidth { to[row + u] = from[start + u] }
            continue
          }
          for u in 0..<regionWidth {
            let turnedX = left + u
            // The pixel of the upright picture that turning puts at (turnedX, turnedY).
            let (sx, sy): (Int, Int)
            switch turns {
            case 1: (sx, sy) = (turnedY, height - 1 - turnedX)
            case 2: (sx, sy) = (width - 1 - turnedX, height - 1 - turnedY)
            default: (sx, sy) = (width - 1 - turnedY, turnedX)
            }
            to[row + u] = from[sy * width + sx]
          }
        }
      }
    }
    return DecodedPicture(
      width: regionWidth, height: regionHeight, pixels: out, isTruncated: isTruncated)
  }
}
