import Foundation

extension ServerConfiguration {
    /// The keys of a key file: one per line, surrounding whitespace trimmed; blank lines and lines
    /// starting with `#` skipped. The first signs (`feedshot sign --key-file`), all verify.
    package static func signingKeys(fromFile text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty && !$0.hasPrefix("#")
        }
    }

    /// The keys of a `--url-signing-key` value: comma-separated, surrounding whitespace trimmed.
    package static func signingKeys(fromList text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
