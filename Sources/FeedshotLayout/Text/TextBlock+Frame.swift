/// How a `UILabel` sets a measured text in a frame it does not size itself: cut to the lines that
/// fit its height, and aligned by the interface's direction.
extension TextBlock {
    /// The block cut to the whole lines that fit in `height`, the last ending in "…", as a
    /// `UILabel` with `numberOfLines = 0` and `.byTruncatingTail` draws a text taller than its
    /// frame — never a line cut through its glyphs. At least one line is kept.
    func fitted(toHeight height: Double, measurer: some TextMeasuring) -> TextBlock {
        guard self.height > height, self.height > 0, lines.count > 1 else { return self }
        let lineHeight = self.height / Double(lines.count)
        let kept = max(1, Int((height / lineHeight).rounded(.down)))
        return TextBlock.measure(text, width: wrapWidth ?? width, maxLines: kept, measurer: measurer)
    }

    /// The top of the block in a label whose frame starts at `top` and is `height` tall (negative
    /// when its insets leave it no room): the frame's top, as Feedshot sets a label's text; but a
    /// block taller than the frame — its one line when not even one fits — centred on the frame and
    /// running over both edges, as `UILabel` centres its text in its bounds rather than draw it
    /// below them.
    func top(inFrameAt top: Double, height: Double) -> Double {
        self.height <= height ? top : top + (height - self.height) / 2
    }

    /// The block set against its label's leading edge, as `UILabel`'s `.natural` alignment is: by
    /// the interface's direction, not the text's (`NSTextAlignment.natural`, "the default alignment
    /// associated with the current localization of the app"). A left-to-right text is aligned
    /// left, so that a right-to-left layout's mirroring sets its lines against the right, where
    /// the label starts; a right-to-left text keeps its own direction's start, the right, as
    /// Feedshot sets it elsewhere (docs/languages.md). Only a text of several lines shows it: one
    /// line fills a frame as wide as itself. Only a layout that will be mirrored (`isMirrored`)
    /// needs it: left to right, natural is already the left.
    func alignedToLeadingEdge(isMirrored: Bool) -> TextBlock {
        guard isMirrored, text.alignment == .natural, TextDirection.firstStrong(in: text.string) != .rightToLeft else { return self }
        var block = self
        block.text.alignment = .left
        return block
    }

    /// How far into a `.natural` label `labelWidth` wide the block's frame (as wide as its widest
    /// line) starts: a right-to-left text is set against the label's right edge, its own
    /// direction's start, in a left-to-right layout too — its lines, right-aligned in a frame at
    /// the label's left, ended short of that edge (an Arabic link preview title in an English
    /// feed, 52 points short at 320 wide). In a layout that will be mirrored the frame starts at
    /// the leading edge, which mirroring moves to the right; anything else does too.
    func naturalOffset(inLabelWidth labelWidth: Double, isMirrored: Bool) -> Double {
        guard !isMirrored, text.alignment == .natural, TextDirection.firstStrong(in: text.string) == .rightToLeft else { return 0 }
        return max(0, labelWidth - width)
    }
}
