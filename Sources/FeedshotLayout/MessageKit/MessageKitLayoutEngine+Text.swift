/// Message text as `MessageLabel` draws it: attributed runs with their own attributes, then the
/// enabled detectors' attributes over the ranges they find.
extension MessageKitLayoutEngine {
    /// An attributed string's runs as one styled text, with its `.link` and mention ranges.
    struct AttributedRuns {
        var text: StyledText
        var links: [(start: Int, end: Int, url: String)] = []
        var mentions: [(start: Int, end: Int, userId: String)] = []
    }

    /// `runs` in `font` and `color` where they carry none: a run's `font`, `bold`, `italic` and
    /// `color`; a `mention` run bold in the text's colour (Feedshot's shorthand: MessageKit has no
    /// mention attribute, and the link colour on the default green outgoing bubble is about 1.8:1,
    /// unreadable). A `link` run keeps its own attributes here and is listed in `links`: how it is
    /// drawn depends on the URL detector (`drawingLinks`).
    func attributed(_ runs: [MessageKitContent.Run], font: FontSpec, color: Color) -> AttributedRuns {
        var result = AttributedRuns(text: StyledText("", font: font, color: color))
        for run in runs {
            let start = result.text.string.utf8.count
            result.text.string += run.text
            let end = result.text.string.utf8.count
            let runFont = run.font
            let isBold = run.isBold || run.mention != nil
            var span = StyledText.Span(start: start, end: end)
            span.color = run.color
            span.weight = isBold ? .bold : runFont.flatMap { $0.weight == font.weight ? nil : $0.weight }
            span.isItalic = run.isItalic || runFont?.isItalic == true ? true : nil
            span.size = runFont.flatMap { $0.size == font.size ? nil : $0.size }
            if span != StyledText.Span(start: start, end: end) { result.text.spans.append(span) }
            // An empty run carries nothing: an attribute over no characters is no attribute.
            guard start < end else { continue }
            if let link = run.link { result.links.append((start, end, link)) }
            if let mention = run.mention { result.mentions.append((start, end, mention)) }
        }
        return result
    }

    /// `text` with the detectors' attributes over what they find (`MessageLabel.updateAttributes`),
    /// each laid over the text's own and the earlier detectors' in the document's `enabled` order
    /// (`StyledText.overlay`, as `addAttributes`): a detector's style from the document, or
    /// `MessageLabel.defaultAttributes` (dark text, underlined in dark text), then the `links` as
    /// TextKit draws them (`drawingLinks`). Returns
    /// the matches too, for their actions, and whether a range in the default dark text all but
    /// vanishes on the bubble (`KitBehaviour.messageKitDarkDetectedText`: under 3:1). A custom
    /// detector that backtracks past its budget on the text of the message at `path` finds
    /// nothing in it, is not run again in the document, and says so in a warning; one whose work
    /// adds up past the document's budget is not run after this message. A search the deadline
    /// stopped sets `isPastDeadline`.
    mutating func detecting(_ text: StyledText, links: [(start: Int, end: Int, url: String)], style: MessageKitCellStyle, path: String)
        -> (StyledText, [MessageKitDetectors.Match], isDarkTextUnreadable: Bool)
    {
        let found = MessageKitDetectors.matches(
            in: text.string, enabled: style.detectors, custom: style.customDetectors, skipping: abandonedPatterns, links: links,
            deadline: deadline)
        isPastDeadline = isPastDeadline || found.isInterrupted
        for (index, work) in found.extraWork {
            let pattern = style.customDetectors[index].pattern
            detectorWork[pattern, default: 0] += work
            guard detectorWork[pattern, default: 0] > MessageKitDetectors.documentBudget, !abandonedPatterns.contains(pattern) else {
                continue
            }
            abandonedPatterns.insert(pattern)
            warnings.append(
                "\(path): the custom detector \"\(pattern)\" backtracks too much over this document (more than \(MessageKitDetectors.documentBudget) progress reports beyond one a character); it detects nothing after this message"
            )
        }
        for index in found.abandoned {
            let pattern = style.customDetectors[index].pattern
            abandonedPatterns.insert(pattern)
            warnings.append(
                "\(path): the custom detector \"\(pattern)\" backtracks too much on this text (more than \(MessageKitDetectors.customBudget) progress reports beyond one a character); it detects nothing in this document"
            )
        }
        var matches = found.matches
        if matches.count > MessageKitDetectors.maxStyledPerText {
            // The first in the text are kept, in the order their attributes apply.
            let kept = Set(matches.indices.sorted { matches[$0].start < matches[$1].start }.prefix(MessageKitDetectors.maxStyledPerText))
            warnings.append(
                "\(path): the detectors found \(matches.count) ranges in this text, more than \(MessageKitDetectors.maxStyledPerText) (\(StyledText.tooManySpansReason)); the first \(MessageKitDetectors.maxStyledPerText) are styled and tappable, the rest not"
            )
            matches = matches.indices.filter(kept.contains).map { matches[$0] }
        }
        var styled = text
        var usesDarkText = false
        var layers: [StyledText.Span] = []
        layers.reserveCapacity(matches.count)
        for match in matches {
            let stated =
                switch match.detector {
                case .type(let type): style.detectorStyles[type]
                case .custom(let index): style.customDetectors[index].style
                }
            usesDarkText = usesDarkText || stated == nil
            let look =
                stated ?? MessageKitOptions.DetectorStyle(color: palette.darkText, isUnderlined: true, underlineColor: palette.darkText)
            layers.append(
                StyledText.Span(
                    start: match.start, end: match.end, color: look.color, isUnderlined: look.isUnderlined ? true : nil,
                    underlineColor: look.underlineColor))
        }
        styled.overlay(layers)
        let restyled = matches.compactMap { match -> Range<Int>? in
            if case .type(.url) = match.detector { match.start..<match.end } else { nil }
        }
        let under = style.bubbleColor.alpha == 255 ? style.bubbleColor : palette.background
        let isUnreadable = usesDarkText && palette.darkText.contrastRatio(with: under) < 3
        return (drawingLinks(styled, links: links, restyled: restyled), matches, isUnreadable)
    }

