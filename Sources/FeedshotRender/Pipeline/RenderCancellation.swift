import Foundation

/// A flag a server raises to abandon renders in flight (at shutdown, past its grace period); each
/// render checks it wherever it checks its deadline.
public final class RenderCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    /// A flag not yet raised.
    public init() {}

    /// Whether `cancel` was called.
    public var isCancelled: Bool { lock.withLock { cancelled } }

    /// Abandons every render that checks this flag, at its next checkpoint.
    public func cancel() { lock.withLock { cancelled = true } }
}
