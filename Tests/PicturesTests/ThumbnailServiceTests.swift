import PictureFiles
import Synchronization
import Testing
import Thumbnails

@Suite struct ThumbnailServiceTests {
  @Test func workersMakeWhatIsWanted() {
    let delivered = Mutex<[ThumbnailRequest]>([])
    let done = DispatchSemaphoreBox()
    let service = ThumbnailService(workers: 2) { request, result in
      delivered.withLock { $0.append(request) }
      done.signal()
    }
    let path = PictureDecoderTests.path("gradient.jpg")
    let requests = (1...4).map {
      ThumbnailRequest(source: .file(path), columns: 10 * $0, rows: 4, mode: .truecolor)
    }
    service.want(requests)
    for _ in requests { #expect(done.wait(seconds: 10)) }
    #expect(Set(delivered.withLock { $0 }) == Set(requests))
  }
}
