import CPangoCairo
import FeedshotLayout
import Foundation

/// Owns one reference to a PangoLayout, released in `deinit`. Not `Sendable`: the layout belongs
/// to its thread's context.
final class PangoLayoutRef {
    /// Owned: one reference.
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}
