import Foundation

/// Memory for decoded images, shared by every render in a process: a render reserves the bytes
/// of each image it decodes (width × height × 4) and gives them back when it finishes, so the
/// images in flight never hold more than `capacity` bytes together. A render that finds no room
/// waits for it (as long as its deadline allows) rather than risking an out-of-memory kill.
public final class DecodeBudget: @unchecked Sendable {
    /// Bytes that decoded images in flight may hold together.
    public let capacity: Int
    private let condition = NSCondition()
    private var used = 0

    /// A budget of `capacity` bytes.
    public init(capacity: Int) {
        precondition(capacity > 0, "a decode budget needs room for at least one byte")
        self.capacity = capacity
    }

    /// Bytes reserved right now.
    public var bytesInUse: Int { condition.withLock { used } }

    /// Bytes held by one render; given back by `release` (once, whoever calls it).
    final class Reservation: @unchecked Sendable {
        private let budget: DecodeBudget
        private var bytes: Int

        fileprivate init(budget: DecodeBudget, bytes: Int) {
            self.budget = budget
            self.bytes = bytes
        }

        /// Takes over `other`'s bytes (of the same budget).
        func merge(_ other: Reservation) {
            precondition(other.budget === budget, "reservations of different budgets")
            budget.condition.withLock {
                bytes += other.bytes
                other.bytes = 0
            }
        }

        /// Gives the bytes back and wakes the renders waiting for room.
        func release() {
            budget.condition.withLock {
                budget.used -= bytes
                bytes = 0
                budget.condition.broadcast()
            }
        }
    }

    /// Reserves `bytes`, waiting while there is no room and `keepWaiting` says so (it is asked
    /// every 50 ms). Returns nil when `bytes` can never fit or `keepWaiting` gave up.
    func reserve(_ bytes: Int, keepWaiting: () -> Bool) -> Reservation? {
        guard bytes <= capacity else { return nil }
        condition.lock()
        defer { condition.unlock() }
        while used + bytes > capacity {
            condition.unlock()
            let goOn = keepWaiting()
            condition.lock()
            guard goOn else { return nil }
            if used + bytes <= capacity { break }
            _ = condition.wait(until: Date().addingTimeInterval(0.05))
        }
        used += bytes
        return Reservation(budget: self, bytes: bytes)
    }
}
