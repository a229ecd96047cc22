/// A PNG file's chunks (PNG §5.3: length, type, data, CRC), for the copy an SVG embeds. A pure
/// function of the bytes.
enum PNGChunks {
    /// The chunks that make the picture and its colours: the header, palette and transparency,
    /// the image data and its end, and the colour space (gamma, chromaticities, sRGB, an ICC
    /// profile, significant bits).
    static let kept: Set<String> = ["IHDR", "PLTE", "tRNS", "IDAT", "IEND", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT"]

    /// What an SVG may embed for `bytes` in place of the decoded pixels: the signature and the
    /// `kept` chunks, as they are (their CRCs still theirs). Dropped: text (`tEXt`, `zTXt`,
    /// `iTXt`: comments, authors, XMP), EXIF (`eXIf`: a position, a camera, an orientation
    /// Feedshot does not apply), times, an APNG's animation (`acTL`, `fcTL`, `fdAT`: Feedshot
    /// draws the still image, and a browser would animate it), every other chunk, and what follows
    /// `IEND`. nil — the pixels are embedded instead — when a chunk runs past the end or the file
    /// ends before `IEND`.
    static func embeddable(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 8 else { return nil }
        var copy = Array(bytes[..<8])
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - offset - 12 else { return nil }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let end = offset + 12 + length
            if kept.contains(type) { copy += bytes[offset..<end] }
            if type == "IEND" { return copy }
            offset = end
        }
        return nil
    }
}
