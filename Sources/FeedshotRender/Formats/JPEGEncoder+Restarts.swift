import Foundation

/// Joining strips coded as JPEG files of their own into one file with restart markers (ITU-T T.81,
/// B.2.4.4 "Define restart interval" and F.1.2.3 "Restart markers"; libjpeg's `emit_restart`).
extension JPEGEncoder {
    /// The strips' files, in order, as one file of `width` × `height` pixels: the first file's
    /// header with the frame's height set to `height`, a restart interval of one strip's MCUs
    /// (`stripRows` rows) before the scan, each file's entropy-coded data with RST0 … RST7 in
    /// turn between them, and EOI. One file is returned as it is.
    ///
    /// - Throws: `RenderError.invariant` when a file is not a baseline JPEG of `width` pixels
    ///   with the first one's header (tables, sampling) or a strip is not `stripRows` tall.
    func join(_ files: [Data], width: Int, height: Int, stripRows: Int) throws(RenderError) -> Data {
        guard files.count > 1 else {
            guard let file = files.first else { throw RenderError.invariant("a JPEG of no strips") }
            return file
        }
        let interval = stripRows / mcuSide * mcusPerRow(width: width)
        guard stripRows % mcuSide == 0, (1...0xFFFF).contains(interval) else {
            throw RenderError.invariant("a JPEG strip of \(stripRows) rows is not a restart interval")
        }
        let first = try JPEGEncoder.landmarks(of: files[0], width: width)
        let header = [UInt8](files[0].prefix(first.scanData))
        var out = Data(capacity: files.reduce(16) { $0 + $1.count })
        out.append(contentsOf: header[..<first.scanHeader])
        out[first.frameHeight] = UInt8(height >> 8)
        out[first.frameHeight + 1] = UInt8(height & 0xFF)
        out.append(contentsOf: [0xFF, 0xDD, 0x00, 0x04, UInt8(interval >> 8), UInt8(interval & 0xFF)])  // DRI
        out.append(contentsOf: header[first.scanHeader...])
        for (index, file) in files.enumerated() {
            if index > 0 {
                guard try JPEGEncoder.landmarks(of: file, width: width) == first,
                    JPEGEncoder.sameHeader(file, header, except: first.frameHeight)
                else { throw RenderError.invariant("strip \(index) of a JPEG has tables or sampling of its own") }
            }
            let rows = index < files.count - 1 ? stripRows : height - stripRows * index
            guard JPEGEncoder.bigEndian(file, at: first.frameHeight) == rows else {
                throw RenderError.invariant("strip \(index) of a JPEG is not \(rows) rows tall")
            }
            out.append(file[(file.startIndex + first.scanData)..<(file.endIndex - 2)])
            if index < files.count - 1 { out.append(contentsOf: [0xFF, 0xD0 + UInt8(index % 8)]) }
        }
        out.append(contentsOf: [0xFF, 0xD9])  // EOI
        return out
    }

    /// Where a baseline JPEG's frame height is (SOF0), where its scan header (SOS) starts and
    /// where the entropy-coded data after it starts, in bytes from the file's start.
    struct Landmarks: Equatable {
        var frameHeight: Int
        var scanHeader: Int
        var scanData: Int
    }

    /// `file`'s landmarks, read from its markers: SOI, segments with lengths up to SOS, and EOI
    /// at the end.
    ///
    /// - Throws: `RenderError.invariant` when the file is not a baseline JPEG `width` pixels wide.
    static func landmarks(of file: Data, width: Int) throws(RenderError) -> Landmarks {
        let count = file.count
        func byte(_ offset: Int) -> Int { offset < count ? Int(file[file.startIndex + offset]) : -1 }
        let malformed = RenderError.invariant("libjpeg-turbo's file is not the baseline JPEG a strip should be")
        guard byte(0) == 0xFF, byte(1) == 0xD8, byte(count - 2) == 0xFF, byte(count - 1) == 0xD9 else { throw malformed }
        var offset = 2
        var frameHeight: Int?
        while byte(offset) == 0xFF, offset + 4 <= count {
            let marker = byte(offset + 1)
            let next = offset + 2 + bigEndian(file, at: offset + 2)
            guard next <= count - 2 else { throw malformed }
            switch marker {
            case 0xC0:  // SOF0: length, precision, height, width
                guard bigEndian(file, at: offset + 7) == width else { throw malformed }
                frameHeight = offset + 5
            case 0xC1...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC, 0xDD:
                throw malformed  // another coding process, or a restart interval of its own
            case 0xDA:
                guard let frameHeight else { throw malformed }
                return Landmarks(frameHeight: frameHeight, scanHeader: offset, scanData: next)
            default: break
            }
            offset = next
        }
        throw malformed
    }

    /// The 16-bit big-endian number at `offset` in `file` (−1 past its end).
    static func bigEndian(_ file: Data, at offset: Int) -> Int {
        guard offset >= 0, offset + 2 <= file.count else { return -1 }
        return Int(file[file.startIndex + offset]) << 8 | Int(file[file.startIndex + offset + 1])
    }

    /// Whether `file` starts with `header` but for the two bytes at `except`.
    static func sameHeader(_ file: Data, _ header: [UInt8], except: Int) -> Bool {
        guard file.count >= header.count else { return false }
        for (offset, value) in header.enumerated() where offset != except && offset != except + 1 {
            guard file[file.startIndex + offset] == value else { return false }
        }
        return true
    }
}
