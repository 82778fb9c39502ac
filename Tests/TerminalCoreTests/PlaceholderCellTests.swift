import LayoutEngine
import TerminalCore
import TerminalScreen
import TestSupport
import Testing

/// kitty's Unicode placeholders, the way pictures reach a terminal through tmux: the
/// marks that number rows and columns, the escapes and their passthrough wrapping, the
/// layer's plan (each image transmitted once with one virtual placement, its cells where
/// the frame puts the picture, moving costing no picture byte, ids that name one image at a
/// time), and which terminals outside tmux get them.
@Suite struct PlaceholderCellTests {
  static func text(_ bytes: [UInt8]) -> String { TerminalSamples.text(bytes) }

  static func image(columns: Int = 4, rows: Int = 3) -> PixelPicture {
    PictureLayerTests.image(.kittyUnicode, columns: columns, rows: rows)
  }

  /// The protocol's list: 297 combining marks of class 230, none decomposing, the first
  /// ones those every implementation starts with.
  @Test func theMarksAreThePlaceholderProtocols() {
    let marks = PlaceholderMarks.marks
    #expect(marks.count == 297 && Set(marks).count == 297)
    #expect(Array(marks.prefix(5)) == [0x0305, 0x030D, 0x030E, 0x0310, 0x0312])
    #expect(marks.last == 0x1D244)
    for mark in marks {
      let properties = Unicode.Scalar(mark)!.properties
      #expect(properties.generalCategory == .nonspacingMark, "U+\(String(mark, radix: 16))")
      #expect(properties.canonicalCombiningClass.rawValue == 230)
      #expect(
        String(Unicode.Scalar(mark)!).decomposedStringWithCanonicalMapping.unicodeScalars.count == 1
      )
    }
    let cell = PlaceholderMarks.cell(row: 2, column: 7)
    #expect(cell.unicodeScalars.map(\.value) == [0x10EEEE, marks[2], marks[7]])
    #expect(cell.count == 1)
    // Past the last column a mark numbers, the column is left to the terminal.
    #expect(PlaceholderMarks.cell(row: 1, column: 400).unicodeScalars.count == 2)
  }

  @Test func escapesAndTheirPassthroughAreTheVerifiedOnes() {
    #expect(
      Self.text(PictureEscapes.kittyVirtualPlacement(id: 16, columns: 4, rows: 3))
        == "⎋_Ga=p,U=1,i=16,p=1,c=4,r=3,q=2⎋\\")
    let two = PictureEscapes.kittyFree(id: 16) + PictureEscapes.kittyFree(id: 17)
    // Each escape in a passthrough of its own, its escape characters doubled.
    #expect(
      Self.text(PictureEscapes.throughTmux(two))
        == "⎋Ptmux;⎋⎋_Ga=d,d=I,i=16,q=2⎋⎋\\⎋\\⎋Ptmux;⎋⎋_Ga=d,d=I,i=17,q=2⎋⎋\\⎋\\")
  }

  @Test func eachImageIsSentOnceAndItsCellsMoveAsText() {
    var layer = PictureLayer(protocolKind: .kittyUnicode, throughTmux: true)
    let image = Self.image()
    let box = Rect(x: 2, y: 3, width: 4, height: 3)
    let first = layer.plan(
      [PicturePlacement(picture: image, box: box, visible: box)], screenHeight: 40, cleared: true)
    let sent = Self.text(first.output)
    #expect(sent.hasPrefix("⎋Ptmux;⎋⎋_Ga=t,f=100,i=16,q=2,m=0;"))
    #expect(sent.contains("⎋Ptmux;⎋⎋_Ga=p,U=1,i=16,p=1,c=4,r=3,q=2⎋⎋\\⎋\\"))
    #expect(first.cells.count == 12)
    #expect(first.cells.allSatisfy { $0.color == .indexed(16) })
    let corner = first.cells.first { $0.x == 5 && $0.y == 5 }
    #expect(corner?.grapheme == PlaceholderMarks.cell(row: 2, column: 3))
    // Scrolled up two rows and cut by the top of the card area: no byte, the cells of the
    // picture's last row at the top.
    let moved = Rect(x: 2, y: 1, width: 4, height: 3)
    let cut = Rect(x: 2, y: 2, width: 4, height: 2)
    let second = layer.plan(
      [PicturePlacement(picture: image, box: moved, visible: cut)], screenHeight: 40,
      cleared: false)
    #expect(second.output.isEmpty)
    #expect(second.cells.count == 8)
    #expect(
      second.cells.first { $0.x == 2 && $0.y == 2 }?.grapheme
        == PlaceholderMarks.cell(row: 1, column: 0))
    // A box of another size: placed again, not sent again.
    let bigger = Rect(x: 2, y: 1, width: 5, height: 3)
    let third = Self.text(
      layer.plan(
        [PicturePlacement(picture: image, box: bigger, visible: bigger)], screenHeight: 40,
        cleared: false
      ).output)
    #expect(third.contains("a=p,U=1,i=16,p=1,c=5,r=3") && !third.contains("a=t,"))
    // At the end every image is freed.
    #expect(Self.text(layer.farewell()).contains("⎋⎋_Ga=d,d=I,i=16,q=2"))
  }

  @Test func idsAreColoursNcursesSendsAsExtendedOnes() {
    var palette = PictureLayer(protocolKind: .kittyUnicode)
    var direct = PictureLayer(protocolKind: .kittyUnicode, directColor: true)
    let box = Rect(x: 0, y: 0, width: 2, height: 2)
    let placement = PicturePlacement(picture: Self.image(), box: box, visible: box)
    #expect(
      palette.plan([placement], screenHeight: 10, cleared: true).cells.first?.color
        == .indexed(16))
    #expect(
      direct.plan([placement], screenHeight: 10, cleared: true).cells.first?.color
        == .rgb(red: 0, green: 1, blue: 0))
  }

  /// Random frames over more pictures than there are ids (240 in 256 colours): every
  /// visible cell holds its picture's row and column, no two pictures on screen share an
  /// id, a picture is sent again only after its id went to another, and a frame the same
  /// as the last writes nothing.
  @Test(.slow) func cellsNameTheirPictureOnEveryFrame() {
    var generator = SeededGenerator(seed: 0x10EE)
    let images = (0..<300).map { _ in Self.image(columns: 3, rows: 2) }
    var layer = PictureLayer(protocolKind: .kittyUnicode)
    var idOf: [UInt32: UInt32] = [:]
    var scroll = 0
    var freed = 0
    for step in 0..<400 {
      scroll = Swift.max(0, scroll + Int.random(in: -6...12, using: &generator))
      let height = 40
      let content = Rect(x: 0, y: 1, width: 80, height: height - 2)
      var placements: [PicturePlacement] = []
      for (index, image) in images.enumerated() {
        // Ten a row, 130 on screen at most: more than the ids over the whole scroll.
        let box = Rect(
          x: (index % 10) * 8, y: (index / 10) * 3 + 1 - scroll % 80, width: 3, height: 2)
        guard let visible = box.intersection(content), visible.height > 0 else { continue }
        placements.append(PicturePlacement(picture: image, box: box, visible: visible))
      }
      let plan = layer.plan(placements, screenHeight: height, cleared: step == 0)
      let sent = Self.text(plan.output)
      var ids: [UInt32: UInt32] = [:]
      for placement in placements {
        let visible = placement.visible
        let cells = plan.cells.filter {
          (visible.minX..<visible.maxX).contains($0.x)
            && (visible.minY..<visible.maxY).contains($0.y)
        }
        #expect(cells.count == placement.visible.width * placement.visible.height)
        guard case .indexed(let index)? = cells.first?.color else {
          Issue.record("no palette colour")
          continue
        }
        let id = UInt32(index)
        #expect(id >= 16)
        ids[placement.picture.id] = id
        for cell in cells {
          #expect(cell.color == TerminalColor.indexed(index))
          #expect(
            cell.grapheme
              == PlaceholderMarks.cell(
                row: cell.y - placement.box.minY, column: cell.x - placement.box.minX))
        }
        // Sent in this frame exactly when it had no id, or another one, before.
        let transmitted = sent.contains("a=t,f=100,i=\(id),")
        #expect(transmitted == (idOf[placement.picture.id] != id), "step \(step)")
      }
      #expect(Set(ids.values).count == ids.count)
      for (picture, id) in ids { idOf[picture] = id }
      for (picture, id) in idOf where ids[picture] == nil && sent.contains("d=I,i=\(id),") {
        idOf[picture] = nil
        freed += 1
      }
      let again = layer.plan(placements, screenHeight: height, cleared: false)
      #expect(again.output.isEmpty && again.cells == plan.cells)
    }
    // More pictures passed than there are ids: some were freed for others.
    #expect(freed > 20)
  }

  @Test func insideTmuxTheTerminalOutsideDecides() {
    let inTmux = TerminalProbe.Environment(["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0"])
    func chosen(_ answers: String, colors: ColorDepth = .palette256) -> (PixelProtocol?, String) {
      var read = ProbeAnswers()
      read.read(Array(answers.utf8))
      read.finish()
      let choice = TerminalProbe.choose(
        .auto, answers: read, environment: inTmux, cellKnown: true, colors: colors)
      return (choice.protocol, choice.reason)
    }
    let esc = ProbeAnswerSamples.esc
    let newKitty = ProbeAnswerSamples.kitty.replacingOccurrences(of: "0.26.5", with: "0.35.2")
    #expect(chosen(ProbeAnswerSamples.tmux + newKitty).0 == .kittyUnicode)
    #expect(chosen(ProbeAnswerSamples.tmux + newKitty, colors: .sixteen).0 == nil)
    let old = chosen(ProbeAnswerSamples.tmux + ProbeAnswerSamples.kitty)
    #expect(old.0 == nil && old.1.contains("kitty(0.26.5) outside draws no Unicode placeholders"))
    let silent = chosen(ProbeAnswerSamples.tmux)
    #expect(silent.0 == nil && silent.1.contains("did not answer through passthrough"))
    let xterm = chosen(ProbeAnswerSamples.tmux + ProbeAnswerSamples.xterm)
    #expect(xterm.0 == nil && xterm.1.contains("XTerm(379)"))
    let ghostty = "\(esc)_Gi=31;OK\(esc)\\\(esc)P>|ghostty 1.1.3\(esc)\\\(esc)[?62;22c"
    #expect(chosen(ProbeAnswerSamples.tmux + ghostty).0 == .kittyUnicode)
    for (version, draws) in [
      ("kitty(0.28.0)", true), ("kitty(0.27.1)", false), ("kitty(1.0)", true),
      ("kitty(0.x)", false), ("WezTerm 20240203", false), ("ghostty 1.0", true),
    ] {
      #expect(TerminalProbe.drawsPlaceholders(version) == draws, "\(version)")
    }
  }

  /// tmux 3.4 built with sixel answers its own DA1 with 4 (`?1;2;4c`, first, before the
  /// terminal outside answers through passthrough): sixels go to tmux when its client's
  /// terminal shows them (tmux's `sixel` feature, or that terminal's DA1), placeholders
  /// still first; tmux 3.3a (`?1;2c`) draws none.
  @Test func tmuxThatDrawsSixelGetsSixel() {
    let esc = ProbeAnswerSamples.esc
    let tmux34 = "\(esc)[?1;2;4c"
    func chosen(_ answers: String, client: TmuxClientFeatures? = nil) -> (PixelProtocol?, String) {
      var environment = TerminalProbe.Environment(["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0"])
      environment.tmuxClient = client
      var read = ProbeAnswers()
      read.read(Array(answers.utf8))
      read.finish()
      let choice = TerminalProbe.choose(
        .auto, answers: read, environment: environment, cellKnown: true, colors: .palette256)
      return (choice.protocol, choice.reason)
    }
    // xterm outside: its DA1 lists 4, or tmux says its client has sixel.
    #expect(chosen(tmux34 + ProbeAnswerSamples.xterm).0 == .sixel)
    #expect(
      chosen(tmux34, client: TmuxClientFeatures(names: ["256", "RGB", "sixel"])).0 == .sixel)
    // kitty 0.26.5 outside shows no sixel; tmux 3.3a draws none.
    let noSixel = chosen(tmux34 + ProbeAnswerSamples.kitty)
    #expect(noSixel.0 == nil && noSixel.1.contains("its client shows no sixel"))
    let old = chosen(ProbeAnswerSamples.tmux + ProbeAnswerSamples.xterm)
    #expect(old.0 == nil && old.1.contains("this tmux draws no sixel"))
    // A newer kitty outside: placeholders, sixel or not.
    let newKitty = ProbeAnswerSamples.kitty.replacingOccurrences(of: "0.26.5", with: "0.35.2")
    #expect(
      chosen(tmux34 + newKitty, client: TmuxClientFeatures(names: ["sixel"])).0 == .kittyUnicode)
  }

  @Test func tmuxSaysWhetherThePaneLetsEscapesThrough() {
    let on = TmuxPane(answer: Array("1;256,RGB,title\n".utf8))
    #expect(on?.passthrough == true && on?.client?.hasRGB == true)
    let off = TmuxPane(answer: Array("0;\n".utf8))
    #expect(off?.passthrough == false && off?.client == nil)
    #expect(TmuxPane(answer: Array("all;bpaste".utf8))?.passthrough == true)
    for answer in ["", "1", "maybe;RGB", "1;R G B"] {
      let pane = TmuxPane(answer: Array(answer.utf8))
      #expect(pane == nil || pane?.client == nil, "\(answer.debugDescription)")
    }
  }
}
