import FeedshotLayout

/// Where a pixel row of a rendered layout falls, as a failing image snapshot says it: "the first
/// difference is at 206 pt (pixel row 412 at @2x), in item "m7" (textIncoming, 170–238 pt)".
/// Everything above the row matched its reference, so this is where the two renders part: the
/// item whose content or height changed, or the first one a change moved.
struct ItemAtRow: CustomStringConvertible {
    /// The new render's layout.
    var layout: Layout
    /// The pixel row, from 0 at the top.
    var row: Int

    /// The row's top edge, in points.
    var y: Double { Double(row) / Double(max(layout.scale, 1)) }

    /// The smallest item whose frame holds the row (items nest in no layout today; the smallest
    /// would be the most precise if they did).
    var item: LayoutItem? {
        layout.items.filter { $0.frame.minY <= y && y < $0.frame.maxY }.min { $0.frame.height < $1.frame.height }
    }

    var description: String {
        let at = "the first difference is at \(points(y)) pt (pixel row \(row) at @\(layout.scale)x)"
        if let item { return at + ", in \(name(item))" }
        let above = layout.items.filter { $0.frame.maxY <= y }.max { $0.frame.maxY < $1.frame.maxY }
        let below = layout.items.filter { $0.frame.minY > y }.min { $0.frame.minY < $1.frame.minY }
        switch (above, below) {
        case (let above?, let below?): return at + ", between \(name(above)) and \(name(below))"
        case (nil, let below?): return at + ", above the first item, \(name(below))"
        case (let above?, nil): return at + ", below the last item, \(name(above))"
        case (nil, nil): return at + " (the layout has no items)"
        }
    }

    /// `item "m7" (textIncoming, 170–238 pt)`.
    private func name(_ item: LayoutItem) -> String {
        "item \"\(item.id)\" (\(item.type.rawValue), \(points(item.frame.minY))–\(points(item.frame.maxY)) pt)"
    }

    /// A length to a tenth of a point, without a needless ".0".
    private func points(_ value: Double) -> String { ((value * 10).rounded() / 10).compactDescription }
}
