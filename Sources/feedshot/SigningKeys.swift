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
    /// - Throws: `CLIError.input` for a key file that cannot be read or holds no key;
    ///   `CLIError.usage` for a key list or file option that is empty.
    static func load(_ arguments: Arguments, keyFlag: String, fileFlag: String, environment: [String: String]) throws(CLIError)
        -> [String]
    {
        var lists = arguments.values(keyFlag).map { (text: $0, origin: keyFlag) }
        var files = arguments.values(fileFlag).map { (path: $0, origin: fileFlag) }
        if lists.isEmpty && files.isEmpty {
            lists = environment[keyVariable].map { [(text: $0, origin: keyVariable)] } ?? []
            files = environment[fileVariable].map { [(path: $0, origin: fileVariable)] } ?? []
        }
        var keys: [String] = []
        for list in lists {
            let listed = ServerConfiguration.signingKeys(fromList: list.text)
            // `--url-signing-key=` or `=,` would have served unsigned URLs to anyone, in silence.
            guard !listed.isEmpty else {
                throw .usage("\(list.origin) holds no key (got \"\(list.text)\"): give one, or leave it out")
            }
            keys += listed
        }
        for file in files {
            guard !file.path.isEmpty else { throw .usage("\(file.origin) is empty: name a key file, or leave the option out") }
            keys += try read(file.path, origin: file.origin)
        }
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
