import FeedshotRender
import FeedshotSnapshot
import Foundation
import Testing

/// What each record mode writes, and what a failure leaves behind.
final class RecordModeTests {
    let directory: URL
    let artifacts: URL
    let reference: URL
    let red: Data
    let blue: Data

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-record-\(UUID().uuidString)")
        artifacts = directory.appendingPathComponent("artifacts")
        reference = directory.appendingPathComponent("refs/chat.png")
        red = try RGBAImage(width: 8, height: 8, fill: (255, 0, 0, 255)).pngData()
        blue = try RGBAImage(width: 8, height: 8, fill: (0, 0, 255, 255)).pngData()
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func verify(_ png: Data, _ mode: RecordMode) -> String? {
        verifySnapshot(png: png, reference: reference, mode: mode, artifacts: artifacts)
    }

    var referenceData: Data? { FileManager.default.contents(atPath: reference.path) }

    @Test func missingRecordsAnAbsentReferenceAndFailsSayingSo() {
        #expect(
            verify(red, .missing)
                == "Recorded the snapshot \"chat\" at \(reference.path) (there was no reference); the test fails whenever it records — open the file, then run again to compare."
        )
        #expect(referenceData == red)
        #expect(verify(red, .missing) == nil)
    }

    /// A reference missing on CI (never) fails, leaving the new version as a failure: the run's
    /// report shows it and `feedshot accept` makes it the reference.
    @Test func neverFailsWithoutAReferenceLeavingTheNewVersionToAccept() throws {
        let message = try #require(verify(red, .never))
        let failure = artifacts.appendingPathComponent("refs/chat.failure.png")
        #expect(
            message
                == "No reference for the snapshot \"chat\" at \(reference.path). Wrote failure \(failure.path); make it the reference with `feedshot accept \(artifacts.path) refs/chat`, or record it with SNAPSHOT_TESTING_RECORD=missing (or record: .missing where a trait or the assertion sets the mode)."
        )
        #expect(referenceData == nil)
        #expect(FileManager.default.contents(atPath: failure.path) == red)
        let report = directory.appendingPathComponent("report")
        #expect(try FailureReport.write(artifacts: artifacts, to: report) == ["refs/chat"])
        let page = try String(contentsOf: report.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains(FailureReport.noReference) && page.contains("report/refs/chat.failure.png"))
        let failures = try AcceptedSnapshots.failures(in: artifacts)
        #expect(failures.map(\.name) == ["refs/chat"])
        let accepted = try #require(failures.first)
        try AcceptedSnapshots.accept(
            accepted,
            into: try AcceptedSnapshots.destination(of: accepted, snapshotDirectories: [reference.deletingLastPathComponent()]).get())
        #expect(referenceData == red)
        #expect(verify(red, .never) == nil)
    }

    @Test func allOverwritesAndSaysSo() {
        _ = verify(red, .missing)
        let message = verify(blue, .all)
        #expect(message?.hasPrefix("Recorded the snapshot \"chat\"") == true)
        #expect(referenceData == blue)
    }

    @Test func failedOverwritesOnlyWhatFailsAndFails() {
        _ = verify(red, .missing)
        #expect(verify(red, .failed) == nil)
        let message = verify(blue, .failed)
        #expect(message?.hasPrefix("Recorded the snapshot \"chat\" at \(reference.path) (it did not match: 64 of 64 pixels") == true)
        #expect(referenceData == blue)
    }

    @Test func aMismatchFailsWithTheNumbersAndWritesThreeImages() throws {
        _ = verify(red, .missing)
        let message = try #require(verify(blue, .never))
        let expected =
            "Snapshot \"chat\" does not match \(reference.path): 64 of 64 pixels (100.000 %) differ by more than 0.1 (0 anti-aliased pixels not counted), more than the 0 (0.000 %) allowed. Wrote reference \(artifacts.path)/refs/chat.reference.png, failure \(artifacts.path)/refs/chat.failure.png, difference \(artifacts.path)/refs/chat.difference.png; if the change is meant, make the new version the reference with `feedshot accept \(artifacts.path) refs/chat`, or record it with SNAPSHOT_TESTING_RECORD=failed."
        #expect(message == expected)
        for kind in ["reference", "failure", "difference"] {
            let data = try #require(FileManager.default.contents(atPath: artifacts.appendingPathComponent("refs/chat.\(kind).png").path))
            #expect(try RGBAImage(png: data).width == 8)
        }
        #expect(referenceData == red)
    }

    @Test func aSizeChangeIsSaidPlainly() throws {
        _ = verify(red, .missing)
        let bigger = try RGBAImage(width: 8, height: 9, fill: (255, 0, 0, 255)).pngData()
        let message = try #require(verify(bigger, .never))
        #expect(message.contains("the images differ in size: the reference is 8 × 8 pixels, the new image 8 × 9"))
        // Compared on a canvas of both: the new image's last row has nothing under it in the reference.
        #expect(message.contains("on a canvas of both, from the top left, 8 of 72 pixels"))
        let difference = try #require(
            FileManager.default.contents(atPath: artifacts.appendingPathComponent("refs/chat.difference.png").path))
        let image = try RGBAImage(png: difference)
        #expect(image.width == 8 && image.height == 9)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[((y * 8 + x) * 4)..<((y * 8 + x) * 4 + 4)]) }
        #expect(pixel(0, 8) == [255, 0, 0, 255] && pixel(0, 0) != [255, 0, 0, 255])
    }

    /// The accept command a failure suggests can be pasted into a shell: a path with a space or
    /// a quote is quoted.
    @Test func theAcceptCommandQuotesWhatAShellWouldSplit() {
        func command(_ artifacts: String, _ reference: String) -> String {
            SnapshotVerifier(reference: URL(fileURLWithPath: reference), diffing: .lines, artifacts: URL(fileURLWithPath: artifacts))
                .acceptCommand
        }
        #expect(command("/tmp/artifacts", "/p/__Snapshots__/Chat/Chat.main.png") == "feedshot accept /tmp/artifacts Chat/Chat.main")
        #expect(command("/tmp/my artifacts", "/p/refs/x.png") == "feedshot accept '/tmp/my artifacts' refs/x")
        #expect(command("/tmp/it's", "/p/refs/x.png") == #"feedshot accept '/tmp/it'\''s' refs/x"#)
    }

    /// A tall reference against a wide image: a canvas of both would be far larger than either,
    /// so the sizes are said and no difference image is drawn.
    @Test func aCanvasFarLargerThanEitherImageDrawsNoDifference() throws {
        let tall = try RGBAImage(width: 8, height: 100, fill: (255, 0, 0, 255)).pngData()
        _ = verify(tall, .missing)
        let wide = try RGBAImage(width: 100, height: 8, fill: (255, 0, 0, 255)).pngData()
        let message = try #require(verify(wide, .never))
        #expect(
            message.contains(
                "the reference is 8 × 100 pixels, the new image 100 × 8; no difference image (a canvas of both would be 10000 pixels)"))
        #expect(!FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("refs/chat.difference.png").path))
    }

    @Test func theModeComesFromTheEnvironment() throws {
        #expect(try RecordMode.fromEnvironment([:]) == .missing)
        #expect(try RecordMode.fromEnvironment(["SNAPSHOT_TESTING_RECORD": "never"]) == .never)
        #expect(try RecordMode.fromEnvironment(["SNAPSHOT_TESTING_RECORD": "all"]) == .all)
        #expect(snapshotArtifactsDirectory(["SNAPSHOT_ARTIFACTS": "/x/y"]).path == "/x/y")
    }

    @Test func referencesLiveBesideTheTestFile() {
        let identity = SnapshotIdentity(filePath: "/repo/Tests/AppTests/ChatTests.swift", names: ["rendersAt(width:)"])
        let url = SnapshotPaths.reference(for: identity, name: "dark mode")
        #expect(url.path == "/repo/Tests/AppTests/__Snapshots__/ChatTests/rendersAt-width.dark-mode.png")
    }
}
