/// Sums of a growing list of whole numbers (section heights, item counts) by prefix, in
/// O(log *n*) to change a value, to sum a prefix, or to find where a running sum passes a
/// value (a binary indexed tree).
struct FenwickTree {
  private var tree: [Int] = [0]
  private(set) var values: [Int] = []

  init() {}

  var count: Int { values.count }

  /// Adds a value at the end.
  ///
  /// - Complexity: O(log *n*) amortised.
  mutating func append(_ value: Int) {
    values.append(0)
    tree.append(0)
    // The new node covers the range that ends at it: its sum is built from the nodes below.
    let node = values.count
    var sum = 0
    var child = node - 1
    let stop = node - (node & -node)
    while child > stop {
      sum += tree[child]
      child -= child & -child
    }
    tree[node] = sum
    set(values.count - 1, to: value)
  }

  /// Sets value `index` to `value`.
  ///
  /// - Complexity: O(log *n*).
  mutating func set(_ index: Int, to value: Int) {
    let delta = value - values[index]
    guard delta != 0 else { return }
    values[index] = value
    var node = index + 1
    while node < tree.count {
      tree[node] += delta
      node += node & -node
    }
  }

  /// The sum of the values before `index`.
  ///
  /// - Complexity: O(log *n*).
  func prefixSum(_ index: Int) -> Int {
    var sum = 0
    var node = Swift.min(index, values.count)
    while node > 0 {
      sum += tree[node]
      node -= node & -node
    }
    return sum
  }

  /// The sum of every value.
  var total: Int { prefixSum(values.count) }

  /// The first index whose running sum (its value included) is greater than `target`:
  /// the value that covers `target`, with values never negative. `count` when none does.
  ///
  /// - Complexity: O(log *n*).
  func index(covering target: Int) -> Int {
    var node = 0
    var remaining = target
    var step = 1
    while step * 2 < tree.count { step *= 2 }
    while step > 0 {
      let next = node + step
      if next < tree.count && tree[next] <= remaining {
        node = next
        remaining -= tree[next]
      }
      step /= 2
    }
    return node
  }
}
