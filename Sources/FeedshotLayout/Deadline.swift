/// When a render gives up: layout checks it before each item it lays out, so a request that runs
/// out of time stops within one item (docs/ARCHITECTURE.md, "Deadlines").
package struct Deadline: Sendable {
    /// No deadline: never exceeded.
    package static let none = Deadline(nil)

    package let instant: ContinuousClock.Instant?
    /// Asked at each check too: a server stopping cancels the renders still running past its grace.
    package let isCancelled: (@Sendable () -> Bool)?

    package init(_ instant: ContinuousClock.Instant?, isCancelled: (@Sendable () -> Bool)? = nil) {
        self.instant = instant
        self.isCancelled = isCancelled
    }

    /// Throws once the deadline has passed or the render was cancelled.
    package func check() throws(DeadlineExceeded) {
        if let instant, ContinuousClock.now > instant { throw DeadlineExceeded() }
        if let isCancelled, isCancelled() { throw DeadlineExceeded() }
    }
}

/// A layout stopped because its deadline passed.
package struct DeadlineExceeded: Error {}
