import Dispatch
import TerminalCore
import Testing

@Suite struct EventMailboxTests {
  /// Posts from other threads wake a waiter and arrive whole, in order per thread.
  @Test func postsFromWorkersWakeTheLoopAndArriveInOrder() {
    let mailbox = EventMailbox<Int>()
    #expect(!mailbox.wakeUp.wait(timeout: 0), "nothing posted yet")
    let group = DispatchGroup()
    for worker in 0..<4 {
      DispatchQueue.global().async(group: group) {
        for step in 0..<250 { mailbox.post(worker * 1000 + step) }
      }
    }
    var received: [Int] = []
    while received.count < 1000 {
      #expect(mailbox.wakeUp.wait(timeout: 10_000), "a post wakes the waiter")
      received += mailbox.takeAll()
    }
    group.wait()
    received += mailbox.takeAll()
    #expect(received.count == 1000)
    for worker in 0..<4 {
      let mine = received.filter { $0 / 1000 == worker }
      #expect(mine == mine.sorted())
    }
    #expect(!mailbox.wakeUp.wait(timeout: 0), "taking drains the signal")
  }
}
