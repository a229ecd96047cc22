import CPangoCairo

/// The lines of a laid-out Pango layout, read in one walk of its list.
enum PangoLines {
    /// Calls `body` with each line of `layout` and its index, first to last. Pango keeps a
    /// layout's lines in a linked list, and `pango_layout_get_line_readonly(layout, i)` walks it
    /// from the head on every call, so a loop over indices took time growing with the square of
    /// the lines: 3.4 s of the 5.1 s that 20,000 one-letter lines took to lay out
    /// (docs/server.md, "Known slow inputs"). The lines belong to `layout`; `body` must not
    /// keep them.
    static func forEach(in layout: OpaquePointer, _ body: (Int, UnsafeMutablePointer<PangoLayoutLine>) -> Void) {
        var node = pango_layout_get_lines_readonly(layout)
        var index = 0
        while let current = node {
            if let line = current.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) { body(index, line) }
            index += 1
            node = current.pointee.next
        }
    }
}
