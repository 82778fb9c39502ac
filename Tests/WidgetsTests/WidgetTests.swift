import Cards
import LayoutEngine
import TerminalScreen
import TerminalText
import TestSupport
import Testing
import Thumbnails
import Widgets

/// Widgets draw into an area of an in-memory screen and nowhere else; their frames are
/// checked as literal lines.
@Suite struct WidgetTests {
  static let card = Card(
    caption: "Red panda", comment: "Lives in the mountain forests of the Himalayas.",
    image: CardImage(width: 40, height: 20, path: "panda.jpg", source: .file("panda.jpg")),
    tags: ["mammal", "forest"])

  static func cardWidget(selected: Bool = false, size: Size) -> CardWidget {
    let measurer = CardMeasurer(cards: [card])
    return CardWidget(
      card: card, index: 0, measurer: measurer, size: size, isSelected: selected)
  }

  /// One of each widget, with what it shows.
  static func widgets() -> [(String, any Widget)] {
    let measurer = CardMeasurer(cards: [card])
    let thumbnail = Thumbnail(
      columns: 6, rows: 2,
      cells: Array(
        repeating: Thumbnail.Cell(symbol: "▀", foreground: .indexed(100), background: .indexed(30)),
        count: 12))
    return [
      ("card", cardWidget(selected: true, size: Size(width: 20, height: 12))),
      ("chip", ChipWidget(text: "forest")),
      ("header", SectionHeaderWidget(title: "mammals", count: 2_986)),
      (
        "status",
        StatusBar(
          source: "cards.json", layoutName: "masonry", columns: 3, visibleRange: 1...9, total: 64,
          percent: 12)
      ),
      (
        "tags",
        TagStripWidget(
          tags: ["a", "forest", "mammal"],
          layout: TagStripWidget.layout(tags: ["a", "forest", "mammal"], width: 30))
      ),
      (
        "detail",
        DetailView(
          card: card, caption: measurer.caption(ofCard: 0), comment: measurer.comment(ofCard: 0))
      ),
      ("help", HelpOverlay(lines: [HelpOverlay.Line(text: "Keys", isHeading: true)])),
      ("too small", TooSmallMessage(need: Size(width: 16, height: 6))),
      (
        "ruler",
        ViewportRuler(viewportWidth: 20, minimumWidth: 16, maximumWidth: 40) { $0 / 10 }
      ),
      ("margin", ViewportMargin()),
      ("picture", PictureBox(picture: .thumbnail(thumbnail), image: card.image)),
      ("reason", PictureBox(picture: .unavailable("not found"), image: card.image)),
      ("message", CenteredMessage("No cards.")),
    ]
  }

