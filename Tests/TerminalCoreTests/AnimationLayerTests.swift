import LayoutEngine
import TerminalCore
import TestSupport
import Testing

/// Animated pictures in the picture layer and their timing: kitty is sent every frame
/// once and told to run in the frame after the one that placed it, then costs no byte
/// however long it plays or wherever it moves; sixel and iTerm2 are sent the frame that
/// shows, erasing first only where a sixel frame is not opaque; and the frame of a
/// moment agrees with the delays and plays on thousands of seeded cases.
@Suite struct AnimationLayerTests {
  static func animated(_ kind: PixelProtocol, opaque: Bool = true, plays: Int = 0) -> PixelPicture {
    PixelPicture(
      protocolKind: kind, label: "a.gif", width: 36, height: 54, columns: 4, rows: 3,
      encoded: Array("F0".utf8),
      animation: PixelAnimation(
        timing: AnimationTiming(delays: [100, 200, 50], plays: plays),
        frames: [Array("F1".utf8), Array("F2".utf8)], isOpaque: opaque)
    ) { region in Array("rows \(region.minY) \(region.height)".utf8) }
  }

  static func text(_ bytes: [UInt8]) -> String { TerminalSamples.text(bytes) }

  @Test func kittyGetsEveryFrameOnceAndPlaysThemItself() {
    var layer = PictureLayer(protocolKind: .kitty)
    let image = Self.animated(.kitty, plays: 2)
    let id = image.id
    let box = Rect(x: 2, y: 3, width: 4, height: 3)
    let playing = PicturePlacement(picture: image, box: box, visible: box, motion: .playing)
    let first = Self.text(layer.plan([playing], screenHeight: 40, cleared: true).output)
    #expect(first.contains("a=t,f=100,i=\(id),q=2,m=0;RjA="))  // "F0"
    #expect(first.contains("a=f,f=100,i=\(id),z=200,q=2,m=0;RjE="))
    #expect(first.contains("a=f,f=100,i=\(id),z=50,q=2,m=0;RjI="))
    #expect(first.contains("a=a,i=\(id),r=1,z=100,q=2"))
    #expect(first.contains("a=p,i=\(id)"))
    // Not told to run yet: kitty runs only what it has drawn.
    #expect(!first.contains("s=3"))
    #expect(layer.needsAnotherFrame)
    // The next frame, nothing else changed: run, two plays (v=3).
    let start = Self.text(layer.plan([playing], screenHeight: 40, cleared: false).output)
    #expect(start == "⎋_Ga=a,i=\(id),s=3,v=3,q=2⎋\\")
    #expect(!layer.needsAnotherFrame)
    // Playing on: not a byte.
    #expect(layer.plan([playing], screenHeight: 40, cleared: false).output.isEmpty)
    // Moved, it plays on where it goes: a placement and nothing more.
    var moved = playing
    moved.box = box.offsetBy(dx: 0, dy: 1)
    moved.visible = moved.box
    let move = Self.text(layer.plan([moved], screenHeight: 40, cleared: false).output)
    #expect(move.contains("a=p,i=\(id)") && !move.contains("a=a") && !move.contains("a=f"))
    // Paused: held on its frame; then back to its first frame, still.
    var held = moved
    held.motion = .held
    #expect(
      Self.text(layer.plan([held], screenHeight: 40, cleared: false).output)
        == "⎋_Ga=a,i=\(id),s=1,q=2⎋\\")
    var still = moved
    still.motion = .first
    #expect(
      Self.text(layer.plan([still], screenHeight: 40, cleared: false).output)
        == "⎋_Ga=a,i=\(id),s=1,c=1,q=2⎋\\")
  }

  /// Off screen and back: placed anew, it shows a still frame until told to run again.
  @Test func kittyRunsAPictureAgainWhenItComesBack() {
    var layer = PictureLayer(protocolKind: .kitty)
    let image = Self.animated(.kitty)
    let box = Rect(x: 0, y: 0, width: 4, height: 3)
    let playing = PicturePlacement(picture: image, box: box, visible: box, motion: .playing)
    _ = layer.plan([playing], screenHeight: 40, cleared: true)
    _ = layer.plan([playing], screenHeight: 40, cleared: false)
    _ = layer.plan([], screenHeight: 40, cleared: false)
    let back = Self.text(layer.plan([playing], screenHeight: 40, cleared: false).output)
    #expect(back.contains("a=p") && !back.contains("a=t") && !back.contains("s=3"))
    let start = Self.text(layer.plan([playing], screenHeight: 40, cleared: false).output)
    #expect(start == "⎋_Ga=a,i=\(image.id),s=3,v=1,q=2⎋\\")
  }

  @Test func sixelSendsTheFrameThatShows() {
    var layer = PictureLayer(protocolKind: .sixel)
    let image = Self.animated(.sixel)
    let box = Rect(x: 0, y: 1, width: 4, height: 3)
    var placement = PicturePlacement(picture: image, box: box, visible: box, motion: .playing)
    let first = layer.plan([placement], screenHeight: 40, cleared: true)
    #expect(Self.text(first.output).hasSuffix("F0⎋8"))
    placement.frame = 1
    let next = layer.plan([placement], screenHeight: 40, cleared: false)
    // Opaque frames: drawn over the last, no row erased.
    #expect(next.rewriteRows.isEmpty)
    #expect(Self.text(next.output) == "⎋7⎋[2;1HF1⎋8")
    #expect(layer.plan([placement], screenHeight: 40, cleared: false).output.isEmpty)
    // A frame with transparent pixels: its rows are erased, then it is drawn.
    var clear = PictureLayer(protocolKind: .sixel)
    var see = PicturePlacement(
      picture: Self.animated(.sixel, opaque: false), box: box, visible: box, motion: .playing)
    _ = clear.plan([see], screenHeight: 40, cleared: true)
    see.frame = 2
    let erased = clear.plan([see], screenHeight: 40, cleared: false)
    #expect(erased.rewriteRows == [1, 2, 3])
    #expect(Self.text(erased.output).hasSuffix("F2⎋8"))
  }

  /// A picture cut at the screen's edge shows its first frame's crop, sent once.
  @Test func aCutPictureHoldsItsFirstFrame() {
    var layer = PictureLayer(protocolKind: .sixel)
    let image = Self.animated(.sixel)
    let box = Rect(x: 0, y: -1, width: 4, height: 3)
    let visible = Rect(x: 0, y: 0, width: 4, height: 2)
    var placement = PicturePlacement(picture: image, box: box, visible: visible, motion: .playing)
    #expect(
      Self.text(layer.plan([placement], screenHeight: 40, cleared: true).output).contains(
        "rows 18 36"))
    placement.frame = 1
    #expect(layer.plan([placement], screenHeight: 40, cleared: false).output.isEmpty)
  }

  @Test func itermReplacesFramesWithoutErasing() {
    var layer = PictureLayer(protocolKind: .iterm)
    let box = Rect(x: 0, y: 0, width: 4, height: 3)
    var placement = PicturePlacement(
      picture: Self.animated(.iterm, opaque: false), box: box, visible: box, motion: .playing)
    _ = layer.plan([placement], screenHeight: 40, cleared: true)
    placement.frame = 2
    let next = layer.plan([placement], screenHeight: 40, cleared: false)
    #expect(next.rewriteRows.isEmpty)
    #expect(Self.text(next.output).contains("size=2;") && Self.text(next.output).contains("RjI="))
  }

  /// The frame of a moment, against a walk through the delays, on seeded timings.
  @Test func theFrameOfAMomentFollowsTheDelays() {
    var random = SeededGenerator(seed: 46)
    for _ in 0..<2_000 {
      let count = Int.random(in: 1...6, using: &random)
      let delays = (0..<count).map { _ in Int.random(in: 0...300, using: &random) }
      let plays = Int.random(in: 0...3, using: &random)
      let timing = AnimationTiming(delays: delays, plays: plays)
      let shown = delays.map { Swift.max(20, $0) }
      let total = shown.reduce(0, +)
      let elapsed = Int.random(in: 0...(total * 5), using: &random)
      let (index, next) = timing.frame(at: elapsed)
      if count == 1 {
        #expect(index == 0 && next == nil)
        continue
      }
      if plays > 0 && elapsed >= plays * total {
        #expect(index == count - 1 && next == nil)
        continue
      }
      var at = elapsed % total
      var expected = 0
      while at >= shown[expected] {
        at -= shown[expected]
        expected += 1
      }
      #expect(index == expected)
      #expect(next == elapsed + shown[expected] - at)
    }
  }
}
