import FeedshotLayout
import FeedshotRender
import Foundation
import Testing

@testable import FeedshotSnapshot
@testable import FeedshotSnapshotTesting

/// One `assertSnapshot(of:matrix:)` call: a reference per combination, each with its knobs applied.
struct SnapshotMatrixTests {
    @Test func aMatrixRecordsAReferencePerCombination() throws {
        try withTemporaryFolder { folder throws in
            let matrix = SnapshotMatrix(devices: [.iPhoneSE, .iPhone15ProMax], themes: [.light, .dark], directions: [.rightToLeft])
            #expect(matrix.variants.count == 4)
            withKnownIssue("recording fails") {
                assertSnapshot(of: message("hi"), matrix: matrix, as: .layout, named: "m", record: .missing, snapshotDirectory: folder.path)
            } matching: {
                $0.comments.contains { $0.rawValue.hasPrefix("Recorded the snapshot") }
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            let stem = "SnapshotMatrixTests.aMatrixRecordsAReferencePerCombination.m-"
            #expect(
                files
                    == [
                        "iPhone15ProMax-dark-rtl", "iPhone15ProMax-light-rtl", "iPhoneSE-dark-rtl", "iPhoneSE-light-rtl",
                    ].map { stem + $0 + ".layout.json" })
            func tree(_ variant: String) throws -> [String: Any] {
                let data = try Data(contentsOf: folder.appendingPathComponent(stem + variant + ".layout.json"))
                return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            }
            let se = try tree("iPhoneSE-light-rtl"), max = try tree("iPhone15ProMax-dark-rtl")
            #expect(se["width"] as? Double == 375 && se["scale"] as? Int == 2)
            #expect(max["width"] as? Double == 430 && max["scale"] as? Int == 3)
            #expect(se["background"] as? String != max["background"] as? String)
        }
    }

    /// A device sets a feed's screen height as well as its width: the kit's link preview card is
    /// 0.32 of the screen's height (213.5 points on an iPhone SE, 298⅓ on a 15 Pro Max), which was
    /// the document's 812 on every device; the gallery's named devices do the same.
    @Test func aDeviceSetsAFeedsScreenHeight() throws {
        let json = Data(
            #"{"kind": "post", "now": "2026-11-29T12:00:00Z", "post": {"id": "p", "text": "https://example.com", "createdAt": "2026-11-29T11:00:00Z", "author": {"id": "u2"}, "linkPreview": {"state": "loaded", "title": "Falls"}}}"#
                .utf8)
        let document = try Feedshot.decode(json)
        func card(_ variant: SnapshotMatrix.Variant) throws -> Double {
            let layout = try Feedshot.layout(variant.apply(to: document))
            return try #require(layout.items.first { $0.type == "linkPreview" }).frame.height
        }
        let se = try card(SnapshotMatrix.Variant(device: .iPhoneSE)), max = try card(SnapshotMatrix.Variant(device: .iPhone15ProMax))
        // The card's height to the device pixel, 8 above and below it.
        #expect(se == 8 + (667 * 0.32 * 2).rounded() / 2 + 8 && max == 8 + (932 * 0.32 * 3).rounded() / 3 + 8, "\(se), \(max)")
        #expect(try card(SnapshotMatrix.Variant(device: SnapshotMatrix.Device(name: "mine", width: 375, scale: 2))) == 8 + 260 + 8)
        let gallery = PreviewGallery.Variant(width: 375, scale: 2, device: "iPhoneSE", theme: "light", textSize: .large)
        #expect(try Feedshot.layout(gallery.apply(to: document)).items.first { $0.type == "linkPreview" }?.frame.height == se)
    }

    /// A locale Foundation cannot format in (a numbering system ICU does not have) makes the
    /// matrix invalid, refused before anything is drawn; BCP 47's form of a good one is read as ICU's.
    @Test func aMatrixLocaleIsChecked() throws {
        #expect(SnapshotMatrix(locales: ["en_US", "ar-u-nu-zzzz"]).localeProblem?.hasPrefix(#"locales: "ar-u-nu-zzzz" asks for"#) == true)
        #expect(SnapshotMatrix(locales: ["en_US", "ar-u-nu-arab"]).localeProblem == nil)
        let document = try Feedshot.decode(message("hi"))
        #expect(SnapshotMatrix(locales: ["ar-u-nu-arab"]).variants[0].apply(to: document).locale.identifier == "ar@numbers=arab")
    }

    @Test func aLocaleSetsItsDirectionUnlessADirectionIsGiven() throws {
        let document = try Feedshot.decode(message("hi"))
        let arabic = SnapshotMatrix(locales: ["ar"]).variants[0]
        #expect(arabic.apply(to: document).layoutDirection == .rightToLeft && arabic.name == "ar")
        let forced = SnapshotMatrix(locales: ["ar"], directions: [.leftToRight]).variants[0]
        #expect(forced.apply(to: document).layoutDirection == .leftToRight && forced.name == "ar-ltr")
        #expect(SnapshotMatrix().variants.map(\.name) == ["document"])
        // An incoming message's avatar moves to the other side.
        func avatarX(_ variant: SnapshotMatrix.Variant) throws -> Double {
            let layout = try Feedshot.layout(variant.apply(to: document))
            return try #require(layout.items.first?.elements.first { $0.role == .avatar }?.frame.x)
        }
        #expect(try avatarX(arabic) > avatarX(forced))
    }
}