    /// `text` with its `.link` ranges as TextKit draws them (`MessageLabel` and UILabel draw through
    /// `NSLayoutManager`): in the link colour and underlined, whatever colour the range carries —
    /// the layout manager ignores `.foregroundColor` there, which is why
    /// `MessageLabel.updateAttributes` (`Sources/Views/MessageLabel.swift:289-309`) removes `.link`
    /// from the URL detector's ranges, "since `UILabel` does not provide link attribute overrides".
    /// Those parts, `restyled`, keep the run's and the detector's attributes instead. Laid over
    /// the others last: the link colour wins over any other detector's.
    func drawingLinks(_ text: StyledText, links: [(start: Int, end: Int, url: String)], restyled: [Range<Int>] = []) -> StyledText {
        var drawn = text
        let cuts = restyled.sorted { $0.lowerBound < $1.lowerBound }
        var layers: [StyledText.Span] = []
        for link in links {
            var start = link.start
            for cut in cuts where cut.upperBound > start && cut.lowerBound < link.end {
                if cut.lowerBound > start { layers.append(linkSpan(start, cut.lowerBound)) }
                start = max(start, cut.upperBound)
            }
            if start < link.end { layers.append(linkSpan(start, link.end)) }
        }
        drawn.overlay(layers)
        return drawn
    }

    private func linkSpan(_ start: Int, _ end: Int) -> StyledText.Span {
        StyledText.Span(start: start, end: end, color: palette.link, isUnderlined: true)
    }

    /// The actions of detected ranges and of mention runs: `MessageLabelDelegate`'s events with
    /// what it is handed (`MessageKitDetectors.payload`), where the range is drawn in `block` at
    /// `frame` — `MessageLabel.handleGesture` acts only on a touched character inside a range
    /// (`Sources/Views/MessageLabel.swift:142-154, 477-496`); a tap elsewhere on the bubble is
    /// the cell's `didTapMessage`. Where ranges overlap, the first listed takes the tap (MessageKit's
    /// is whichever its dictionary of ranges holds first, an order no document can state). A range
    /// over many lines whose boxes would repeat a long payload shares one box among its middle
    /// lines (`TapBoxes.bounded`).
    func addTextActions(
        _ canvas: inout CellCanvas, block: TextBlock, frame: Rect, matches: [MessageKitDetectors.Match],
        mentions: [(start: Int, end: Int, userId: String)], style: MessageKitCellStyle, message: ChatMessage
    ) {
        let ranges = matches.map { $0.start..<$0.end } + mentions.map { $0.start..<$0.end }
        guard !ranges.isEmpty else { return }
        let boxes = block.fragments(of: ranges, in: frame, isMirrored: LayoutEngine.isMirrored(document), measurer: measurer)
        for (match, matchBoxes) in zip(matches, boxes) {
            var (event, arguments) = MessageKitDetectors.action(for: match, custom: style.customDetectors, formatting: formatting)
            arguments["messageId"] = message.id
            for box in TapBoxes.bounded(matchBoxes, argumentBytes: TapBoxes.bytes(of: arguments)) {
                canvas.action(event, arguments, box)
            }
        }
        for (mention, mentionBoxes) in zip(mentions, boxes.dropFirst(matches.count)) {
            let arguments = ["messageId": message.id, "mention": mention.userId]
            for box in TapBoxes.bounded(mentionBoxes, argumentBytes: TapBoxes.bytes(of: arguments)) {
                canvas.action(.didSelectMention, arguments, box)
            }
        }
    }
}
