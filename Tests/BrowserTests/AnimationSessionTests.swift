import Browser
import CardLayouts
import Cards
import Foundation
import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalScreen
import TerminalTesting
import TestSupport
import Testing
import Thumbnails

/// Animated pictures in the browser: the frame shown is a function of the state (which
/// picture, since when, the playing time), so each step is an ordinary frame; the
/// selected card plays from its first frame when it is selected, the others hold their
/// first, `a` pauses and resumes, `--animate off` makes no frame beyond the first, and the
/// app wakes for the next frame and for nothing else.
@Suite struct AnimationSessionTests {
  /// A folder of the three animated fixtures.
  static func folder() throws -> CardCollection {
    let folder = TemporaryFiles.makeDirectory()
    for name in ["counter.gif", "counter-apng.png", "counter.webp"] {
      // The decoder tests' fixtures (scripts/make-format-fixtures.sh).
      let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("PicturesTests/Fixtures")
      try FileManager.default.copyItem(
        atPath: fixtures.appendingPathComponent(name).path, toPath: folder + "/" + name)
    }
    return try PictureCards.load(paths: [folder], recursive: false, sort: .name)
  }

  static func browser(_ choice: AnimationChoice) throws -> HeadlessBrowser {
    var state = BrowserState(size: .zero, cards: try folder(), pictures: .thumbnails(.truecolor))
    state.animation = AnimationPlayback(choice: choice)
    var browser = HeadlessBrowser(state)
    browser.send(.started(Size(width: 100, height: 30)))
    return browser
  }

  /// The background colours of a row of the first card's picture, as a word per colour.
  static func colours(_ browser: HeadlessBrowser, card: Int) -> Set<TerminalColor> {
    let scene = BrowserScene(browser.state, caches: browser.caches)
    guard let box = scene.pictureBoxes.first(where: { $0.card == card })?.frame else { return [] }
    let frame = browser.frame
    return Set((box.minX..<box.maxX).map { frame[$0, box.minY + box.height / 2].style.background })
  }

  static let red = TerminalColor.rgb(red: 255, green: 0, blue: 0)
  static let green = TerminalColor.rgb(red: 0, green: 255, blue: 0)
  static let blue = TerminalColor.rgb(red: 0, green: 0, blue: 255)

  @Test func theSelectedCardPlaysAndTheOthersHoldTheirFirstFrame() throws {
    var browser = try Self.browser(.selected)
    // Cards by name: counter-apng.png, counter.gif, counter.webp; the first selected.
    #expect(browser.state.selected == 0)
    let webp = 2
    #expect(Self.colours(browser, card: webp).contains(Self.red))
    // Apart enough not to be a key held down (which draws placeholders).
    browser.send(.key(.character("l")), after: 300)
    browser.send(.key(.character("l")), after: 300)
    #expect(browser.state.selected == webp)
    // Selected: it plays from its first frame, 100 ms a frame.
    #expect(Self.colours(browser, card: webp).contains(Self.red))
    browser.send(.tick, after: 100)
    #expect(Self.colours(browser, card: webp).contains(Self.green))
    browser.send(.tick, after: 100)
    #expect(Self.colours(browser, card: webp).contains(Self.blue))
    // The scene says when its next frame is due, in playing time.
    let scene = BrowserScene(browser.state, caches: browser.caches)
    #expect(scene.nextAnimationStep == browser.state.animation.time + 100)
    // The card left: back to its first frame.
    browser.send(.key(.character("h")), after: 300)
    #expect(Self.colours(browser, card: webp).contains(Self.red))
  }

