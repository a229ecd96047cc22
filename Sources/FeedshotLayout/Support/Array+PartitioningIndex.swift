extension Array {
    /// The first index whose element satisfies `isAbove`, which is false for a prefix of the array
    /// and true for the rest (a binary search).
    package func partitioningIndex(where isAbove: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isAbove(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
