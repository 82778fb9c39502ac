import PictureFiles
import Synchronization
import TestSupport
import Testing
import Thumbnails

@Suite struct ThumbnailServiceTests {
  /// Every request is answered once, with the thumbnail the renderer makes on this thread
  /// for the same request: its size, and its cells (not blank: the gradient shows).
  @Test func workersMakeWhatIsWanted() throws {
    let delivered = Mutex<[ThumbnailRequest: Result<Thumbnail, PictureFailure>]>([:])
    let done = DispatchSemaphoreBox()
    let service = ThumbnailService(workers: 2) { request, result in
      delivered.withLock { $0[request] = result }
      done.signal()
    }
    let path = PictureFixtures.path("gradient.jpg")
    let info = try PictureInfo.read(.file(path))
    let requests = (1...4).map {
      ThumbnailRequest(source: .file(path), columns: 10 * $0, rows: 4, mode: .truecolor)
    }
    service.want(requests)
    for _ in requests { #expect(done.wait(seconds: 10)) }
    let results = delivered.withLock { $0 }
    #expect(Set(results.keys) == Set(requests))
    for request in requests {
      let thumbnail = try #require(try results[request]?.get(), "\(request.columns) columns")
      #expect(thumbnail.columns == request.columns && thumbnail.rows == request.rows)
      #expect(thumbnail == (try request.make().get()), "the same as made on this thread")
      // The picture fills its own shape within the box, centred; the rest is blank.
      let fitted = ThumbnailRenderer.fittedBox(
        pictureWidth: info.width, pictureHeight: info.height, columns: request.columns,
        rows: request.rows)
      let coloured = thumbnail.cells.filter { $0.background != .default || $0.symbol != " " }
      #expect(coloured.count == fitted.columns * fitted.rows, "\(request.columns) columns")
    }
  }

  /// A picture that cannot be made is answered with why, not with a blank thumbnail.
  @Test func aFailureIsAnsweredWithItsReason() {
    let delivered = Mutex<[Result<Thumbnail, PictureFailure>]>([])
    let done = DispatchSemaphoreBox()
    let service = ThumbnailService(workers: 1) { _, result in
      delivered.withLock { $0.append(result) }
      done.signal()
    }
    service.want([
      ThumbnailRequest(
        source: .file(PictureFixtures.path("no-such-file.png")), columns: 8, rows: 4,
        mode: .palette240)
    ])
    #expect(done.wait(seconds: 10))
    #expect(delivered.withLock { $0 } == [.failure(.notFound)])
  }
}
