/// How a photo's stored pixels are turned to show it upright: the EXIF Orientation (TIFF tag
/// 0x0112, values 1–8) a camera writes instead of turning the pixels, named as UIKit names it.
///
/// iOS applies it: `UIImage` turns a photo as its orientation metadata says before showing it (a
/// portrait photo, stored in the sensor's landscape, is turned 90°), its `imageOrientation` names
/// the turn it applied, and its `size` is the turned size (Apple's UIKit documentation:
/// "UIImage.Orientation", https://developer.apple.com/documentation/uikit/uiimage/orientation;
/// "imageOrientation", https://developer.apple.com/documentation/uikit/uiimage/imageorientation;
/// "size", https://developer.apple.com/documentation/uikit/uiimage/size). The raw values are
/// EXIF's, which Image I/O names with these cases one for one (`CGImagePropertyOrientation`,
/// https://developer.apple.com/documentation/imageio/cgimagepropertyorientation).
enum ImageOrientation: Int, Equatable, CaseIterable {
    /// 1: as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored
    /// 3: turned 180°.
    case down
    /// 4: mirrored top to bottom.
    case downMirrored
    /// 5: mirrored across the diagonal from the top left (transposed).
    case leftMirrored
    /// 6: turned 90° clockwise (a phone held upright, its camera's sensor landscape).
    case right
    /// 7: mirrored across the diagonal from the top right (transversed).
    case rightMirrored
    /// 8: turned 90° anticlockwise.
    case left

    /// Whether the upright picture is as wide as the stored one is tall.
    var swapsSides: Bool { rawValue >= 5 }

    /// The upright size of a stored `width` × `height` picture.
    func size(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsSides ? (height, width) : (width, height)
    }

    /// Where the upright picture's pixels are in the stored one, whose rows are `stride` pixels
    /// apart: its pixel (x, y) is stored at `origin + x × alongRow + y × downColumn`. Every one
    /// of the eight is such a walk, starting at one of the stored picture's corners.
    func walk(width: Int, height: Int, stride: Int) -> (origin: Int, alongRow: Int, downColumn: Int) {
        let (lastRow, lastColumn) = ((height - 1) * stride, width - 1)
        switch self {
        case .up: return (0, 1, stride)
        case .upMirrored: return (lastColumn, -1, stride)
        case .down: return (lastRow + lastColumn, -1, -stride)
        case .downMirrored: return (lastRow, 1, -stride)
        case .leftMirrored: return (0, stride, 1)
        case .right: return (lastRow, -stride, 1)
        case .rightMirrored: return (lastRow + lastColumn, -stride, -1)
        case .left: return (lastColumn, stride, -1)
        }
    }

    /// `surface` turned upright: a new surface of the same format (its sides swapped for the
    /// four that turn it by 90°), or `surface` itself when it is stored upright. Both are held
    /// while the pixels are copied.
    ///
    /// - Throws: `ImageLoadError` when there is no memory for the new surface.
    func applied(to surface: CairoSurface) throws(ImageLoadError) -> CairoSurface {
        guard self != .up else { return surface }
        let (width, height) = size(width: surface.width, height: surface.height)
        guard let upright = try? CairoSurface(width: width, height: height, opaque: surface.isOpaqueFormat) else {
            throw ImageLoadError("out of memory for a \(width) × \(height) image")
        }
        let walk = self.walk(width: surface.width, height: surface.height, stride: surface.stride / 4)
        surface.withPixels { stored, _ in
            upright.withPixels { pixels, stride in
                let from = UnsafeRawPointer(stored).assumingMemoryBound(to: UInt32.self)
                for y in 0..<height {
                    let row = UnsafeMutableRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                    var at = walk.origin + y * walk.downColumn
                    for x in 0..<width {
                        row[x] = from[at]
                        at += walk.alongRow
                    }
                }
            }
        }
        return upright
    }
}

extension ImageOrientation {
    /// The Orientation in the TIFF structure of an EXIF segment (`tiff`: what follows APP1's
    /// "Exif\0\0"): the byte order ("II" little-endian, "MM" big-endian) and 42, the offset of the
    /// first IFD, its count of 12-byte entries, and the entry tagged 0x0112 — a SHORT (type 3)
    /// whose value, 1–8, is the first two bytes of its value field. `.up` when there is no such
    /// entry, or any of it is malformed or lies past the end.
    init(exif tiff: ArraySlice<UInt8>) {
        self = .up
        let start = tiff.startIndex
        guard tiff.count >= 8 else { return }
        let littleEndian: Bool
        switch (tiff[start], tiff[start + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return
        }
        /// The `size`-byte unsigned number at `offset` from the TIFF header, or nil past the end.
        func number(_ offset: Int, size: Int) -> Int? {
            guard offset >= 0, offset <= tiff.count - size else { return nil }
            var value = 0
            for index in 0..<size {
                let byte = Int(tiff[start + offset + (littleEndian ? size - 1 - index : index)])
                value = value << 8 | byte
            }
            return value
        }
        guard number(2, size: 2) == 42, let ifd = number(4, size: 4), let entries = number(ifd, size: 2) else { return }
        for index in 0..<entries {
            let entry = ifd + 2 + index * 12
            guard let tag = number(entry, size: 2), number(entry + 8, size: 4) != nil else { return }
            guard tag == 0x0112 else { continue }
            guard number(entry + 2, size: 2) == 3, let count = number(entry + 4, size: 4), count >= 1,
                let value = number(entry + 8, size: 2), let orientation = ImageOrientation(rawValue: value)
            else { return }
            self = orientation
            return
        }
    }
}
