/// A JPEG file's marker segments (ITU-T T.81, Annex B), read by their stated lengths, each checked
/// against the end of the file: what is embedded in a PDF or SVG (`embeddable`), the photo's EXIF
/// orientation (`orientation`), and whether its frame is progressive. Pure functions of the bytes.
enum JPEGSegments {
    /// One segment.
    struct Segment: Equatable {
        /// Its marker's code: the byte after FF (0xE1 for APP1, 0xDA for a start of scan).
        var marker: UInt8
        /// Where it lies in the file: from its marker's FF (fill bytes before it left out) through
        /// its payload, and for a start of scan through the entropy-coded data that follows.
        var bytes: Range<Int>
        /// Its payload: what follows its two length bytes (empty for a marker standing alone).
        var payload: Range<Int>
    }

    /// How a walk over the segments ended.
    enum End: Equatable {
        /// At the end-of-image marker, visited.
        case endOfImage
        /// Where the visitor said to stop.
        case stopped
        /// At a byte where a marker should be and is not, a second start of image, a length
        /// that is too short or runs past the end, or the end of the file before the end of image.
        case malformed
    }

    /// Markers that stand alone, without a length: TEM and the restart markers (the end of image
    /// ends the walk).
    static func standsAlone(_ marker: UInt8) -> Bool { marker == 0x01 || (0xD0...0xD7).contains(marker) }

