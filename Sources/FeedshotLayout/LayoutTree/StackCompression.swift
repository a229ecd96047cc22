/// How Feedshot shares out a stack's width where its views do not fit. UIKit's solver gives the
/// whole shortfall to one of the views of equal compression resistance (the layout is ambiguous;
/// its linear program settles on a vertex, where one view gives way) and leaves open which one;
/// Feedshot picks the one that loses least by it — the longest, or the one with the most to give
/// above what it must keep (a count's number) — so a few points missing cut one label, not
/// every label, and a count's number stays whole while anything else can give.
enum StackCompression {
    /// The widest each view may be for all of them to fit in `room` points: their natural
    /// `widths` where they fit, else cut by the shortfall — first down to their `floors` (what
    /// each should keep, 0 for none), the one with the most above its floor first, then below
    /// them, the longest first, to 0 at most. Of equal claims the first gives way.
    static func widths(_ widths: [Double], floors: [Double]? = nil, room: Double) -> [Double] {
        var shortfall = widths.reduce(0, +) - room
        guard shortfall > 0 else { return widths }
        let given = floors ?? widths.map { _ in 0 }
        precondition(given.count == widths.count, "StackCompression: \(given.count) floors for \(widths.count) views")
        let floors = zip(widths, given).map { min($0, max(0, $1)) }
        var fitted = widths
        /// Each view in turn, the largest `amount` first, gives up to that amount.
        func cut(by amount: [Double]) {
            let order = widths.indices.sorted { amount[$0] != amount[$1] ? amount[$0] > amount[$1] : $0 < $1 }
            for index in order where shortfall > 0 {
                let given = min(shortfall, amount[index])
                fitted[index] -= given
                shortfall -= given
            }
        }
        cut(by: zip(widths, floors).map { $0 - $1 })
        cut(by: fitted)
        return fitted
    }
}
