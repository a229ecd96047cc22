import Foundation

/// The rows of a whole surface.
final class SurfaceRows: PixelRows {
    private let data: UnsafeMutablePointer<UInt8>
    private let stride: Int
    let width: Int
    let height: Int

    /// Valid while `surface` lives and is not drawn on (see `CairoSurface.withPixels`).
    init(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int) {
        self.data = data
        self.stride = stride
        self.width = width
        self.height = height
    }

    func row(_ y: Int) -> (row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>?) {
        func at(_ y: Int) -> UnsafePointer<UInt32> { UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self) }
        return (at(y), y > 0 ? at(y - 1) : nil)
    }
}
