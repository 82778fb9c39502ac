import LayoutEngine
import TerminalCore
import TestSupport
import Testing

/// The picture layer's plan: golden escape sequences of each protocol, and on thousands of
/// seeded random frames (scrolling, resizing, filtering, clears) that every visible
/// picture is on screen exactly once where the frame puts it, nothing is placed off screen
/// or on the last row, a frame that changes nothing writes nothing, and kitty's stored
/// data stays within its budget.
@Suite struct PictureLayerTests {
  static func image(_ kind: PixelProtocol, columns: Int = 4, rows: Int = 3) -> PixelPicture {
    PixelPicture(
      protocolKind: kind, label: "p.png", width: columns * 9, height: rows * 18, columns: columns,
      rows: rows, encoded: Array("PNG!".utf8)
    ) { region in Array("rows \(region.minY) \(region.height)".utf8) }
  }

  @Test func kittyEscapesAreTheVerifiedOnes() {
    #expect(
      TerminalSamples.text(PictureEscapes.kittyTransmit(id: 7, png: Array("abc".utf8)))
        == "⎋_Ga=t,f=100,i=7,q=2,m=0;YWJj⎋\\")
    let long = PictureEscapes.kittyTransmit(id: 7, png: [UInt8](repeating: 1, count: 4000))
    // 4000 bytes are 5336 base64 characters: two chunks, the first marked m=1.
    #expect(TerminalSamples.text(long).components(separatedBy: "⎋_G").count == 3)
    #expect(
      TerminalSamples.text(long).contains("m=1;") && TerminalSamples.text(long).contains("⎋_Gm=0;"))
    #expect(
      TerminalSamples.text(
        PictureEscapes.kittyPlace(
          id: 7, at: (2, 5), source: (0, 18, 36, 36), columns: 4, rows: 2))
        == "⎋7⎋[6;3H⎋_Ga=p,i=7,p=1,x=0,y=18,w=36,h=36,c=4,r=2,C=1,z=0,q=2⎋\\⎋8")
    #expect(
      TerminalSamples.text(PictureEscapes.kittyDeletePlacement(id: 7))
        == "⎋_Ga=d,d=i,i=7,p=1,q=2⎋\\")
    #expect(TerminalSamples.text(PictureEscapes.kittyFree(id: 7)) == "⎋_Ga=d,d=I,i=7,q=2⎋\\")
    #expect(
      TerminalSamples.text(PictureEscapes.iterm(Array("abc".utf8), at: (0, 0), columns: 4, rows: 2))
        == "⎋7⎋[1;1H⎋]1337;File=inline=1;size=3;width=4;height=2;preserveAspectRatio=0:YWJj\u{07}⎋8"
    )
    #expect(Base64.encode(Array("a".utf8)) == Array("YQ==".utf8))
    #expect(Base64.encode(Array("ab".utf8)) == Array("YWI=".utf8))
  }

  @Test func kittyTransmitsOnceAndMovesByPlacing() {
    var layer = PictureLayer(protocolKind: .kitty)
    let image = Self.image(.kitty)
    let box = Rect(x: 2, y: 3, width: 4, height: 3)
    let first = layer.plan(
      [PicturePlacement(picture: image, box: box, visible: box)], screenHeight: 40, cleared: true)
    #expect(TerminalSamples.text(first.output).contains("a=t,f=100,i=\(image.id)"))
    #expect(
      TerminalSamples.text(first.output).contains("a=p,i=\(image.id),p=1,x=0,y=0,w=36,h=54,c=4,r=3")
    )
    // The same frame again writes nothing.
    let same = layer.plan(
      [PicturePlacement(picture: image, box: box, visible: box)], screenHeight: 40, cleared: false)
    #expect(same.output.isEmpty && same.rewriteRows.isEmpty)
    // One row up, cut by the top of the card area at row 2: placed again, cropped, no
    // transmission, under 1.5 KB.
    let up = box.offsetBy(dx: 0, dy: -2)
    let moved = layer.plan(
      [PicturePlacement(picture: image, box: up, visible: Rect(x: 2, y: 2, width: 4, height: 2))],
      screenHeight: 40, cleared: false)
    #expect(!TerminalSamples.text(moved.output).contains("a=t"))
    #expect(
      TerminalSamples.text(moved.output).contains(
        "⎋[3;3H⎋_Ga=p,i=\(image.id),p=1,x=0,y=18,w=36,h=36,c=4,r=2"))
    #expect(moved.output.count < 1_536)
    // Gone from the screen: its placement deleted, its data kept.
    let gone = layer.plan([], screenHeight: 40, cleared: false)
    #expect(TerminalSamples.text(gone.output) == "⎋_Ga=d,d=i,i=\(image.id),p=1,q=2⎋\\")
    #expect(layer.storedPictures == [image.id])
    // After a clear (ED 2 wipes kitty's images) it is transmitted again.
    let again = layer.plan(
      [PicturePlacement(picture: image, box: box, visible: box)], screenHeight: 40, cleared: true)
    #expect(TerminalSamples.text(again.output).contains("a=t,f=100,i=\(image.id)"))
  }

  @Test func kittyHoldsNewPicturesBackWhileKeysRepeat() {
    var layer = PictureLayer(protocolKind: .kitty)
    let held = Self.image(.kitty)
    let new = Self.image(.kitty)
    let a = Rect(x: 0, y: 2, width: 4, height: 3)
    let b = Rect(x: 6, y: 2, width: 4, height: 3)
    _ = layer.plan(
      [PicturePlacement(picture: held, box: a, visible: a)], screenHeight: 40, cleared: true)
    // Keys repeat: the held picture moves, the new one waits.
    let repeating = layer.plan(
      [
        PicturePlacement(
          picture: held, box: a.offsetBy(dx: 0, dy: 1), visible: a.offsetBy(dx: 0, dy: 1),
          keysRepeat: true),
        PicturePlacement(picture: new, box: b, visible: b, keysRepeat: true),
      ], screenHeight: 40, cleared: false)
    #expect(!TerminalSamples.text(repeating.output).contains("a=t"))
    #expect(TerminalSamples.text(repeating.output).contains("a=p,i=\(held.id)"))
    #expect(repeating.shown.map(\.picture) == [held])
    // The keys pause: it comes.
    let paused = layer.plan(
      [
        PicturePlacement(
          picture: held, box: a.offsetBy(dx: 0, dy: 1), visible: a.offsetBy(dx: 0, dy: 1)),
        PicturePlacement(picture: new, box: b, visible: b),
      ], screenHeight: 40, cleared: false)
    #expect(TerminalSamples.text(paused.output).contains("a=t,f=100,i=\(new.id)"))
    #expect(!TerminalSamples.text(paused.output).contains("a=p,i=\(held.id)"))
    #expect(paused.shown.count == 2)
  }

  @Test func sixelRewritesTheRowsAPictureLeftAndSendsWhatCrossesThem() {
    var layer = PictureLayer(protocolKind: .sixel)
    let a = Self.image(.sixel)
    let b = Self.image(.sixel)
    let boxA = Rect(x: 0, y: 2, width: 4, height: 3)
    let boxB = Rect(x: 6, y: 3, width: 4, height: 3)
    let both = [
      PicturePlacement(picture: a, box: boxA, visible: boxA),
      PicturePlacement(picture: b, box: boxB, visible: boxB),
    ]
    let first = layer.plan(both, screenHeight: 20, cleared: true)
    #expect(first.rewriteRows.isEmpty)
    #expect(TerminalSamples.text(first.output) == "⎋7⎋[3;1HPNG!⎋8⎋7⎋[4;7HPNG!⎋8")
    // a is hidden: its rows 2..<5 are rewritten, which erases b's rows 3 and 4 too, so b
    // is sent again.
    let hidden = layer.plan([both[1]], screenHeight: 20, cleared: false)
    #expect(hidden.rewriteRows == [2, 3, 4])
    #expect(TerminalSamples.text(hidden.output) == "⎋7⎋[4;7HPNG!⎋8")
    // Cut at the bottom: only the visible rows are encoded, never the last row.
    let low = Rect(x: 6, y: 17, width: 4, height: 3)
    let cut = layer.plan(
      [PicturePlacement(picture: b, box: low, visible: low)], screenHeight: 20, cleared: false)
    #expect(TerminalSamples.text(cut.output) == "⎋7⎋[18;7Hrows 0 36⎋8")
    #expect(cut.shown.map(\.visible) == [Rect(x: 6, y: 17, width: 4, height: 2)])
  }

  /// Random frames: the cards of a column scrolled, resized, filtered and cleared.
  @Test(.slow, arguments: [PixelProtocol.kitty, .sixel, .iterm])
  func everyVisiblePictureIsShownOnceAndNothingOffScreen(kind: PixelProtocol) {
    var generator = SeededGenerator(seed: 0x5CE7 + UInt64(kind.rawValue.count))
    let images = (0..<40).map { _ in Self.image(kind) }
    for _ in 0..<300 {
      var layer = PictureLayer(protocolKind: kind, terminalBudget: 10 * 36 * 54 * 4)
      // What the terminal shows, by image: the last placement sent since a clear.
      var onScreen: [UInt32: Rect] = [:]
      var height = Int.random(in: 6...40, using: &generator)
      var scroll = 0
      var hidden = Set<Int>()
      for step in 0..<30 {
        var cleared = step == 0
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<5: scroll += Int.random(in: -4...4, using: &generator)
        case 5:
          height = Int.random(in: 6...40, using: &generator)
          cleared = true
        case 6: hidden.formSymmetricDifference([Int.random(in: 0..<40, using: &generator)])
        case 7: cleared = true
        default: break
        }
        if cleared { onScreen = [:] }
        let content = Rect(x: 0, y: 1, width: 80, height: height - 2)
        var placements: [PicturePlacement] = []
        for (index, image) in images.enumerated() where !hidden.contains(index) {
          let box = Rect(x: (index % 3) * 10, y: (index / 3) * 4 + 1 - scroll, width: 4, height: 3)
          guard let visible = box.intersection(content), visible.height > 0 else { continue }
          placements.append(PicturePlacement(picture: image, box: box, visible: visible))
        }
        let plan = layer.plan(placements, screenHeight: height, cleared: cleared)
        // Replay what the plan does to the terminal.
        for row in plan.rewriteRows {
          onScreen = onScreen.filter { !($0.value.minY..<$0.value.maxY).contains(row) }
        }
        let text = TerminalSamples.text(plan.output)
        for placement in plan.shown where kind != .kitty {
          if text.contains("⎋[\(placement.visible.minY + 1);\(placement.visible.minX + 1)H") {
            onScreen[placement.picture.id] = placement.visible
          }
        }
        if kind == .kitty {
          for placement in plan.shown
          where text.contains("a=p,i=\(placement.picture.id),p=1,") {
            onScreen[placement.picture.id] = placement.visible
          }
          for (id, _) in onScreen where text.contains("d=i,i=\(id),p=1") {
            onScreen[id] = nil
          }
          #expect(layer.storedPictures.count <= Swift.max(10, plan.shown.count))
        }
        // Exactly the visible pictures, each where the frame puts it, none off screen.
        let expected = Dictionary(
          uniqueKeysWithValues: placements.map { ($0.picture.id, $0.visible) })
        #expect(onScreen == expected, "step \(step)")
        for rect in onScreen.values { #expect(rect.minY >= 0 && rect.maxY <= height - 1) }
        // The same frame again writes nothing.
        let again = layer.plan(placements, screenHeight: height, cleared: false)
        #expect(again.output.isEmpty && again.rewriteRows.isEmpty)
      }
    }
  }
}
