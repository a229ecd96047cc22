/// When a render gives up: layout checks it before each item it lays out, so a request that runs
/// out of time stops within one item (docs/ARCHITECTURE.md, "Deadlines").
package struct Deadline: Sendable {
    /// No deadline: never exceeded.
    package static let none = Deadline(nil)

    package let instant: ContinuousClock.Instant?

    package init(_ instant: ContinuousClock.Instant?) {
        self.instant = instant
    }

    /// Throws once the deadline has passed.
    package func check() throws(DeadlineExceeded) {
        if let instant, ContinuousClock.now > instant { throw DeadlineExceeded() }
    }
}

/// A layout stopped because its deadline passed.
package struct DeadlineExceeded: Error {}
