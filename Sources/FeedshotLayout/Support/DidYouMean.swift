/// "Did you mean …?": the one rule for every mistyped name — a document's fields and `kind`, the
/// command's commands and options.
package enum DidYouMean {
    /// The known name closest to `name` by edit distance (letters compared without case), if it
    /// is close enough to be a slip: at most a third of the longer name's letters, and at least one.
    package static func nearest(to name: String, in known: some Sequence<String>) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(name.lowercased(), candidate.lowercased())
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = max(1, max(name.count, best.name.count) / 3)
        return best.distance <= allowed ? best.name : nil
    }

    /// Levenshtein distance, counting a swap of neighbours as one edit (optimal string alignment).
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
