import TerminalCore
import TestSupport
import Testing

/// The frame-scoped pair allocator against a simulated terminal: pair definitions, and a
/// screen of pair numbers where only changed cells are rewritten (as curses does).
@Suite struct ColorPairAllocatorTests {
  typealias Colors = ColorPairAllocator.Colors

  struct SimulatedTerminal {
    var definitions: [Int32: Colors] = [:]
    var pairs: [Int32]
    var shown: [Colors]

    init(cells: Int) {
      pairs = Array(repeating: 0, count: cells)
      shown = Array(repeating: .terminalDefault, count: cells)
    }

    /// Draws `frame` as the curses backend does; returns the cells whose colours on
    /// screen are not the frame's.
    mutating func draw(_ frame: [Colors], with allocator: inout ColorPairAllocator) -> Int {
      for (pair, colors) in allocator.beginFrame(Set(frame)) { definitions[pair] = colors }
      for index in frame.indices where frame[index] != shown[index] {
        pairs[index] = allocator.pair(for: frame[index])
        shown[index] = frame[index]
      }
      var wrong = 0
      for index in frame.indices {
        let pair = pairs[index]
        let colors = pair == 0 ? Colors.terminalDefault : definitions[pair]
        if colors != frame[index] { wrong += 1 }
      }
      return wrong
    }
  }

  /// Thousands of scrolled frames of random colours (like thumbnails scrolling by), with
  /// a pair table much smaller than the colours seen over time: never a wrong cell.
  @Test(arguments: [64, 700, 4_096])
  func scrolledFramesNeverShowAnotherCellsColours(capacity: Int32) {
    var random = SeededGenerator(seed: UInt64(capacity))
    let (width, height) = (40, 12)
    var allocator = ColorPairAllocator(capacity: capacity)
    var terminal = SimulatedTerminal(cells: width * height)
    // Each row has its own few colours; scrolling shifts rows up and brings new ones in.
    func newRow() -> [Colors] {
      let palette = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        Colors(
          foreground: Int32.random(in: 16...255, using: &random),
          background: Int32.random(in: -1...255, using: &random))
      }
      return (0..<width).map { _ in palette.randomElement(using: &random)! }
    }
    var rows = (0..<height).map { _ in newRow() }
    var drawn = 0
    for _ in 0..<2_000 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<7:
        rows.removeFirst()
        rows.append(newRow())
      case 7..<9:
        rows.removeLast()
        rows.insert(newRow(), at: 0)
      default:
        rows = (0..<height).map { _ in newRow() }
      }
      let frame = rows.flatMap { $0 }
      let distinct = Set(frame).subtracting([.terminalDefault]).count
      let wrong = terminal.draw(frame, with: &allocator)
      if distinct <= Int(capacity) {
        #expect(wrong == 0, "capacity \(capacity), \(distinct) combinations")
        #expect(allocator.overflowCount == 0)
      } else {
        #expect(wrong <= allocator.overflowCount * width * height)
      }
      drawn += 1
    }
    #expect(drawn == 2_000)
  }

  @Test func pairsInUseKeepTheirNumbers() {
    var allocator = ColorPairAllocator(capacity: 2)
    let red = Colors(foreground: 196, background: -1)
    let blue = Colors(foreground: 21, background: -1)
    let green = Colors(foreground: 46, background: -1)
    #expect(allocator.beginFrame([red, blue]).count == 2)
    let redPair = allocator.pair(for: red)
    // Blue leaves, green comes: green takes blue's pair, red keeps its own.
    let defined = allocator.beginFrame([red, green])
    #expect(defined.count == 1 && defined[0].colors == green)
    #expect(allocator.pair(for: red) == redPair)
    #expect(allocator.pair(for: green) != redPair)
    // Three at once in two pairs: one overflows to the default colours.
    _ = allocator.beginFrame([red, green, blue])
    #expect(allocator.overflowCount == 1)
    #expect(allocator.pair(for: .terminalDefault) == 0)
  }
}
