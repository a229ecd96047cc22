import Foundation

/// A value per thread, created on first use and released when the thread exits — the one
/// thread-local mechanism of the renderer (per-thread caches, Pango contexts, encoder scratch).
/// The value never leaves its thread, so it need not be `Sendable`.
final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    private var key = pthread_key_t()
    private let make: () throws(RenderError) -> Value

    /// A value made by `make` on each thread's first use; if `make` throws, the next use tries again.
    init(_ make: @escaping () throws(RenderError) -> Value) {
        self.make = make
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
    }

    /// The calling thread's value, made now if it has none.
    func current() throws(RenderError) -> Value {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<AnyObject>.fromOpaque(existing).takeUnretainedValue() as! Value
        }
        let created = try make()
        pthread_setspecific(key, Unmanaged.passRetained(created as AnyObject).toOpaque())
        return created
    }

    /// The calling thread's value if it has one, without making it.
    var existing: Value? {
        pthread_getspecific(key).map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() as! Value }
    }

    /// Drops the calling thread's value (released now unless someone else holds it); the next
    /// `current()` makes a new one.
    func reset() {
        guard let existing = pthread_getspecific(key) else { return }
        pthread_setspecific(key, nil)
        Unmanaged<AnyObject>.fromOpaque(existing).release()
    }
}

extension ThreadLocal {
    /// A value whose making cannot fail.
    convenience init(_ make: @escaping () -> Value) {
        self.init { () throws(RenderError) -> Value in make() }
    }

    /// The calling thread's value, for values whose making cannot fail.
    var value: Value {
        do {
            return try current()
        } catch {
            preconditionFailure("a thread-local value that cannot fail to be made failed: \(error)")
        }
    }
}
