import Dispatch
import FeedshotLayout
import Foundation

/// A tall layout drawn and compressed on several threads, pigz-style (docs/ARCHITECTURE.md, "PNG
/// encoding"): the calling thread draws the strips in order — Pango and Cairo stay on the thread
/// whose caches they use — into buffers of their own, and whichever of up to `threads` threads is
/// free (the caller among them) filters and compresses each drawn strip as one segment of the zlib
/// stream (`PNGEncoder.fastSegment`). A segment is coded from its own rows alone and ends on a
/// byte boundary, and the segments are those `PNGEncoder.segments` gives whatever the thread
/// count, so the file is byte for byte the one a single thread writes. The helpers run on
/// Dispatch's global pool and touch only pixel buffers, never Pango or Cairo.
enum StripSegments {
    /// The layout as an opaque PNG, or nil when a pixel is translucent (the caller writes RGBA).
    /// Only for `PNGEncoder.defaultLevel` and images of more than one strip.
    static func encode(_ strips: StripRows, threads: Int) throws(RenderError) -> Data? {
        let segments = strips.windows
        precondition(segments == PNGEncoder.segments(height: strips.height, width: strips.width), "strips are the PNG's segments")
        let height = strips.height, rowBytes = strips.width * 3 + 1
        let coded = try StripQueue<CodedSegment>.code(strips, threads: threads) { (strip) throws(RenderError) in
            let range = segments[strip.index]
            let out = ByteBuffer(capacity: rowBytes * range.count / 16 + 1024)
            guard
                let adler = try PNGEncoder.fastSegment(
                    range, isLast: range.upperBound == height, rowBytes: rowBytes, channels: 3, rows: PNGEncoder.opaqueRows(strip),
                    into: out)
            else { return nil }
            return CodedSegment(bytes: out, adler: adler)
        }
        guard let coded else { return nil }
        let parts = zip(coded, segments).map { (bytes: $0.bytes, adler: $0.adler, rows: $1.count) }
        return PNGEncoder.assemble(width: strips.width, height: strips.height, channels: 3, segments: parts)
    }
}

/// A strip compressed as a segment of the zlib stream, and its Adler-32.
final class CodedSegment {
    let bytes: ByteBuffer
    let adler: UInt32

    init(bytes: ByteBuffer, adler: UInt32) {
        self.bytes = bytes
        self.adler = adler
    }
}
