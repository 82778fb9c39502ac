import LayoutEngine
import TerminalCore
import TestSupport
import Testing

/// kitty reading pictures from this machine's shared memory (`t=s`): the probe's query and
/// its answers, the escapes, and the layer's plans: each transmission names an object the
/// same plan makes, holding exactly the picture's bytes (each frame of an animation its
/// own), no picture byte crosses the link, names never repeat, and a picture whose object
/// failed goes again as base64.
@Suite struct SharedMemoryTransferTests {
  static let esc = ProbeAnswerSamples.esc

  static func image(_ kind: PixelProtocol, bytes: String = "PNG!") -> PixelPicture {
    PixelPicture(
      protocolKind: kind, label: "p.png", width: 36, height: 54, columns: 4, rows: 3,
      encoded: Array(bytes.utf8)
    ) { region in Array("rows \(region.minY) \(region.height)".utf8) }
  }

  static func text(_ bytes: [UInt8]) -> String { TerminalSamples.text(bytes) }
  static func base64(_ text: String) -> String {
    String(decoding: Base64.encode(Array(text.utf8)), as: UTF8.self)
  }

  @Test func theEscapesNameTheObject() {
    #expect(
      Self.text(PictureEscapes.kittyTransmit(id: 7, sharedMemory: "/m-1"))
        == "⎋_Ga=t,f=100,t=s,i=7,q=2;L20tMQ==⎋\\")
    #expect(
      Self.text(PictureEscapes.kittyFrame(id: 7, sharedMemory: "/m-2", gap: 40))
        == "⎋_Ga=f,f=100,t=s,i=7,z=40,q=2;L20tMg==⎋\\")
  }

  @Test func theProbeAsksWhetherKittyReadsTheObject() {
    let plain = String(decoding: TerminalProbe.request(insideTmux: false).bytes, as: UTF8.self)
    #expect(!plain.contains("i=32"))
    let asked = TerminalProbe.request(insideTmux: false, sharedMemory: "/masonry-1-x-probe")
    let text = String(decoding: asked.bytes, as: UTF8.self)
    #expect(
      text.hasPrefix(
        "\(Self.esc)_Gi=32,a=q,t=s,f=100;\(Self.base64("/masonry-1-x-probe"))\(Self.esc)\\"))
    #expect(asked.answersExpected == 1 && text.hasSuffix("\(Self.esc)[c"))
    // Inside tmux it goes through passthrough with the rest.
    let wrapped = String(
      decoding: TerminalProbe.request(insideTmux: true, sharedMemory: "/m").bytes, as: UTF8.self)
    #expect(wrapped.hasPrefix("\(Self.esc)Ptmux;\(Self.esc)\(Self.esc)_Gi=32,a=q,t=s"))
    // The object holds a PNG.
    #expect(TerminalProbe.sharedMemoryPicture.starts(with: [0x89, 0x50, 0x4E, 0x47]))

    var read = ProbeAnswers()
    read.read(
      Array("\(Self.esc)_Gi=32;OK\(Self.esc)\\".utf8) + Array(ProbeAnswerSamples.kitty.utf8))
    read.finish()
    #expect(read.kittySharedMemory && read.kittyGraphics && read.typed.isEmpty)
    // Over SSH kitty cannot open the object: EBADF, base64 then.
    var remote = ProbeAnswers()
    remote.read(
      Array(
        ("\(Self.esc)_Gi=32;EBADF:Failed to open file for graphics transmission with error: [2]"
          + " No such file or directory\(Self.esc)\\" + ProbeAnswerSamples.kitty).utf8))
    remote.finish()
    #expect(!remote.kittySharedMemory && remote.kittyGraphics && remote.typed.isEmpty)
  }

  @Test func eachTransmissionNamesAnObjectOfTheSamePlan() {
    var layer = PictureLayer(protocolKind: .kitty, sharedMemory: "/masonry-9-t")
    let image = Self.image(.kitty)
    let box = Rect(x: 2, y: 3, width: 4, height: 3)
    let first = layer.plan(
      [PicturePlacement(picture: image, box: box, visible: box)], screenHeight: 40, cleared: true)
    #expect(first.sharedObjects.count == 1)
    let object = first.sharedObjects[0]
    #expect(object.bytes == image.encoded && object.image == image.id)
    #expect(object.name.hasPrefix("/masonry-9-t-"))
    let output = Self.text(first.output)
    #expect(output.contains("a=t,f=100,t=s,i=\(image.id),q=2;\(Self.base64(object.name))⎋\\"))
    // None of the picture's bytes on the link.
    #expect(!output.contains(Self.base64("PNG!")) && !output.contains("PNG!"))
    #expect(output.contains("a=p,i=\(image.id)"))
    // Placed again, moved: no object, no transmission.
    let moved = box.offsetBy(dx: 0, dy: 1)
    let next = layer.plan(
      [PicturePlacement(picture: image, box: moved, visible: moved)], screenHeight: 40,
      cleared: false)
    #expect(next.sharedObjects.isEmpty && !Self.text(next.output).contains("a=t"))
    // After a clear: transmitted again, from an object of a new name.
    let again = layer.plan(
      [PicturePlacement(picture: image, box: box, visible: box)], screenHeight: 40, cleared: true)
    #expect(again.sharedObjects.count == 1 && again.sharedObjects[0].name != object.name)
  }

  @Test func everyFrameOfAnAnimationHasItsObject() {
    var layer = PictureLayer(protocolKind: .kitty, sharedMemory: "/m")
    let image = AnimationLayerTests.animated(.kitty)
    let box = Rect(x: 0, y: 0, width: 4, height: 3)
    let plan = layer.plan(
      [PicturePlacement(picture: image, box: box, visible: box, motion: .playing)],
      screenHeight: 40, cleared: true)
    #expect(plan.sharedObjects.map(\.bytes) == ["F0", "F1", "F2"].map { Array($0.utf8) })
    let output = Self.text(plan.output)
    for (index, object) in plan.sharedObjects.enumerated().dropFirst() {
      let gap = [100, 200, 50][index]
      #expect(
        output.contains("a=f,f=100,t=s,i=\(image.id),z=\(gap),q=2;\(Self.base64(object.name))"))
    }
  }

  @Test func aPictureWhoseObjectFailedGoesAsBase64() {
    var layer = PictureLayer(protocolKind: .kitty, sharedMemory: "/m")
    let image = Self.image(.kitty)
    let box = Rect(x: 0, y: 0, width: 4, height: 3)
    let placed = [PicturePlacement(picture: image, box: box, visible: box)]
    let first = layer.plan(placed, screenHeight: 40, cleared: true)
    #expect(first.sharedObjects.count == 1)
    // The backend could not make it: shared memory off, the picture forgotten.
    layer.stopSharingMemory()
    layer.forget([image.id])
    #expect(layer.sharedMemory == nil)
    let again = layer.plan(placed, screenHeight: 40, cleared: false)
    #expect(again.sharedObjects.isEmpty)
    #expect(
      Self.text(again.output).contains("a=t,f=100,i=\(image.id),q=2,m=0;\(Self.base64("PNG!"))"))
  }

  @Test func onlyKittyReadsSharedMemory() {
    #expect(PictureLayer(protocolKind: .sixel, sharedMemory: "/m").sharedMemory == nil)
    #expect(PictureLayer(protocolKind: .iterm, sharedMemory: "/m").sharedMemory == nil)
    #expect(PictureLayer(protocolKind: .kittyUnicode, sharedMemory: "/m").sharedMemory == "/m")
  }

  /// 400 seeded frames over 60 pictures, some animated, with clears: every object a plan
  /// makes is named once in its output, no name is ever made twice, no plan's output holds
  /// a picture's bytes, and every transmission (`a=t`, `a=f`) names an object.
  @Test func seededFramesNeverSendPixelsAndNeverRepeatANameInvariant() {
    var generator = SeededGenerator(seed: 49)
    let pictures = (0..<60).map { index in
      index % 7 == 0
        ? AnimationLayerTests.animated(.kitty) : Self.image(.kitty, bytes: "PIXELS\(index)")
    }
    var layer = PictureLayer(protocolKind: .kitty, terminalBudget: 40_000, sharedMemory: "/s")
    var names = Set<String>()
    for frame in 0..<400 {
      var placements: [PicturePlacement] = []
      for _ in 0..<Int.random(in: 0...8, using: &generator) {
        let picture = pictures[Int.random(in: 0...(pictures.count - 1), using: &generator)]
        let box = Rect(
          x: Int.random(in: 0...60, using: &generator),
          y: Int.random(in: -2...30, using: &generator), width: 4, height: 3)
        placements.append(PicturePlacement(picture: picture, box: box, visible: box))
      }
      let plan = layer.plan(placements, screenHeight: 30, cleared: frame % 97 == 0)
      let output = Self.text(plan.output)
      for object in plan.sharedObjects {
        #expect(names.insert(object.name).inserted, "frame \(frame): \(object.name) made twice")
        #expect(output.components(separatedBy: Self.base64(object.name)).count == 2)
      }
      #expect(!output.contains("PIXELS") && !output.contains(Self.base64("PIXELS")))
      let transmissions =
        output.components(separatedBy: "a=t,").count + output.components(separatedBy: "a=f,").count
        - 2
      #expect(transmissions == plan.sharedObjects.count, "frame \(frame)")
    }
  }
}
