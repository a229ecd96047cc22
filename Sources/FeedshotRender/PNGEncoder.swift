import CDeflate
import Foundation

/// Writes PNG files directly: the pixels are converted from Cairo's premultiplied BGRA and
/// "Up"-filtered in one pass, compressed in one call to libdeflate, and framed as IHDR, one IDAT
/// and IEND. Opaque images (the usual case: layouts paint a background) are written as 8-bit RGB,
/// others as 8-bit RGBA with alpha un-premultiplied.
///
/// Against Cairo's own writer (libpng + zlib, adaptive filters) on the benchmark bubble this is
/// the difference between most of a render's time and a small part of it; `feedshot bench` shows
/// both in the same run.
struct PNGEncoder {
    /// libdeflate level: 0 (stored) … 12 (smallest). 1 is the fastest that still compresses well.
    var compressionLevel: Int32 = PNGEncoder.defaultLevel

    static let defaultLevel: Int32 = 1
    static let levels: ClosedRange<Int> = 0...12

    func encode(_ surface: CairoSurface) throws(RenderError) -> Data {
        // The usual case first: an opaque surface, converted and filtered in one pass that gives up
        // at the first translucent pixel.
        if let raw = surface.withPixels({ PNGEncoder.filteredOpaqueRows($0, stride: $1, width: surface.width, height: surface.height) }) {
            return try frame(raw, width: surface.width, height: surface.height, hasAlpha: false)
        }
        let raw = surface.withPixels { pixels, stride in
            PNGEncoder.filteredRows(pixels, stride: stride, width: surface.width, height: surface.height, opaque: false)
        }
        return try frame(raw, width: surface.width, height: surface.height, hasAlpha: true)
    }

    /// RGB rows with PNG's "Up" filter straight from Cairo's words: each byte is the pixel's channel
    /// minus the one above. A row identical to the one above filters to zeros (memset). Returns nil
    /// at the first pixel that is not opaque.
    static func filteredOpaqueRows(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int) -> [UInt8]? {
        let rowBytes = width * 3
        var opaque = true
        let raw = [UInt8](unsafeUninitializedCapacity: (rowBytes + 1) * height) { out, count in
            count = (rowBytes + 1) * height
            var o = 0
            for y in 0..<height where opaque {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                out[o] = 2
                o += 1
                if y > 0, memcmp(data + y * stride, data + (y - 1) * stride, width * 4) == 0 {
                    // Same pixels as the row above (already checked opaque): all differences are 0.
                    memset(out.baseAddress! + o, 0, rowBytes)
                    o += rowBytes
                    continue
                }
                let above = y > 0 ? UnsafeRawPointer(data + (y - 1) * stride).assumingMemoryBound(to: UInt32.self) : nil
                for x in 0..<width {
                    let p = row[x]
                    if p < 0xFF00_0000 {
                        opaque = false
                        break
                    }
                    let q = above?[x] ?? 0
                    out[o] = UInt8(truncatingIfNeeded: (p >> 16) &- (q >> 16))
                    out[o + 1] = UInt8(truncatingIfNeeded: (p >> 8) &- (q >> 8))
                    out[o + 2] = UInt8(truncatingIfNeeded: p &- q)
                    o += 3
                }
            }
        }
        return opaque ? raw : nil
    }