  /// Over random areas and clips, no widget writes a cell outside its clip (or outside
  /// the screen), and none crashes on an area of no size or one off the screen.
  @Test func noWidgetWritesOutsideItsClip() {
    var random = SeededGenerator(seed: 12)
    for (name, widget) in Self.widgets() {
      for _ in 0..<300 {
        let area = Rect(
          x: Int.random(in: -6...30, using: &random), y: Int.random(in: -6...20, using: &random),
          width: Int.random(in: 0...40, using: &random),
          height: Int.random(in: 0...20, using: &random))
        let clip = Rect(
          x: Int.random(in: -4...30, using: &random), y: Int.random(in: -4...20, using: &random),
          width: Int.random(in: 0...40, using: &random),
          height: Int.random(in: 0...20, using: &random))
        var screen = Screen(width: 32, height: 18)
        screen.fill(screen.bounds, with: "·")
        widget.draw(in: area, clip: clip, into: &screen)
        for y in 0..<screen.height {
          for x in 0..<screen.width where !clip.contains(Rect(x: x, y: y, width: 1, height: 1)) {
            #expect(
              screen[x, y].grapheme == "·", "\(name) wrote (\(x), \(y)) outside \(clip)")
          }
        }
      }
    }
  }

  /// A card: border, picture placeholder as tall as the picture's shape makes it, the
  /// caption, the comment wrapped; heavy when selected; cut by the clip at the top, its
  /// lower rows show.
  @Test func aCardAsDrawnAndCut() {
    let widget = Self.cardWidget(size: Size(width: 20, height: 12))
    #expect(widget.metrics.pictureRows == 4, "16 columns of a 2:1 picture, cells 1:2")
    var screen = Screen(width: 20, height: 12)
    widget.draw(in: Rect(x: 0, y: 0, width: 20, height: 12), into: &screen)
    #expect(
      (0..<12).map { screen.row($0) } == [
        "╭──────────────────╮",
        "│ ░░░░░░░░░░░░░░░░ │",
        "│ ░░░░░░░░░░░░░░░░ │",
        "│ ░░░░░░░░░░░░░░░░ │",
        "│ ░░░░░░░░░░░░░░░░ │",
        "│ Red panda        │",
        "│ Lives in the     │",
        "│ mountain forests │",
        "│ of the           │",
        "│ Himalayas.       │",
        "│                  │",
        "╰──────────────────╯",
      ])
    var cut = Screen(width: 20, height: 4)
    Self.cardWidget(selected: true, size: Size(width: 20, height: 10)).draw(
      in: Rect(x: 0, y: -6, width: 20, height: 10), clip: Rect(x: 0, y: 0, width: 20, height: 4),
      into: &cut)
    #expect(
      (0..<4).map { cut.row($0) } == [
        "┃ Lives in the     ┃",
        "┃ mountain forests ┃",
        "┃ of the…          ┃",
        "┗━━━━━━━━━━━━━━━━━━┛",
      ])
  }

  /// The status bar gives up its fields from the least useful as it narrows: the source,
  /// then the columns, the position, the layout.
  @Test func theStatusBarNarrows() {
    var bar = StatusBar(
      source: "cards.json", layoutName: "masonry", columns: 3, visibleRange: 1...9, total: 64,
      percent: 12)
    func padded(_ text: String, _ width: Int) -> String { TextFitting.padded(text, toWidth: width) }
    #expect(
      bar.text(width: 70) == padded(" cards.json │ masonry │ 3 cols │ 1–9 of 64 │ 12% │ ? help", 70)
    )
    #expect(bar.text(width: 40) == padded(" masonry │ 1–9 of 64 │ 12% │ ? help", 40))
    #expect(bar.text(width: 20) == " 1–9 of 64 │ ? help ")
    bar.message = "/fox▏"
    #expect(bar.text(width: 36) == padded(" masonry │ 1–9 of 64 │ 12% │ /fox▏", 36))
  }

  /// A section header names the section and counts its cards; a short width cuts the
  /// name before the count.
  @Test func aSectionHeaderCountsItsCards() {
    func drawn(_ header: SectionHeaderWidget, width: Int) -> String {
      var screen = Screen(width: width, height: 1)
      header.draw(in: screen.bounds, into: &screen)
      return screen.row(0)
    }
    let games = SectionHeaderWidget(title: "games", count: 2_986)
    #expect(drawn(games, width: 24) == "── games · 2,986 ───────")
    #expect(
      drawn(SectionHeaderWidget(title: "long-section-name", count: 1_018_896), width: 24)
        == "── long-se… · 1,018,896 ")
    #expect(drawn(SectionHeaderWidget(title: "games"), width: 12) == "── games ───")
    #expect(Counted.digits(0) == "0" && Counted.digits(999) == "999")
    #expect(Counted.digits(1_000) == "1,000" && Counted.digits(-12_345) == "-12,345")
  }

  /// A picture box shows its thumbnail's cells, or says why it cannot, in its middle of an
  /// empty box (the shade is for a picture on its way).
  @Test func aPictureBoxShowsTheThumbnailOrWhyNot() {
    let (_, picture) = Self.widgets()[10]
    var screen = Screen(width: 6, height: 2)
    picture.draw(in: Rect(x: 0, y: 0, width: 6, height: 2), into: &screen)
    #expect(screen.row(0) == "▀▀▀▀▀▀")
    #expect(screen[0, 0].style.foreground == .indexed(100))
    let (_, reason) = Self.widgets()[11]
    var box = Screen(width: 13, height: 3)
    reason.draw(in: Rect(x: 0, y: 0, width: 13, height: 3), into: &box)
    #expect(box.row(1) == "  not found  ")
    #expect(box.row(0) == String(repeating: " ", count: 13), "not the placeholder's shade")
  }

  /// Borders and padding come from the card style: content starts a border and a padding
  /// cell in, for cards, the open card and the help alike.
  @Test func contentGoesInsideTheStylesBorderAndPadding() {
    let frame = Rect(x: 3, y: 2, width: 20, height: 10)
    let inside = CardStyle.contentArea(of: frame)
    #expect(
      inside
        == Rect(
          x: 3 + CardStyle.border + CardStyle.padding, y: 2 + CardStyle.border,
          width: 20 - CardStyle.horizontalChrome, height: 10 - CardStyle.verticalChrome))
    var screen = Screen(width: 30, height: 14)
    Self.cardWidget(size: frame.size).draw(in: frame, into: &screen)
    #expect(screen[inside.minX, inside.minY].grapheme == "░")
    #expect(screen[inside.minX - 1, inside.minY].grapheme == " ")
  }

  /// A picture on its way, a card without a picture file (its colour flat, or "no
  /// picture"), and a picture cut short (its note on the last row) look different.
  @Test func loadingSwatchNoPictureAndTruncatedLookDifferent() {
    let color = RGBColor(red: 200, green: 60, blue: 20)
    let box = Rect(x: 0, y: 0, width: 12, height: 4)
    func drawn(_ image: CardImage, _ picture: CardPicture = .placeholder) -> Screen {
      var screen = Screen(width: 12, height: 4)
      PictureBox(picture: picture, image: image).draw(in: box, into: &screen)
      return screen
    }
    let loading = drawn(
      CardImage(width: 0, height: 0, dominantColor: color, source: .file("a.jpg")))
    #expect(loading[0, 0].grapheme == "░")
    #expect(loading[0, 0].style.foreground != loading[0, 0].style.background, "shaded")
    let swatch = drawn(CardImage(width: 0, height: 0, dominantColor: color))
    #expect(swatch[0, 0].grapheme == " ")
    #expect(swatch[0, 0].style.background == .rgb(red: 200, green: 60, blue: 20))
    let nothing = drawn(CardImage(width: 0, height: 0))
    #expect(nothing.row(1).contains("no picture"))
    let thumbnail = Thumbnail(
      columns: 12, rows: 4,
      cells: Array(
        repeating: Thumbnail.Cell(symbol: "▀", foreground: .indexed(100), background: .indexed(30)),
        count: 48))
    var cut = thumbnail
    cut.note = "truncated"
    let shown = drawn(CardImage(width: 12, height: 8, source: .file("a.jpg")), .thumbnail(cut))
    #expect(shown.row(3).contains("truncated") && shown.row(0) == String(repeating: "▀", count: 12))
    #expect(!drawn(CardImage(width: 12, height: 8), .thumbnail(thumbnail)).row(3).contains("t"))
  }
}
