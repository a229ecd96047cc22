import Foundation
import Testing

@testable import FeedshotRender

/// `JPEGSegments`: the copy of a JPEG a PDF or SVG embeds, without its metadata; the walk over the
/// segments it is made from; and the EXIF orientation read on the way.
struct JPEGSegmentsTests {
    static let photo = try! JPEGFixture.make(width: 48, height: 32, colour: JPEGFixture.quadrants(width: 48, height: 32))

    /// Strings that must not reach the embedded copy, each in a segment of its own.
    static let secrets = ["SECRET-EXIF-DESCRIPTION", "SECRET-COMMENT", "SECRET-IPTC", "SECRET-XMP-IN-APP1", "SECRET-AFTER-EOI"]

    static func contains(_ bytes: [UInt8], _ string: String) -> Bool {
        let needle = Array(string.utf8)
        return bytes.indices.contains { bytes[$0...].starts(with: needle) }
    }

    /// The photo with EXIF, XMP, a comment, Photoshop's APP13, an ICC profile, an Adobe marker,
    /// and bytes after its end of image.
    static let withMetadata = JPEGFixture.inserting(
        JPEGFixture.exif(orientation: 1, description: secrets[0]) + JPEGFixture.segment(0xFE, Array(secrets[1].utf8))
            + JPEGFixture.segment(0xED, Array("Photoshop 3.0\0\(secrets[2])".utf8))
            + JPEGFixture.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0\(secrets[3])".utf8))
            + JPEGFixture.segment(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 1] + Array("profile".utf8))
            + JPEGFixture.segment(0xE2, Array("MPF\0".utf8) + [1, 2, 3])
            + JPEGFixture.segment(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 1]),
        into: photo, trailing: Array(secrets[4].utf8))

    @Test func theEmbeddedCopyKeepsThePictureAndDropsTheMetadata() throws {
        for secret in Self.secrets { #expect(Self.contains(Self.withMetadata, secret), "the fixture lost \(secret)") }
        let copy = try #require(JPEGSegments.embeddable(Self.withMetadata))
        for secret in Self.secrets { #expect(!Self.contains(copy, secret), "\(secret) is in the copy") }
        #expect(!Self.contains(copy, "Exif") && !Self.contains(copy, "MPF"))
        // The colour profile, the Adobe marker and the JFIF header stay.
        #expect(Self.contains(copy, "ICC_PROFILE\0") && Self.contains(copy, "Adobe") && Self.contains(copy, "JFIF\0"))
        #expect(copy.suffix(2) == [0xFF, 0xD9])
        #expect(try JPEGFixture.pixels(copy) == JPEGFixture.pixels(Self.photo))
        // A file with nothing to drop is embedded as it is.
        #expect(JPEGSegments.embeddable(Self.photo) == Self.photo)
    }

    /// JFIF's APP0 may carry a thumbnail (of the uncropped photo): the copy keeps its 14 bytes
    /// of header with a 0 × 0 thumbnail.
    @Test func aJFIFThumbnailIsDropped() throws {
        let jfifLength = Int(Self.photo[4]) << 8 | Int(Self.photo[5])
        #expect(Self.photo[2...3] == [0xFF, 0xE0] && jfifLength == 16)
        var header = Array(Self.photo[6..<18])
        header += [2, 1] + [UInt8](repeating: 0x5A, count: 6)
        let withThumbnail = [0xFF, 0xD8] + JPEGFixture.segment(0xE0, header) + Array(Self.photo[(4 + jfifLength)...])
        #expect(try JPEGFixture.pixels(withThumbnail) == JPEGFixture.pixels(Self.photo))
        #expect(JPEGSegments.embeddable(withThumbnail) == Self.photo)
    }

    @Test func segmentsAreWalkedByTheirLengthsThroughScansFillBytesAndRestarts() throws {
        // A restart marker and a stuffed FF in the entropy-coded data, fill bytes before a marker.
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]
        let file: [UInt8] = [0xFF, 0xD8] + JPEGFixture.segment(0xFE, [1, 2]) + scan + [0xFF, 0xFF, 0xFF, 0xD9, 0x99]
        var seen: [(UInt8, Range<Int>)] = []
        let end = JPEGSegments.walk(file) { segment in
            seen.append((segment.marker, segment.bytes))
            return true
        }
        #expect(end == .endOfImage)
        #expect(seen.map(\.0) == [0xFE, 0xDA, 0xD9])
        #expect(seen.map(\.1) == [2..<8, 8..<25, 27..<29])
    }

    /// Anything that does not read cleanly to the end of image, or that a viewer may draw
    /// otherwise than Feedshot, is not embedded: the pixels are.
    @Test func aFileThatDoesNotReadCleanlyOrMayDrawOtherwiseIsNotEmbedded() throws {
        let photo = Self.photo
        let sof = try #require(photo.indices.first { photo[$0] == 0xFF && photo[$0 + 1] == 0xC0 })
        func with(_ offset: Int, _ byte: UInt8) -> [UInt8] {
            var copy = photo
            copy[offset] = byte
            return copy
        }
        let cases: [(String, [UInt8])] = [
            ("truncated", Array(photo.dropLast(40))),
            ("no end of image", Array(photo.dropLast(2))),
            ("a length past the end", Array(photo.prefix(sof + 2)) + [0xFF, 0xFF]),
            ("a length under 2", JPEGFixture.inserting([0xFF, 0xFE, 0x00, 0x01], into: photo)),
            ("a byte between segments", JPEGFixture.inserting([0x00], into: photo)),
            ("a second start of image", JPEGFixture.inserting([0xFF, 0xD8], into: photo)),
            ("a reserved marker", JPEGFixture.inserting(JPEGFixture.segment(0xF7, [1]), into: photo)),
            ("arithmetic coding (SOF9)", with(sof + 1, 0xC9)),
            ("a lossless frame (SOF3)", with(sof + 1, 0xC3)),
            ("12-bit samples", with(sof + 4, 12)),
            ("four components", with(sof + 9, 4)),
            (
                "no frame before the scan",
                Array(photo[..<sof]) + Array(photo[(sof + 2 + (Int(photo[sof + 2]) << 8 | Int(photo[sof + 3])))...])
            ),
            ("not a JPEG", Array(photo.dropFirst())),
        ]
        for (name, bytes) in cases { #expect(JPEGSegments.embeddable(bytes) == nil, "\(name)") }
    }

    /// Both CMYK files, ann-cmyk.jpg (Pillow's, Adobe transform 0) and libjpeg-turbo's YCCK, are
    /// decoded to colour and never embedded: Cairo would write them as /DeviceCMYK without
    /// Adobe's inverted /Decode.
    @Test func cmykFilesAreNotEmbedded() throws {
        let annCMYK = [UInt8](try Data(contentsOf: packageRoot.appendingPathComponent("examples/assets/ann-cmyk.jpg")))
        let ycck = try JPEGFixture.make(width: 16, height: 16, cmyk: true) { _, _ in 0xE6_5A3C }
        for file in [annCMYK, ycck] {
            #expect(JPEGSegments.embeddable(file) == nil)
            #expect(try ImageDecoder.decode(Data(file), maxPixels: 1_000_000).embedded == nil)
        }
        #expect(JPEGFixture.close(try JPEGFixture.pixels(ycck)[8][8], 0xE6_5A3C, tolerance: 4))
    }

    @Test(arguments: [true, false])
    func theOrientationIsReadInEitherByteOrder(littleEndian: Bool) {
        for value in 1...8 {
            let file = JPEGFixture.inserting(
                JPEGFixture.exif(orientation: value, description: "x", littleEndian: littleEndian), into: Self.photo)
            #expect(JPEGSegments.orientation(file) == ImageOrientation(rawValue: value))
        }
        #expect(JPEGSegments.orientation(Self.photo) == .up)
    }

    /// A value out of range, another type, an IFD past the end, a truncated entry: upright, as if
    /// there were no orientation.
    @Test func aMalformedOrientationIsUpright() {
        func orientation(_ tiff: [UInt8]) -> ImageOrientation { ImageOrientation(exif: ArraySlice(tiff)) }
        #expect(orientation(JPEGFixture.tiff([(0x0112, 3, 1, [6, 0])], littleEndian: true)) == .right)
        #expect(orientation(JPEGFixture.tiff([(0x0112, 3, 1, [0, 6])], littleEndian: false)) == .right)
        #expect(orientation(JPEGFixture.tiff([(0x0112, 3, 1, [9, 0])], littleEndian: true)) == .up)
        #expect(orientation(JPEGFixture.tiff([(0x0112, 3, 1, [0, 0])], littleEndian: true)) == .up)
        #expect(orientation(JPEGFixture.tiff([(0x0112, 4, 1, [6, 0, 0, 0])], littleEndian: true)) == .up)
        #expect(orientation(JPEGFixture.tiff([(0x0112, 3, 0, [6, 0])], littleEndian: true)) == .up)
        let good = JPEGFixture.tiff([(0x0112, 3, 1, [6, 0])], littleEndian: true)
        #expect(orientation(Array(good.prefix(20))) == .up)  // the entry cut short
        var farIFD = good
        farIFD[4] = 0xF0  // the first IFD's offset past the end
        #expect(orientation(farIFD) == .up)
        var notTIFF = good
        notTIFF[2] = 43
        #expect(orientation(notTIFF) == .up)
        #expect(orientation(Array("IIx".utf8)) == .up)
        // An APP1 after the first scan does not count.
        let late = Array(Self.photo.dropLast(2)) + JPEGFixture.exif(orientation: 6) + [0xFF, 0xD9]
        #expect(JPEGSegments.orientation(late) == .up)
    }

    /// Each orientation turns a 3 × 2 picture as Pillow's `ImageOps.exif_transpose` does.
    @Test func eachOrientationTurnsThePixelsAsExifSays() throws {
        let expected: [ImageOrientation: [String]] = [
            .up: ["abc", "def"], .upMirrored: ["cba", "fed"], .down: ["fed", "cba"], .downMirrored: ["def", "abc"],
            .leftMirrored: ["ad", "be", "cf"], .right: ["da", "eb", "fc"], .rightMirrored: ["fc", "eb", "da"], .left: ["cf", "be", "ad"],
        ]
        let stored = try CairoSurface(width: 3, height: 2, opaque: true)
        stored.withPixels { data, stride in
            for (index, letter) in "abcdef".unicodeScalars.enumerated() {
                UnsafeMutableRawPointer(data + index / 3 * stride).assumingMemoryBound(to: UInt32.self)[index % 3] =
                    0xFF00_0000 | letter.value
            }
        }
        for orientation in ImageOrientation.allCases {
            let upright = try orientation.applied(to: stored)
            #expect(upright.isOpaqueFormat)
            let rows = upright.withPixels { data, stride in
                (0..<upright.height).map { y in
                    let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    return String(String.UnicodeScalarView((0..<upright.width).compactMap { Unicode.Scalar(row[$0] & 0xFF) }))
                }
            }
            #expect(rows == expected[orientation], "\(orientation)")
        }
    }
}

/// How many scans a JPEG may have: fewer as it grows (`ImageDecoder.maxJPEGScans(width:height:)`).
struct JPEGScanLimitTests {
    @Test func theScanLimitShrinksWithTheImage() {
        #expect(ImageDecoder.maxJPEGScans(width: 800, height: 600) == 256)
        #expect(ImageDecoder.maxJPEGScans(width: 2000, height: 2000) == 250)
        #expect(ImageDecoder.maxJPEGScans(width: 6000, height: 6000) == 27)
        #expect(ImageDecoder.maxJPEGScans(width: 10000, height: 10000) == 16)
    }

    /// A small file declaring 6000 × 6000 pixels and holding 40 scans — under the old limit of
    /// 256, which a 4.7 KB file of 256 arithmetic-coded scans kept busy for 3 s — is refused
    /// before libjpeg-turbo passes over it.
    @Test func aLargeImageOfManyScansIsRefusedBeforeDecoding() throws {
        var file = JPEGSegmentsTests.photo
        let sof = try #require(file.indices.first { file[$0] == 0xFF && file[$0 + 1] == 0xC0 })
        (file[sof + 5], file[sof + 6], file[sof + 7], file[sof + 8]) = (0x17, 0x70, 0x17, 0x70)  // 6000 × 6000
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        let many = Array(file.dropLast(2)) + Array([[UInt8]](repeating: scan, count: 39).joined()) + [0xFF, 0xD9]
        #expect(ImageDecoder.jpegScans(many) == 40)
        let error = #expect(throws: ImageLoadError.self) { try ImageDecoder.decode(Data(many), maxPixels: 40_000_000) }
        #expect(error?.description == "corrupt JPEG: 40 scans, more than the limit of 27 for 6000 × 6000 pixels")
    }

    /// A progressive JPEG with a refinement scan repeated: libjpeg only warns ("Inconsistent
    /// progression sequence") and goes on over every scan; it is refused at that scan instead. The
    /// same file whole decodes, and cut short it is drawn as far as it decodes, with the damage
    /// reported (the decode stopped at the warning is done again without stopping).
    @Test func aScanOutOfProgressionIsRefused() throws {
        let progressive = try JPEGFixture.make(
            width: 64, height: 48, progressive: true, colour: JPEGFixture.quadrants(width: 64, height: 48))
        #expect(JPEGSegments.isProgressive(progressive) && !JPEGSegments.isProgressive(JPEGSegmentsTests.photo))
        #expect(try ImageDecoder.decode(Data(progressive), maxPixels: 1_000_000).damage == nil)
        var scans: [Range<Int>] = []
        JPEGSegments.walk(progressive) { segment in
            if segment.marker == 0xDA { scans.append(segment.bytes) }
            return true
        }
        let last = try #require(scans.last)
        let repeated = Array(progressive[..<last.upperBound]) + Array(progressive[last]) + [0xFF, 0xD9]
        let error = #expect(throws: ImageLoadError.self) { try ImageDecoder.decode(Data(repeated), maxPixels: 1_000_000) }
        #expect(error?.description.hasPrefix("corrupt JPEG: Inconsistent progression sequence") == true, "\(String(describing: error))")
        let cut = try ImageDecoder.decode(Data(progressive.prefix(last.lowerBound)), maxPixels: 1_000_000)
        #expect(cut.damage?.hasPrefix("damaged JPEG: ") == true, "\(String(describing: cut.damage))")
        #expect(cut.embedded == nil)
    }
}
