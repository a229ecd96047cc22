import Foundation
import Testing

/// Every saved fuzzing crasher, and the seed corpus, through decode → layout → render.
struct FuzzRegressionTests {
    @Test func savedCrashersAndSeedsReplayWithoutACrash() throws {
        let fuzz = CLITests.binary.deletingLastPathComponent().appendingPathComponent("FeedshotFuzz")
        let process = Process()
        process.executableURL = fuzz
        process.arguments = ["fuzz/crashers", "fuzz/seeds", "examples", "goldens"]
        process.currentDirectoryURL = CLITests.root
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.hasPrefix("replayed "))
    }
}
