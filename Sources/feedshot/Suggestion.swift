/// "Did you mean …?" for mistyped commands and options.
enum Suggestion {
    /// The candidate nearest to `word` by edit distance, when close enough to be a slip: at most a
    /// third of the longer word's letters, and at least one.
    static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(Array(word.lowercased()), Array(candidate.lowercased()))
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        return best.distance <= max(1, max(word.count, best.word.count) / 3) ? best.word : nil
    }

    /// `"; did you mean \"render\"?"`, or nothing.
    static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        nearest(to: word, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// Levenshtein distance.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
