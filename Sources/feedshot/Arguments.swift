/// A small command-line parser: positional arguments, `--flag`, and `--option VALUE` / `--option=VALUE`.
struct Arguments {
    private(set) var positional: [String] = []
    private var options: [String: String] = [:]
    /// Every value of each option, in order (a repeatable option such as `--url-signing-key`).
    private var allValues: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// The options whose every value counts (`values(_:)`); of any other option given twice the
    /// last wins, as with most tools (a wrapper's defaults, then the caller's own).
    static let repeatable: Set<String> = ["--font-dir", "--url-signing-key", "--url-signing-key-file", "--snapshot-directory"]
    /// Two spellings of one option, which share its value: `-o a.png --output b.png` writes b.png
    /// (`-o` won whatever the order).
    static let spellings: [String: String] = ["-o": "--output"]

    /// Parses `words`, knowing which options take a value and which are flags.
    init(_ words: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws(CLIError) {
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "-" || !word.hasPrefix("-") {
                positional.append(word)
                continue
            }
            if word == "--" {
                positional.append(contentsOf: words[index...])
                break
            }
            var name = word
            var inlineValue: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            if flagOptions.contains(name) {
                guard inlineValue == nil else { throw .usage("\(name) takes no value") }
                flags.insert(name)
            } else if valueOptions.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < words.count else { throw .usage("\(name) needs a value") }
                    value = words[index]
                    index += 1
                }
                let option = Self.spellings[name] ?? name
                options[option] = value
                allValues[option, default: []].append(value)
            } else {
                throw .usage("unknown option \(name)\(Suggestion.hint(for: name, in: valueOptions.union(flagOptions)))")
            }
        }
    }

    /// The last value of option `name` (under either spelling).
    func value(_ name: String) -> String? { options[Self.spellings[name] ?? name] }
    /// Every value of option `name`, in the order given.
    func values(_ name: String) -> [String] { allValues[Self.spellings[name] ?? name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// A decimal option within `range`, or `defaultValue` when absent.
    func number(_ name: String, default defaultValue: Double, in range: ClosedRange<Double>) throws(CLIError) -> Double {
        guard let text = options[name] else { return defaultValue }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw .usage("\(name) takes a number from \(range.lowerBound) to \(range.upperBound) (got \"\(text)\")")
        }
        return value
    }

    /// A whole number option within `range`, or `defaultValue` when absent.
    func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws(CLIError) -> Int {
        guard let text = options[name] else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw .usage("\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound) (got \"\(text)\")")
        }
        return value
    }
}
