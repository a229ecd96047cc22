import FeedshotServer
import Foundation

/// The URL-signing keys a command was given, in order: the first signs, every one verifies.
enum SigningKeys {
    /// The variable holding comma-separated keys.
    static let keyVariable = "FEEDSHOT_URL_SIGNING_KEY"
    /// The variable naming a key file.
    static let fileVariable = "FEEDSHOT_URL_SIGNING_KEY_FILE"

    /// The keys of each `keyFlag` value (comma-separated), then of each `fileFlag` file (one per
    /// line); from `FEEDSHOT_URL_SIGNING_KEY` and `FEEDSHOT_URL_SIGNING_KEY_FILE` when neither
    /// flag is given (flags win over the environment).
    ///
    /// - Throws: `CLIError.input` for a key file that cannot be read or holds no key.
    static func load(_ arguments: Arguments, keyFlag: String, fileFlag: String, environment: [String: String]) throws(CLIError)
        -> [String]
    {
        var lists = arguments.values(keyFlag)
        var files = arguments.values(fileFlag).map { (path: $0, origin: fileFlag) }
        if lists.isEmpty && files.isEmpty {
            lists = environment[keyVariable].map { [$0] } ?? []
            files = environment[fileVariable].map { [(path: $0, origin: fileVariable)] } ?? []
        }
        var keys = lists.flatMap(ServerConfiguration.signingKeys(fromList:))
        for file in files where !file.path.isEmpty { keys += try read(file.path, origin: file.origin) }
        return keys
    }

    /// The keys in the file at `path` (named by the flag or variable `origin` in errors).
    static func read(_ path: String, origin: String) throws(CLIError) -> [String] {
        let data = try SharedOptions.contents(of: path, for: origin)
        let keys = ServerConfiguration.signingKeys(fromFile: String(decoding: data, as: UTF8.self))
        guard !keys.isEmpty else { throw .input("\(origin): \(path) holds no key (one per line)") }
        return keys
    }
}
