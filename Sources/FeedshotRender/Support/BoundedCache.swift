/// A small cache for one thread: at most `capacity` cost units; when an insertion would exceed
/// that, the oldest entries go first. Not `Sendable`: each thread keeps its own.
final class BoundedCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, cost: Int)] = [:]
    private var order: [Key] = []
    private var head = 0
    private(set) var totalCost = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int { entries.count }

    subscript(key: Key) -> Value? { entries[key]?.value }

    /// Forgets `key`'s entry (its place in the eviction order passes when reached).
    func remove(_ key: Key) {
        if let removed = entries.removeValue(forKey: key) { totalCost -= removed.cost }
    }

    func removeAll() {
        entries.removeAll()
        order.removeAll()
        head = 0
        totalCost = 0
    }

    func insert(_ value: Value, for key: Key, cost: Int = 1) {
        guard cost <= capacity, entries[key] == nil else { return }
        while totalCost + cost > capacity, head < order.count {
            let oldest = order[head]
            head += 1
            if let removed = entries.removeValue(forKey: oldest) { totalCost -= removed.cost }
        }
        if head > 1024, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
        entries[key] = (value, cost)
        order.append(key)
        totalCost += cost
    }
}
