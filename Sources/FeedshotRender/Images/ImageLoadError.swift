import CSpng
import Dispatch
import Foundation

/// Why one image could not be loaded; it becomes a layout warning, never a failed render.
struct ImageLoadError: Error, CustomStringConvertible {
    var description: String
    /// Whether libspng refused a chunk whose CRC does not match (decoded again without the check).
    var isCRCMismatch = false

    init(_ description: String) { self.description = description }

    /// libspng's error `status`, as "corrupt PNG: …".
    init(png status: Int32) {
        description = "corrupt PNG: \(String(cString: spng_strerror(status)))"
        isCRCMismatch = status == Int32(SPNG_ECHUNK_CRC.rawValue)
    }
}
