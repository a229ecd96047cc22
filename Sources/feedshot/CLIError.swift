import FeedshotRender
import Foundation

/// Everything that ends a command early. Turned into a message and an exit code in `main.swift` only.
enum CLIError: Error {
    /// Wrong command-line words: exit 2 with the command's usage hint.
    case usage(String)
    /// Bad input document or file: exit 2.
    case input(String)
    /// Rendering or comparison failed: exit 1.
    case failure(String)
    /// Already reported (batch rendering with some failures): exit with this code, print nothing.
    case reported(Int32)

    init(_ error: RenderError, file: String?) {
        let prefix = file.map { "\($0): " } ?? ""
        self = error.isInputError ? .input(prefix + error.description) : .failure(prefix + error.description)
    }

    var exitCode: Int32 {
        switch self {
        case .usage, .input: 2
        case .failure: 1
        case .reported(let code): code
        }
    }
}

extension CLIError {
    /// Ends a command that wrote its page (`preview`, `compare`) with documents that failed on it:
    /// each failure on standard error, `feedshot: NAME: PROBLEM` (the error, after the variant or
    /// side it failed in), then the worst exit code of them (2 for bad input, 1 for a render that
    /// failed), as `render --out-dir` ends. Returns when nothing failed.
    static func endWith(_ failures: [(name: String, problem: String, isInputError: Bool)]) throws(CLIError) {
        guard !failures.isEmpty else { return }
        for (name, problem, _) in failures {
            StandardError.writeLine("feedshot: \(name): \(problem)")
        }
        throw .reported(failures.map { ($0.isInputError ? CLIError.input($0.problem) : .failure($0.problem)).exitCode }.max() ?? 1)
    }
}
