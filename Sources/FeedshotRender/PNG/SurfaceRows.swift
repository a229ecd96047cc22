import Foundation

/// The rows of a whole surface.
final class SurfaceRows: PixelRows {
    /// Cairo's pixels: `height` rows `stride` bytes apart. Not owned.
    private let data: UnsafeMutablePointer<UInt8>
    private let stride: Int
    let width: Int
    let height: Int

    /// Valid while `surface` lives and is not drawn on (see `CairoSurface.withPixels`).
    init(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int) {
        precondition(stride >= width * 4, "a row of \(width) pixels fits in \(stride) bytes")
        self.data = data
        self.stride = stride
        self.width = width
        self.height = height
    }

    func withRow(_ y: Int, _ body: PixelRowBody) throws(RenderError) -> Bool {
        precondition((0..<height).contains(y), "row \(y) of \(height)")
        func at(_ y: Int) -> UnsafePointer<UInt32> { UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self) }
        let row = Span(_unsafeStart: at(y), count: width)
        guard y > 0 else { return try body(row, nil, nil) }
        return try body(row, Span(_unsafeStart: at(y - 1), count: width), nil)
    }
}
