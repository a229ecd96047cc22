import CTurboJPEG
import Foundation

@testable import FeedshotRender

/// JPEG files made for the tests with libjpeg-turbo, and segments to splice into them.
enum JPEGFixture {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// A `width` × `height` JPEG, quality 95 at 4:4:4, of `colour(x, y)` (0xRRGGBB): baseline, or
    /// progressive (libjpeg's script of ten scans), or — `cmyk` — YCCK with Adobe's APP14 marker,
    /// its ink stored inverted as Adobe's is, so that it decodes to the same colours.
    static func make(
        width: Int, height: Int, progressive: Bool = false, cmyk: Bool = false, colour: (Int, Int) -> UInt32
    ) throws -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let rgb = colour(x, y)
                pixels += [UInt8(rgb >> 16 & 0xFF), UInt8(rgb >> 8 & 0xFF), UInt8(rgb & 0xFF)] + (cmyk ? [255] : [])
            }
        }
        guard let handle = tjInitCompress() else { throw Failed(description: "libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let format = cmyk ? TJPF_CMYK : TJPF_RGB
        let flags = TJFLAG_ACCURATEDCT | (progressive ? TJFLAG_PROGRESSIVE : 0)
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(
                handle, $0.baseAddress, Int32(width), 0, Int32(height), Int32(format.rawValue), &buffer, &size,
                Int32(TJSAMP_444.rawValue), 95, flags)
        }
        defer { tjFree(buffer) }
        guard status == 0, let buffer else { throw Failed(description: String(cString: tjGetErrorStr2(handle))) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// Four quadrants, red, blue (top), green, yellow (bottom): a picture whose every turn and
    /// mirror image differs.
    static func quadrants(width: Int, height: Int) -> (Int, Int) -> UInt32 {
        { x, y in
            switch (x < width / 2, y < height / 2) {
            case (true, true): 0xDC_1E1E
            case (false, true): 0x1E_3CDC
            case (true, false): 0x1E_B41E
            case (false, false): 0xF0_DC1E
            }
        }
    }

    /// A segment: FF, `marker`, its length (two bytes, big-endian, counting themselves), `payload`.
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    /// `jpeg` with `segments` after its first segment (libjpeg's JFIF APP0 or Adobe APP14), and
    /// `trailing` after its end of image.
    static func inserting(_ segments: [UInt8], into jpeg: [UInt8], trailing: [UInt8] = []) -> [UInt8] {
        let firstEnd = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
        return Array(jpeg[..<firstEnd]) + segments + Array(jpeg[firstEnd...]) + trailing
    }

    /// A TIFF structure (as in EXIF) of one IFD holding `entries` (tag, type, count, value: its
    /// bytes in the value field when four or fewer, else after the IFD), in either byte order.
    static func tiff(_ entries: [(tag: Int, type: Int, count: Int, value: [UInt8])], littleEndian: Bool) -> [UInt8] {
        func number(_ value: Int, size: Int) -> [UInt8] {
            let bytes = (0..<size).map { UInt8(value >> (8 * $0) & 0xFF) }
            return littleEndian ? bytes : bytes.reversed()
        }
        var out = Array((littleEndian ? "II" : "MM").utf8) + number(42, size: 2) + number(8, size: 4) + number(entries.count, size: 2)
        var data: [UInt8] = []
        let dataStart = 8 + 2 + entries.count * 12 + 4
        for entry in entries {
            out += number(entry.tag, size: 2) + number(entry.type, size: 2) + number(entry.count, size: 4)
            if entry.value.count <= 4 {
                out += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
            } else {
                out += number(dataStart + data.count, size: 4)
                data += entry.value
            }
        }
        return out + number(0, size: 4) + data
    }

    /// An APP1 EXIF segment: an Orientation (a SHORT in either byte order) and an ImageDescription.
    static func exif(orientation: Int? = nil, description: String? = nil, littleEndian: Bool = true) -> [UInt8] {
        var entries: [(tag: Int, type: Int, count: Int, value: [UInt8])] = []
        if let description { entries.append((0x010E, 2, description.utf8.count + 1, Array(description.utf8) + [0])) }
        if let orientation {
            let short = [UInt8(orientation & 0xFF), UInt8(orientation >> 8)]
            entries.append((0x0112, 3, 1, littleEndian ? short : short.reversed()))
        }
        return segment(0xE1, Array("Exif\0\0".utf8) + tiff(entries, littleEndian: littleEndian))
    }

    /// The decoded pixels of `jpeg` as rows of 0xRRGGBB words.
    static func pixels(_ jpeg: [UInt8]) throws -> [[UInt32]] {
        let surface = try ImageDecoder.decode(Data(jpeg), maxPixels: 40_000_000).surface
        return surface.withPixels { data, stride in
            (0..<surface.height).map { y in
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                return (0..<surface.width).map { row[$0] & 0xFF_FFFF }
            }
        }
    }

    /// Whether two colours (0xRRGGBB) are within `tolerance` on every channel.
    static func close(_ a: UInt32, _ b: UInt32, tolerance: Int = 24) -> Bool {
        [16, 8, 0].allSatisfy { abs(Int(a >> UInt32($0) & 0xFF) - Int(b >> UInt32($0) & 0xFF)) <= tolerance }
    }
}
