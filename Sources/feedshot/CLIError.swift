import FeedshotRender

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
