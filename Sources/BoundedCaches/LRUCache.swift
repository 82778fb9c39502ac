/// A cache that keeps the most recently used values within a budget of bytes, evicting the
/// least recently used. Not thread-safe: wrap it in a lock.
///
/// - Complexity: O(1) amortised per lookup and insertion (a dictionary, and a list of keys
///   in use order with lazy deletion, compacted when it grows past twice the entries).
package struct LRUCache<Key: Hashable, Value> {
  private var entries: [Key: (value: Value, cost: Int, tick: Int)] = [:]
  private var order: [(key: Key, tick: Int)] = []
  private var head = 0
  private var tick = 0
  package private(set) var totalCost = 0
  package let budget: Int

  package init(budget: Int) {
    self.budget = budget
  }

  package var count: Int { entries.count }

  /// The value for `key`, marking it as just used.
  package mutating func value(for key: Key) -> Value? {
    guard let entry = entries[key] else { return nil }
    tick += 1
    entries[key] = (entry.value, entry.cost, tick)
    order.append((key, tick))
    compactIfNeeded()
    return entry.value
  }

  /// Keeps `value` at `cost` bytes, evicting the least recently used values over budget
  /// (a value over the whole budget is not kept).
  package mutating func insert(_ value: Value, for key: Key, cost: Int) {
    if let old = entries.removeValue(forKey: key) { totalCost -= old.cost }
    guard cost <= budget else { return }
    tick += 1
    entries[key] = (value, cost, tick)
    order.append((key, tick))
    totalCost += cost
    while totalCost > budget && head < order.count {
      let oldest = order[head]
      head += 1
      if let entry = entries[oldest.key], entry.tick == oldest.tick {
        entries.removeValue(forKey: oldest.key)
        totalCost -= entry.cost
      }
    }
    compactIfNeeded()
  }

  private mutating func compactIfNeeded() {
    guard order.count - head > 2 * entries.count + 64 else { return }
    order = order[head...].filter { entries[$0.key]?.tick == $0.tick }
    head = 0
  }
}