  /// The viewer plays the picture it shows (Enter on the WebP): a frame every 100 ms over
  /// the whole screen, and the scene says when the next is due.
  @Test func theViewerPlaysItsPicture() throws {
    var browser = try Self.browser(.selected)
    browser.send(.key(.character("l")), after: 300)
    browser.send(.key(.character("l")), after: 300)
    browser.send(.key(.enter), after: 300)
    #expect(browser.state.mode.viewer != nil)
    func colours() -> Set<TerminalColor> {
      let scene = BrowserScene(browser.state, caches: browser.caches)
      guard let box = scene.pictureBoxes.first(where: { $0.card == nil })?.frame else { return [] }
      let frame = browser.frame
      return Set(
        (box.minX..<box.maxX).map { frame[$0, box.minY + box.height / 2].style.background })
    }
    #expect(colours().contains(Self.red))
    browser.send(.tick, after: 100)
    #expect(colours().contains(Self.green))
    browser.send(.tick, after: 100)
    #expect(colours().contains(Self.blue))
    let scene = BrowserScene(browser.state, caches: browser.caches)
    #expect(scene.nextAnimationStep == browser.state.animation.time + 100)
  }

  @Test func aPausesAndResumes() throws {
    var browser = try Self.browser(.all)
    let webp = 2
    browser.send(.tick, after: 100)
    #expect(Self.colours(browser, card: webp).contains(Self.green))
    browser.send(.key(.character("a")), after: 0)
    #expect(browser.state.animation.isPaused)
    #expect(
      BrowserScene(browser.state, caches: browser.caches).nextAnimationStep == nil, "no wake-ups")
    browser.send(.tick, after: 1_000)
    #expect(Self.colours(browser, card: webp).contains(Self.green), "held")
    browser.send(.key(.character("a")), after: 0)
    browser.send(.tick, after: 100)
    #expect(Self.colours(browser, card: webp).contains(Self.blue), "on from where it was")
  }

  /// A GIF that plays four times stops on its last frame; the frames are its own delays.
  @Test func playsEndOnTheLastFrame() throws {
    var browser = try Self.browser(.all)
    let gif = 1
    browser.send(.tick, after: 50)
    #expect(Self.colours(browser, card: gif) == [Self.red])
    browser.send(.tick, after: 100)
    #expect(
      Self.colours(browser, card: gif).contains(TerminalColor.rgb(red: 255, green: 255, blue: 0)))
    browser.send(.tick, after: 4 * 350)
    #expect(Self.colours(browser, card: gif) == [Self.blue])
    let scene = BrowserScene(browser.state, caches: browser.caches)
    #expect(
      scene.nextAnimationStep == nil || scene.nextAnimationStep! > browser.state.animation.time)
  }

  @Test func offMakesFirstFramesAlone() throws {
    let browser = try Self.browser(.off)
    let thumbnails = BrowserScene(browser.state, caches: browser.caches).pictureBoxes.compactMap {
      $0.request.flatMap { try? browser.state.thumbnails.result(for: $0)?.get() }
    }
    #expect(thumbnails.count == 3)
    #expect(thumbnails.allSatisfy { $0.animation == nil })
    #expect(BrowserScene(browser.state, caches: browser.caches).nextAnimationStep == nil)
  }

  /// The app wakes when the next frame is due: a session of one animated card in symbols
  /// draws about one frame per frame of the animation, not a frame per wake-up.
  @Test func theAppWakesForEachFrame() throws {
    var app = BrowserApp(
      collection: try Self.folder(), options: LayoutOptions(), pictures: .thumbnails(.truecolor),
      animate: .selected
    ) { try Self.folder() }
    var terminal = InMemoryTerminal(
      size: Size(width: 100, height: 30), script: [.wakeUpsUntilIdle(idleMilliseconds: 1_200)],
      wakeUp: app.wakeUp)
    app.run(on: &terminal)
    // The APNG (selected) plays twice: 100, 250 and 20 ms frames, six in all, then holds;
    // each frame drawn is another of its frames (or a thumbnail's arrival).
    var changes = 0
    for (before, after) in zip(terminal.frames, terminal.frames.dropFirst()) where before != after {
      changes += 1
    }
    #expect(changes >= 5, "\(changes) changes in \(terminal.frames.count) frames")
    #expect(terminal.frames.count < 40, "\(terminal.frames.count) frames")
  }
}
