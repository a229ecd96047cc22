import Foundation
import Testing

/// Every saved fuzzing crasher, and the seed corpus, through decode → layout → render.
struct FuzzRegressionTests {
    @Test func savedCrashersAndSeedsReplayWithoutACrash() throws {
        let fuzz = CLITests.binary.deletingLastPathComponent().appendingPathComponent("FeedshotFuzz")
        let result = try CLITests().run(["fuzz/crashers", "fuzz/seeds", "examples", "goldens"], executable: fuzz)
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).hasPrefix("replayed "))
    }
}
