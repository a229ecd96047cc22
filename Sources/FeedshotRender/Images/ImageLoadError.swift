import CSpng
import Dispatch
import Foundation

/// Why one image could not be loaded; it becomes a layout warning, never a failed render.
struct ImageLoadError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }

    /// libspng's error `status`, as "corrupt PNG: …".
    init(png status: Int32) {
        description = "corrupt PNG: \(String(cString: spng_strerror(status)))"
    }
}
