import CGif
import CWebP
import Foundation

/// WebP (libwebp; an animation's first frame) and GIF (giflib, first frame) decoding, with the same
/// pixel limit checked on the header before any pixel is decoded.
extension ImageDecoder {
    static func webpSize(_ bytes: [UInt8]) throws(ImageLoadError) -> (Int, Int) {
        var width: Int32 = 0, height: Int32 = 0
        let ok = bytes.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
        guard ok != 0 else { throw ImageLoadError("corrupt WebP") }
        return (Int(width), Int(height))
    }

    /// The size a GIF is shown at, and where its first frame lies on it.
    struct GIFCanvas: Equatable {
        var width: Int, height: Int
        var frameX: Int, frameY: Int, frameWidth: Int, frameHeight: Int
    }

    /// The size a GIF is shown at and its first frame's place, read from the blocks before the
    /// frame's pixels (GIF89a: the "Logical Screen Descriptor", the global colour table, the
    /// extensions, the first "Image Descriptor"): the logical screen, unless the first frame is
    /// wider or taller than it or the file is a GIF87a — then the frame's size, with the frame at
    /// (0, 0). That is the rule browsers share for "broken GIF files where the logical screen size
    /// has weird width or height" (Firefox's `nsGIFDecoder2.cpp`, WebKit's and Blink's
    /// `GIFImageReader.cpp`), and it keeps the first frame inside the size every budget counts:
    /// a 1 × 1 screen over a 6000 × 6000 frame decoded 36 megapixels counted as one.
    static func gifCanvas(_ bytes: [UInt8]) throws(ImageLoadError) -> GIFCanvas {
        let corrupt = ImageLoadError("corrupt GIF")
        guard bytes.count >= 13 else { throw corrupt }
        func uint16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        let screenWidth = uint16(6), screenHeight = uint16(8)
        // The global colour table, when the screen descriptor's top flag bit says there is one.
        var at = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0)
        while at < bytes.count {
            switch bytes[at] {
            case 0x21:
                // An extension: its label, then data sub-blocks (a length, then that many bytes) up to an empty one.
                at += 2
                while at < bytes.count, bytes[at] != 0 { at += Int(bytes[at]) + 1 }
                at += 1
            case 0x2C:
                guard at + 9 < bytes.count else { throw corrupt }
                let x = uint16(at + 1), y = uint16(at + 3), width = uint16(at + 5), height = uint16(at + 7)
                let isGIF87a = bytes[4] == UInt8(ascii: "7")
                if width > screenWidth || height > screenHeight || isGIF87a {
                    return GIFCanvas(width: width, height: height, frameX: 0, frameY: 0, frameWidth: width, frameHeight: height)
                }
                return GIFCanvas(
                    width: screenWidth, height: screenHeight, frameX: x, frameY: y, frameWidth: width, frameHeight: height)
            case 0x3B:
                throw ImageLoadError("GIF has no image")
            default:
                throw corrupt
            }
        }
        throw corrupt
    }

    static func decodeWebP(_ bytes: [UInt8], maxPixels: Int) throws(ImageLoadError) -> CairoSurface {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else { throw ImageLoadError("corrupt WebP") }
        // An animation's size is its canvas's.
        let (width, height, isAnimated) = (Int(features.width), Int(features.height), features.has_animation != 0)
        try checkSize(width: width, height: height, maxPixels: maxPixels)
        guard let surface = try? CairoSurface(width: width, height: height) else {
            throw ImageLoadError("out of memory for a \(width) × \(height) image")
        }
        let decoded = bytes.withUnsafeBufferPointer { buffer in
            isAnimated
                ? decodeFirstFrame(buffer, into: surface)
                : decodeBGRA(buffer.baseAddress, buffer.count, into: surface, x: 0, y: 0, width: width, height: height)
        }
        guard decoded else { throw ImageLoadError(isAnimated ? "corrupt animated WebP" : "corrupt WebP") }
        premultiply(surface)
        return surface
    }

    /// An animated WebP's first frame, as straight-alpha BGRA on its transparent canvas in
    /// `surface` (the canvas's size) — a still image of a sticker or an avatar, as a GIF's first
    /// frame is. Blended or not, the first frame over an empty canvas is the frame itself, so it is
    /// decoded straight into its place (libwebp's demuxer finds it; its animation decoder would
    /// keep two more canvases). False when there is no such frame, or it does not decode.
    static func decodeFirstFrame(_ buffer: UnsafeBufferPointer<UInt8>, into surface: CairoSurface) -> Bool {
        var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
        // Owned here, and its iterator; both released before returning.
        guard let demuxer = WebPDemux(&data) else { return false }
        defer { WebPDemuxDelete(demuxer) }
        var frame = WebPIterator()
        guard WebPDemuxGetFrame(demuxer, 1, &frame) != 0 else { return false }
        defer { WebPDemuxReleaseIterator(&frame) }
        return decodeBGRA(
            frame.fragment.bytes, frame.fragment.size, into: surface, x: Int(frame.x_offset), y: Int(frame.y_offset),
            width: Int(frame.width), height: Int(frame.height))
    }

    /// Decodes the WebP bitstream `data` (`size` bytes) as straight-alpha BGRA — Cairo's
    /// native-endian ARGB order on little-endian machines — into the `width` × `height` rectangle
    /// of `surface` at (`x`, `y`), which must lie inside it. False when it does not decode there.
    static func decodeBGRA(
        _ data: UnsafePointer<UInt8>?, _ size: Int, into surface: CairoSurface, x: Int, y: Int, width: Int, height: Int
    ) -> Bool {
        guard x >= 0, y >= 0, width > 0, height > 0, x + width <= surface.width, y + height <= surface.height else { return false }
        return surface.withPixels { pixels, stride in
            let capacity = (height - 1) * stride + width * 4
            return WebPDecodeBGRAInto(data, size, pixels + y * stride + x * 4, capacity, Int32(stride)) != nil
        }
    }

    /// Straight-alpha BGRA to Cairo's premultiplied ARGB32, in place.
    static func premultiply(_ surface: CairoSurface) {
        surface.withPixels { data, stride in
            for y in 0..<surface.height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<surface.width {
                    let p = row[x]
                    let a = p >> 24
                    if a == 255 { continue }
                    let r = ((p >> 16) & 0xFF) * a / 255, g = ((p >> 8) & 0xFF) * a / 255, b = (p & 0xFF) * a / 255
                    row[x] = a << 24 | r << 16 | g << 8 | b
                }
            }
        }
    }

    /// The bytes giflib reads from, through its input callback.
    final class GIFInput {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    static func decodeGIF(_ bytes: [UInt8], maxPixels: Int) throws(ImageLoadError) -> CairoSurface {
        let input = GIFInput(bytes)
        var error: Int32 = 0
        let reader: InputFunc = { gif, out, count in
            guard let gif, let out, let user = gif.pointee.UserData else { return 0 }
            let input = Unmanaged<GIFInput>.fromOpaque(user).takeUnretainedValue()
            let n = max(0, min(Int(count), input.bytes.count - input.offset))
            input.bytes.withUnsafeBufferPointer { buffer in
                if n > 0 { out.update(from: buffer.baseAddress! + input.offset, count: n) }
            }
            input.offset += n
            return Int32(n)
        }
        guard let gif = withExtendedLifetime(input, { DGifOpen(Unmanaged.passUnretained(input).toOpaque(), reader, &error) }) else {
            throw ImageLoadError("corrupt GIF")
        }
        defer { DGifCloseFile(gif, &error) }
        let canvas = try gifCanvas(bytes)
        return try withExtendedLifetime(input) { () throws(ImageLoadError) -> CairoSurface in
            try checkSize(width: canvas.width, height: canvas.height, maxPixels: maxPixels)
            var transparent: Int32 = -1
            while true {
                var record = UNDEFINED_RECORD_TYPE
                guard DGifGetRecordType(gif, &record) == GIF_OK else { throw ImageLoadError("corrupt GIF") }
                switch record {
                case EXTENSION_RECORD_TYPE:
                    var code: Int32 = 0
                    var block: UnsafeMutablePointer<GifByteType>?
                    guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw ImageLoadError("corrupt GIF") }
                    // Graphic control extension: [size, flags, delay, delay, transparent index].
                    if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4, block[1] & 1 == 1 { transparent = Int32(block[4]) }
                    while block != nil {
                        guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw ImageLoadError("corrupt GIF") }
                    }
                case IMAGE_DESC_RECORD_TYPE:
                    return try firstFrame(gif, on: canvas, transparent: transparent)
                case TERMINATE_RECORD_TYPE:
                    throw ImageLoadError("GIF has no image")
                default:
                    continue
                }
            }
        }
    }

    /// Reads the current image (interlaced or not) through its colour map onto a transparent
    /// `canvas`, at its place there; what lies past the canvas's edges is read and dropped.
    static func firstFrame(_ gif: UnsafeMutablePointer<GifFileType>, on canvas: GIFCanvas, transparent: Int32) throws(ImageLoadError)
        -> CairoSurface
    {
        guard DGifGetImageDesc(gif) == GIF_OK else { throw ImageLoadError("corrupt GIF") }
        let desc = gif.pointee.Image
        let width = Int(desc.Width), height = Int(desc.Height)
        // giflib read the descriptor `gifCanvas` read: the same frame, or the bytes are not one GIF.
        guard width == canvas.frameWidth, height == canvas.frameHeight, width > 0, height > 0 else {
            throw ImageLoadError("corrupt GIF")
        }
        guard let map = desc.ColorMap ?? gif.pointee.SColorMap else { throw ImageLoadError("GIF has no colour map") }
        guard let surface = try? CairoSurface(width: canvas.width, height: canvas.height) else {
            throw ImageLoadError("out of memory for a \(canvas.width) × \(canvas.height) image")
        }
        var line = [GifByteType](repeating: 0, count: width)
        let rows: [Int] =
            desc.Interlace
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
            : Array(0..<height)
        let colors = Int(map.pointee.ColorCount)
        let shown = max(0, min(width, canvas.width - canvas.frameX))
        var failed = false
        surface.withPixels { data, stride in
            for y in rows where !failed {
                if DGifGetLine(gif, &line, Int32(width)) != GIF_OK { failed = true; return }
                guard shown > 0, canvas.frameY + y < canvas.height else { continue }
                let row = UnsafeMutableRawPointer(data + (canvas.frameY + y) * stride).assumingMemoryBound(to: UInt32.self) + canvas.frameX
                for x in 0..<shown {
                    let index = Int(line[x])
                    if Int32(index) == transparent || index >= colors {
                        row[x] = 0
                    } else {
                        let c = map.pointee.Colors[index]
                        row[x] = 0xFF00_0000 | UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
                    }
                }
            }
        }
        if failed { throw ImageLoadError("corrupt GIF") }
        return surface
    }
}
