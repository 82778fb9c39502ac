import Browser
import PictureFiles
import TerminalCore
import Testing
import Thumbnails

/// The browser's own thumbnails stay bounded in count and in bytes, whatever they hold.
@Suite struct ThumbnailStoreTests {
  static func request(_ index: Int) -> ThumbnailRequest {
    ThumbnailRequest(source: .file("/p/\(index).png"), columns: 30, rows: 10, mode: .truecolor)
  }

  @Test func pixelPicturesAreBoundedByBytesAndSymbolsByCount() {
    var store = ThumbnailStore()
    // 300 KB each: a sixel picture with the pixels it cuts crops from.
    for index in 0..<1_000 {
      let image = PixelPicture(
        protocolKind: .sixel, label: "\(index)", width: 270, height: 180, columns: 30, rows: 10,
        encoded: [UInt8](repeating: 0x3F, count: 100_000),
        keptPixels: [UInt8](repeating: 0, count: 200_000)
      ) { _ in [] }
      let thumbnail = Thumbnail(
        columns: 30, rows: 10, cells: Array(repeating: .blank, count: 300), pixels: image)
      store.store(.success(thumbnail), for: Self.request(index))
    }
    #expect(store.count < ThumbnailStore.byteBudget / 300_000 + 1)
    #expect(store.count > ThumbnailStore.byteBudget / 400_000)
    // The newest are kept.
    #expect(store.result(for: Self.request(999)) != nil)
    #expect(store.result(for: Self.request(0)) == nil)
    var symbols = ThumbnailStore()
    for index in 0..<3_000 {
      symbols.store(
        .success(Thumbnail(columns: 30, rows: 10, cells: Array(repeating: .blank, count: 300))),
        for: Self.request(index))
    }
    #expect(symbols.count == ThumbnailStore.capacity)
  }
}
