extension Sequence where Element: Hashable {
    /// The elements, each once, in the order first met (a layout's warnings across variants, a
    /// gallery's axis values).
    package func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }

    /// The elements, each once, where it was last met, in that order.
    func uniquedKeepingLast() -> [Element] {
        var seen: Set<Element> = []
        return Array(reversed().filter { seen.insert($0).inserted }.reversed())
    }
}
