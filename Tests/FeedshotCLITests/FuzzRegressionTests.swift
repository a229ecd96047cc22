import Foundation
import Testing

/// Every saved fuzzing crasher, and the seed corpus, through decode → layout → render.
struct FuzzRegressionTests {
    @Test func savedCrashersAndSeedsReplayWithoutACrash() throws {
        let fuzz = CLITests.binary.deletingLastPathComponent().appendingPathComponent("FeedshotFuzz")
        // Reads and writes of freed or unowned memory only: the Swift runtime's metadata set-up
        // trips memcheck's uninitialised-value checks, which say nothing about fribidi.
        let result = try CLITests().run(["fuzz/crashers", "fuzz/seeds", "examples", "goldens"], executable: fuzz)
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).hasPrefix("replayed "))
    }
}

/// The bidi controls that crashed the server, checked by an independent memory checker: fribidi
/// (Debian 12's 1.0.8) read freed memory on them; after `BidiControls` it reads none.
struct BidiCrashMemoryTests {
    @Test func valgrindFindsNoInvalidReadLayingOutTheCrashingMessage() throws {
        let valgrind = "/usr/bin/valgrind"
        guard FileManager.default.isExecutableFile(atPath: valgrind) else {
            Issue.record("valgrind is not installed (scripts/install-deps --test installs it)")
            return
        }
        let result = try CLITests().run(
            [
                "-q", "--undef-value-errors=no", "--error-exitcode=99", CLITests.binary.path, "layout",
                "fuzz/crashers/bidi-controls-fribidi-1.0.8.json",
            ],
            executable: URL(fileURLWithPath: valgrind))
        let errors = result.stderr
        #expect(result.status == 0, "\(errors.prefix(3000))")
        #expect(!errors.contains("Invalid read"))
    }
}
