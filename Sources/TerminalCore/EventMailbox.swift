import Synchronization

/// Where background work leaves events for the event loop: a locked queue and the wake-up
/// signal that tells the loop to collect them. Workers `post`; only the loop `takeAll`s,
/// so every change of the interface's state still happens on the loop's thread.
package final class EventMailbox<Event: Sendable>: Sendable {
  private let queue = Mutex<[Event]>([])
  package let wakeUp: WakeUpSignal

  package init(wakeUp: WakeUpSignal = WakeUpSignal()) {
    self.wakeUp = wakeUp
  }

  /// Leaves `event` for the loop and wakes it. Safe from any thread.
  package func post(_ event: Event) {
    queue.withLock { $0.append(event) }
    wakeUp.signal()
  }

  /// Everything posted so far, oldest first, emptying the queue.
  package func takeAll() -> [Event] {
    wakeUp.drain()
    return queue.withLock { events in
      defer { events.removeAll(keepingCapacity: true) }
      return events
    }
  }

  /// Whether anything waits to be taken.
  package var isEmpty: Bool { queue.withLock { $0.isEmpty } }
}