    /// Encodes 8-bit RGB (or RGBA when `hasAlpha`) rows, straight alpha.
    func encode(rgb pixels: [UInt8], width: Int, height: Int, hasAlpha: Bool) throws(RenderError) -> Data {
        let channels = hasAlpha ? 4 : 3
        let rowBytes = width * channels
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        pixels.withUnsafeBufferPointer { source in
            raw.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let o = y * (rowBytes + 1)
                    out[o] = 2  // Up
                    for i in 0..<rowBytes {
                        let above = y > 0 ? source[(y - 1) * rowBytes + i] : 0
                        out[o + 1 + i] = source[y * rowBytes + i] &- above
                    }
                }
            }
        }
        return try frame(raw, width: width, height: height, hasAlpha: hasAlpha)
    }

    /// Each row as PNG wants it: a filter byte (2, "Up") then the row minus the row above, from
    /// Cairo's native-endian premultiplied ARGB words.
    static func filteredRows(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, opaque: Bool) -> [UInt8] {
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels
        // Every byte is written below: no need to zero it first.
        var raw = [UInt8](unsafeUninitializedCapacity: (rowBytes + 1) * height) { _, count in count = (rowBytes + 1) * height }
        // Two row buffers, alternating: the current row and the one above it (zero for the first).
        var rows = [UInt8](repeating: 0, count: 2 * rowBytes)
        raw.withUnsafeMutableBufferPointer { out in
            rows.withUnsafeMutableBufferPointer { rows in
                for y in 0..<height {
                    let cur = rows.baseAddress! + (y % 2) * rowBytes
                    let prev = rows.baseAddress! + ((y + 1) % 2) * rowBytes
                    let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    var c = 0
                    for x in 0..<width {
                        let p = row[x]
                        var r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
                        if opaque {
                            cur[c] = UInt8(truncatingIfNeeded: r)
                            cur[c + 1] = UInt8(truncatingIfNeeded: g)
                            cur[c + 2] = UInt8(truncatingIfNeeded: b)
                            c += 3
                        } else {
                            let a = p >> 24
                            if a != 0 && a != 255 {
                                r = min(255, (r * 255 + a / 2) / a)
                                g = min(255, (g * 255 + a / 2) / a)
                                b = min(255, (b * 255 + a / 2) / a)
                            }
                            cur[c] = UInt8(truncatingIfNeeded: r)
                            cur[c + 1] = UInt8(truncatingIfNeeded: g)
                            cur[c + 2] = UInt8(truncatingIfNeeded: b)
                            cur[c + 3] = UInt8(truncatingIfNeeded: a)
                            c += 4
                        }
                    }
                    let o = y * (rowBytes + 1)
                    out[o] = 2
                    if y == 0 {
                        for i in 0..<rowBytes { out[o + 1 + i] = cur[i] }
                    } else {
                        for i in 0..<rowBytes { out[o + 1 + i] = cur[i] &- prev[i] }
                    }
                }
            }
        }
        return raw
    }

    /// One libdeflate compressor per level, kept by each thread (allocating one costs more than
    /// compressing a bubble).
    final class Compressors {
        /// Owned; freed in `deinit` when the thread exits.
        private var byLevel: [Int32: OpaquePointer] = [:]

        func compressor(level: Int32) -> OpaquePointer? {
            if let existing = byLevel[level] { return existing }
            let created = libdeflate_alloc_compressor(level)
            byLevel[level] = created
            return created
        }

        deinit { for compressor in byLevel.values { libdeflate_free_compressor(compressor) } }
    }

    static let compressors = ThreadLocal { Compressors() }

    /// Compresses the filtered rows and wraps them in PNG chunks.
    func frame(_ raw: [UInt8], width: Int, height: Int, hasAlpha: Bool) throws(RenderError) -> Data {
        guard let compressor = PNGEncoder.compressors.value.compressor(level: max(0, min(12, compressionLevel))) else {
            throw RenderError.encoding("libdeflate could not allocate a compressor")
        }
        let bound = libdeflate_zlib_compress_bound(compressor, raw.count)
        var size = 0
        let compressed = [UInt8](unsafeUninitializedCapacity: bound) { output, count in
            size = raw.withUnsafeBytes { input in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, bound)
            }
            count = size
        }
        guard size > 0 else { throw RenderError.encoding("libdeflate could not compress \(raw.count) bytes") }
        var png = Data(capacity: size + 64)
        png.append(contentsOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = [UInt8]()
        header.append(contentsOf: PNGEncoder.bigEndian(UInt32(width)))
        header.append(contentsOf: PNGEncoder.bigEndian(UInt32(height)))
        header.append(contentsOf: [8, hasAlpha ? 6 : 2, 0, 0, 0])  // depth, colour type, deflate, adaptive filters, no interlace
        PNGEncoder.chunk("IHDR", header[...], into: &png)
        PNGEncoder.chunk("IDAT", compressed[...], into: &png)
        PNGEncoder.chunk("IEND", [][...], into: &png)
        return png
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// Length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: ArraySlice<UInt8>, into png: inout Data) {
        png.append(contentsOf: bigEndian(UInt32(data.count)))
        let typeBytes = Array(type.utf8)
        png.append(contentsOf: typeBytes)
        png.append(contentsOf: data)
        var crc = typeBytes.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        crc = data.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        png.append(contentsOf: bigEndian(crc))
    }
}