    /// Visits the segments after the start of image (FF D8), in order, until `visit` returns
    /// false or the end of image (FF D9) is visited. Fill bytes (FF) before a marker are skipped;
    /// a scan's entropy-coded data runs to the first FF not followed by 00 (a stuffed FF), a
    /// restart marker or another FF, as libjpeg reads it.
    @discardableResult
    static func walk(_ bytes: [UInt8], _ visit: (Segment) -> Bool) -> End {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .malformed }
        var offset = 2
        while offset < bytes.count {
            guard bytes[offset] == 0xFF else { return .malformed }
            var at = offset + 1
            while at < bytes.count, bytes[at] == 0xFF { at += 1 }
            guard at < bytes.count else { return .malformed }
            let marker = bytes[at], start = at - 1
            if marker == 0xD9 || standsAlone(marker) {
                let segment = Segment(marker: marker, bytes: start..<(at + 1), payload: (at + 1)..<(at + 1))
                guard visit(segment) else { return .stopped }
                if marker == 0xD9 { return .endOfImage }
                offset = at + 1
                continue
            }
            guard marker != 0x00, marker != 0xD8, at + 2 < bytes.count else { return .malformed }
            let length = Int(bytes[at + 1]) << 8 | Int(bytes[at + 2])
            guard length >= 2, length <= bytes.count - at - 1 else { return .malformed }
            var end = at + 1 + length
            if marker == 0xDA {
                guard let dataEnd = entropyCodedDataEnd(bytes, from: end) else { return .malformed }
                end = dataEnd
            }
            guard visit(Segment(marker: marker, bytes: start..<end, payload: (at + 3)..<(at + 1 + length))) else { return .stopped }
            offset = end
        }
        return .malformed
    }

    /// Where the entropy-coded data starting at `offset` ends: at the FF (the first of any fill
    /// bytes) of the next marker that is not a restart marker; nil when the file ends first.
    static func entropyCodedDataEnd(_ bytes: [UInt8], from offset: Int) -> Int? {
        var index = offset
        while index < bytes.count {
            guard bytes[index] == 0xFF else {
                index += 1
                continue
            }
            var next = index + 1
            while next < bytes.count, bytes[next] == 0xFF { next += 1 }
            guard next < bytes.count else { return nil }
            if bytes[next] == 0x00 || (0xD0...0xD7).contains(bytes[next]) {
                index = next + 1
            } else {
                return index
            }
        }
        return nil
    }

    /// Whether `bytes[range]` begins with `prefix`.
    static func starts(_ bytes: [UInt8], _ range: Range<Int>, with prefix: String) -> Bool {
        range.count >= prefix.utf8.count && bytes[range].starts(with: prefix.utf8)
    }

    /// The photo's orientation: the EXIF Orientation in the first APP1 segment holding EXIF
    /// ("Exif\0\0", then TIFF) before the first scan (`ImageOrientation.init(exif:)`); `.up`
    /// when there is none or it cannot be read.
    static func orientation(_ bytes: [UInt8]) -> ImageOrientation {
        var orientation = ImageOrientation.up
        walk(bytes) { segment in
            guard segment.marker != 0xDA else { return false }
            guard segment.marker == 0xE1, starts(bytes, segment.payload, with: "Exif\0\0") else { return true }
            orientation = ImageOrientation(exif: bytes[(segment.payload.lowerBound + 6)..<segment.payload.upperBound])
            return false
        }
        return orientation
    }

    /// Whether the frame header before the first scan is progressive (SOF2, SOF6, SOF10 or
    /// SOF14); true when none is found there, so a file that cannot be read is held to the rules
    /// of the one that costs more.
    static func isProgressive(_ bytes: [UInt8]) -> Bool {
        var progressive = true
        walk(bytes) { segment in
            guard segment.marker != 0xDA else { return false }
            guard isFrameHeader(segment.marker) else { return true }
            progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(segment.marker)
            return false
        }
        return progressive
    }

    /// Start-of-frame markers: C0–CF but DHT (C4), JPG (C8) and DAC (CC).
    static func isFrameHeader(_ marker: UInt8) -> Bool { (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) }

    /// What a PDF or SVG may embed for `bytes` in place of the decoded pixels: the same picture
    /// without what identifies where, when and on what it was taken. Kept: the start of image;
    /// APP0 "JFIF" (its thumbnail, if any, dropped), APP2 "ICC_PROFILE" (the colour profile) and
    /// APP14 "Adobe" (how the colour is coded); the frame header, the Huffman and quantization
    /// tables, the restart interval, and every scan with its entropy-coded data, through the end of
    /// image. Dropped: APP1 (EXIF — GPS position, camera, times, a thumbnail of the uncropped
    /// photo — and XMP), APP3–APP13 (Photoshop's APP13 with IPTC), APP15, comments, any other
    /// APP0, APP2 or APP14, and whatever follows the end of image.
    ///
    /// nil — the pixels are embedded instead — when the segments do not read cleanly through the
    /// end of image, or the picture is one a PDF or a browser may not show as Feedshot draws it:
    /// not one frame of 8-bit Huffman-coded baseline, extended or progressive JPEG (SOF0–SOF2)
    /// before its scans, of one or three components (CMYK and YCCK: Cairo writes four components
    /// as /DeviceCMYK without Adobe's inverted /Decode, a near-black negative), or with any other
    /// marker (arithmetic coding, hierarchical or lossless frames, reserved markers).
    static func embeddable(_ bytes: [UInt8]) -> [UInt8]? {
        var kept: [UInt8] = [0xFF, 0xD8]
        var frames = 0, scans = 0, acceptable = true
        let end = walk(bytes) { segment in
            let (marker, payload) = (segment.marker, segment.payload)
            switch marker {
            case 0xE0:
                // JFIF: "JFIF\0", version (2 bytes), units, densities (2 × 2), thumbnail size (2): 14
                // bytes, then the thumbnail's pixels, which go with a thumbnail size of 0 × 0.
                if starts(bytes, payload, with: "JFIF\0"), payload.count >= 14 {
                    kept += [0xFF, 0xE0, 0x00, 0x10] + bytes[payload.prefix(12)] + [0x00, 0x00]
                }
            case 0xE2 where starts(bytes, payload, with: "ICC_PROFILE\0"), 0xEE where starts(bytes, payload, with: "Adobe"):
                kept += bytes[segment.bytes]
            case 0xE0...0xEF, 0xFE:
                break
            case 0xC0, 0xC1, 0xC2:
                // Precision, height (2), width (2), components.
                frames += 1
                acceptable =
                    acceptable && frames == 1 && scans == 0 && payload.count >= 6 && bytes[payload.lowerBound] == 8
                    && [1, 3].contains(bytes[payload.lowerBound + 5])
                kept += bytes[segment.bytes]
            case 0xDA:
                scans += 1
                acceptable = acceptable && frames == 1
                kept += bytes[segment.bytes]
            case 0xC4, 0xDB, 0xDD, 0xD0...0xD7, 0xD9:
                kept += bytes[segment.bytes]
            default:
                acceptable = false
            }
            return acceptable
        }
        guard end == .endOfImage, acceptable, scans > 0 else { return nil }
        return kept
    }
}
