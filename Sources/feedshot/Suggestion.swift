import FeedshotLayout

/// "Did you mean …?" for mistyped commands and options, by the rule documents use (`DidYouMean`).
enum Suggestion {
    /// `"; did you mean \"render\"?"`, or nothing.
    static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        DidYouMean.nearest(to: word, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }
}
