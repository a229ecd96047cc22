import Foundation
import Testing

/// Every saved fuzzing crasher, and the seed corpus (with the examples and goldens), through
/// decode → layout → render in the fuzz target's replayer. Here rather than among the unit tests:
/// it renders every golden again, in a debug build, and takes minutes; `scripts/test` runs it as a
/// part of its own, after the other integration tests, so it cannot slow their servers.
@Suite(.timeLimit(.minutes(10))) struct FuzzReplayTests {
    @Test func savedCrashersAndSeedsReplayWithoutACrash() async throws {
        let fuzz = ServerProcess.binary.deletingLastPathComponent().appendingPathComponent("FeedshotFuzz")
        let result = try await runTool(fuzz.path, ["fuzz/crashers", "fuzz/seeds", "examples", "goldens"])
        #expect(result.status == 0, "\(result.output.suffix(3000))")
        #expect(result.output.contains("replayed "), "\(result.output.suffix(3000))")
    }
}

/// The bidi controls that crashed the server, checked by an independent memory checker: fribidi
/// (Debian 12's 1.0.8) read freed memory on them; after `BidiControls` it reads none.
@Suite(.timeLimit(.minutes(10))) struct BidiCrashMemoryTests {
    @Test func valgrindFindsNoInvalidReadLayingOutTheCrashingMessage() async throws {
        let valgrind = "/usr/bin/valgrind"
        try #require(
            FileManager.default.isExecutableFile(atPath: valgrind), "valgrind is not installed (scripts/install-deps --test installs it)")
        // Reads and writes of freed or unowned memory only: the Swift runtime's metadata set-up
        // trips memcheck's uninitialised-value checks, which say nothing about fribidi.
        let result = try await runTool(
            valgrind,
            [
                "-q", "--undef-value-errors=no", "--error-exitcode=99", ServerProcess.binary.path, "layout",
                "fuzz/crashers/bidi-controls-fribidi-1.0.8.json",
            ])
        #expect(result.status == 0, "\(result.output.prefix(3000))")
        #expect(!result.output.contains("Invalid read"))
    }
}
