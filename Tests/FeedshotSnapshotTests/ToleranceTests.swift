import FeedshotRender
import FeedshotSnapshot
import Foundation
import Testing

/// The default tolerance catches a moved line or a wrong colour, not invisible noise.
struct ToleranceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func render(_ edit: (inout String) -> Void) throws -> Data {
        var json = try String(contentsOf: Self.root.appendingPathComponent("examples/custom-cells.json"), encoding: .utf8)
        edit(&json)
        return try Feedshot.render(json: Data(json.utf8))
    }

    func compare(_ a: Data, _ b: Data, _ tolerance: SnapshotTolerance = SnapshotTolerance()) throws -> (
        accepted: Bool, result: ImageDiff.Result
    ) {
        let result = try ImageDiff(threshold: tolerance.threshold).compare(RGBAImage(png: a), RGBAImage(png: b))
        return (tolerance.accepts(result), result)
    }

    func bubble(_ hex: String) throws -> Data {
        try render {
            $0 = $0.replacingOccurrences(of: #""kind": "chat","#, with: #""kind": "chat", "theme": {"messageBubbleInverse": "\#(hex)"},"#)
        }
    }

    /// A failure says what share of this image the allowance is: 50 pixels of 543,000 printed
    /// "(0.000 %)", the ratio it was not set by.
    @Test func theAllowanceIsSaidAsAShareOfTheImage() throws {
        try withTemporaryFolder { folder throws in
            let reference = folder.appendingPathComponent("allowance.png")
            try RGBAImage(width: 750, height: 724, fill: (255, 0, 0, 255)).pngData().write(to: reference)
            let message = verifySnapshot(
                png: try RGBAImage(width: 750, height: 724, fill: (0, 0, 255, 255)).pngData(), reference: reference, mode: .never,
                tolerance: SnapshotTolerance(threshold: 0.03, maxDifferingPixels: 50), artifacts: folder.appendingPathComponent("a"))
            #expect(message?.contains("more than the 50 (0.009 %) allowed") == true, "\(message ?? "")")
        }
    }

    @Test func aBubbleMovedDownOnePointFails() throws {
        let original = try render { _ in }
        // Same cell height (34 + 8 + 8 + 34 = 35 + 8 + 8 + 33), everything inside one point lower.
        let moved = try render {
            $0 = $0.replacingOccurrences(of: #""top": 34, "bubbleTop""#, with: #""top": 35, "bubbleTop""#).replacingOccurrences(
                of: #""bottom": 34}},"#, with: #""bottom": 33}},"#)
        }
        let (accepted, result) = try compare(original, moved)
        #expect(!accepted, "\(result)")
        #expect(result.differingPixels > 1000)
    }

    @Test func oneChangedCharacterFails() throws {
        let original = try render { _ in }
        let changed = try render { $0 = $0.replacingOccurrences(of: "by the window.", with: "by the window!") }
        let (accepted, result) = try compare(original, changed)
        #expect(!accepted, "\(result)")
    }

    @Test func aWrongColourFailsAndAnInvisibleOnePasses() throws {
        let original = try render { _ in }
        #expect(try !compare(original, bubble("#FA4D30")).accepted)
        let (accepted, result) = try compare(original, bubble("#EAEBEE"))
        #expect(accepted, "\(result)")
    }

    /// The project's goldens use threshold 0.03: a pastel shift of a bubble (#EBECEF → #FFD6D6, YIQ
    /// distance 263 against 0.1's 352) is under pixelmatch's default but must not pass unnoticed.
    @Test func theGoldenToleranceCatchesAPastelShift() throws {
        let golden = SnapshotTolerance(threshold: 0.03)
        let original = try render { _ in }
        #expect(try compare(original, bubble("#FFD6D6")).accepted)
        #expect(try !compare(original, bubble("#FFD6D6"), golden).accepted)
        #expect(try compare(original, bubble("#EAEBEE"), golden).accepted)
    }
}
