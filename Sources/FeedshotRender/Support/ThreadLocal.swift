import Foundation

/// A value per thread, created on first use and released when the thread exits. The value never
/// leaves its thread, so it need not be `Sendable`.
final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    private var key = pthread_key_t()
    private let make: () -> Value

    init(_ make: @escaping () -> Value) {
        self.make = make
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
    }

    /// The calling thread's value.
    var value: Value {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<AnyObject>.fromOpaque(existing).takeUnretainedValue() as! Value
        }
        let created = make()
        pthread_setspecific(key, Unmanaged.passRetained(created as AnyObject).toOpaque())
        return created
    }
}
