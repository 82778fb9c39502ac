import LayoutEngine
import TerminalCore
import Testing

/// How the link to the terminal decides pictures: slow or not by `--link` and what was
/// measured (over SSH small first), what the status bar says while pictures wait, the
/// steps the browser is told of, and the smaller cells pictures are made at.
@Suite struct PictureLinkTests {
  @Test func slowByTheChoiceThenTheMeasureThenSSH() {
    let unmeasured = PictureLink()
    let slow = PictureLink(pending: 0, throughput: 140_000)
    let fast = PictureLink(pending: 0, throughput: 40_000_000)
    #expect(!unmeasured.isSlow(.auto, overSSH: false) && unmeasured.isSlow(.auto, overSSH: true))
    #expect(slow.isSlow(.auto, overSSH: true) && !fast.isSlow(.auto, overSSH: true))
    // On this machine a slow pace is the terminal's own work: full pictures.
    #expect(!slow.isSlow(.auto, overSSH: false))
    #expect(!slow.isSlow(.local, overSSH: true) && fast.isSlow(.slow, overSSH: false))
  }

  @Test func theStatusBarSaysWhatWaitsOnASlowLink() {
    #expect(
      PictureLink(pending: 820_000, throughput: 140_000).statusText
        == "pictures: 0.8 MB to send at 140 KB/s")
    // Little waiting, a fast link, or no measure yet: nothing said.
    #expect(PictureLink(pending: 10_000, throughput: 140_000).statusText == nil)
    #expect(PictureLink(pending: 820_000, throughput: 5_000_000).statusText == nil)
    #expect(PictureLink(pending: 820_000).statusText == nil)
  }

  /// The browser hears of a change only in tenths of a megabyte and in steps of a fifth
  /// of the pace, so that draining bytes do not draw a frame each.
  @Test func changesAreReportedInSteps() {
    let a = PictureLink(pending: 820_000, throughput: 140_000).reported
    let b = PictureLink(pending: 830_000, throughput: 150_000).reported
    #expect(a == b)
    #expect(a != PictureLink(pending: 720_000, throughput: 140_000).reported)
    #expect(a != PictureLink(pending: 820_000, throughput: 300_000).reported)
    #expect(PictureLink().reported == PictureLink())
  }

  @Test func smallerCellsKeepTheirShape() {
    for (width, height, expected) in [
      (10, 20, (5, 10)), (9, 18, (5, 10)), (8, 17, (4, 9)), (7, 15, (4, 9)),
    ] {
      let scaled = CellShape(width: width, height: height).scaledForLink
      #expect((scaled.width, scaled.height) == expected, "\(width)×\(height)")
      #expect(abs(scaled.aspect - Double(height) / Double(width)) < 0.15)
    }
    #expect(CellShape.typical.scaledForLink == .typical)
  }
}
