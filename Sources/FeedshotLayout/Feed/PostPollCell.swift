import Foundation

/// The poll cell (`Poll/AmityPostPollTableViewCell.xib` and `.swift`): a stack inset 16 at the
/// sides and 8 at the top and bottom, 16 between its parts — the question (body, 8 lines
/// collapsed); the status ("Open for voting", "Poll ends in 2 days", "Final results"; caption
/// semibold) with "N votes" (caption, base shade 2) at the right; the answers; "Submit vote"
/// (40, semibold, primary — primary shade 2 until an answer is selected) while the viewer can vote.
struct PostPollCell<Measurer: TextMeasuring>: FeedCell {
    var context: FeedContext<Measurer>

    func layout(_ post: Post, _ canvas: inout CellCanvas) -> Double {
        let m = FeedMetrics.self
        guard let poll = post.poll else { return 0 }
        let inner = width - 2 * m.margin
        var y = m.pollInset
        y += postLabel(poll.question, post: post, maxLines: m.pollQuestionMaxLines, at: m.margin, y, &canvas).height + m.pollSpacing
        let votes = unboundedLabel(
            FeedFormatting.votes(poll.totalVotes, strings: strings), .caption, color: theme.baseShade2)
        let status = label(
            FeedFormatting.pollStatus(poll, now: document.now, calendar: calendar, strings: strings), .captionBold, color: theme.base,
            width: inner - m.pollStatusSpacing - votes.width)
        let rowHeight = max(status.height, votes.height)
        canvas.add(.status, text: status, at: m.margin, y + (rowHeight - status.height) / 2)
        canvas.add(.counts, text: votes, at: width - m.margin - votes.width, y + (rowHeight - votes.height) / 2)
        y += rowHeight + m.pollSpacing
        y += pollAnswers(post, poll, y: y, &canvas)
        // `submitVoteButton.isHidden = isClosed || isVoted || feedType != .published` (swift:72).
        if !poll.showsResults, !post.isPending {
            y += m.pollSpacing
            let isEnabled = poll.answers.contains(where: \.isSelected)
            // Disabled: the kit's primary shade 2 in its light theme; in Feedshot's own dark theme,
            // where shades darken (#052461 on #17181C, 1.2:1), the grey of other quiet text.
            let disabled = theme.appearance == .light ? theme.shade(theme.primary, 2) : theme.baseShade2
            let title = unboundedLabel(strings(.pollSubmitVote), .bodyBold, color: isEnabled ? theme.primary : disabled)
            let button = Rect(x: m.margin, y: y, width: inner, height: m.pollSubmitHeight)
            canvas.add(.menuItem, text: title, at: button.midX - title.width / 2, button.midY - title.height / 2)
            if isEnabled { canvas.feedshotAction(.pollSubmitDidTap, ["postId": post.id], button) }
            y += m.pollSubmitHeight
        }
        return y + m.pollInset
    }

    /// The answer rows, each a bordered box (radius 4) with 12 under it: in a feed two answers then
    /// "N more options" ("View full results" once closed) when there are more; on the detail
    /// screen every answer (`AmityPostPollTableViewCell.swift:211-249`). Returns their height.
    func pollAnswers(_ post: Post, _ poll: PostPoll, y top: Double, _ canvas: inout CellCanvas) -> Double {
        let m = FeedMetrics.self
        let inFeed = post.display == .feed && poll.answers.count != m.pollAnswersInFeed
        let answers = inFeed ? Array(poll.answers.prefix(m.pollAnswersInFeed)) : poll.answers
        var y = top
        for answer in answers {
            y += pollAnswerRow(post, poll, answer, y: y, &canvas) + m.answerGap
        }
        if inFeed {
            let more = poll.answers.count - m.pollAnswersInFeed
            if !poll.isClosed, more == 1 { canvas.note(.oneMoreOptions) }
            let text =
                poll.isClosed
                ? strings(.pollViewFullResults)
                : "\(strings.number(String(more))) \(strings(.pollMoreOptions))"
            let titleWidth = width - 2 * m.margin - 2 * m.answerInset - m.answerTitleX
            let title = label(text, .body, color: theme.baseShade1, width: titleWidth)
            let box = Rect(x: m.margin, y: y, width: width - 2 * m.margin, height: 2 * m.answerInset + m.answerTitleTop + title.height)
            canvas.add(.bubble, box, .box(fill: theme.background, stroke: theme.baseShade4, corners: .all(4)))
            // Centred in the title's box, which starts after the hidden radio icon.
            let titleX = box.x + m.answerInset + m.answerTitleX
            canvas.add(.text, text: title, at: titleX + (titleWidth - title.width) / 2, box.y + m.answerInset + m.answerTitleTop)
            if !post.isPending { canvas.action(.postDidtap, ["postId": post.id], box) }
            y += box.height + m.answerGap
        }
        return y - top
    }

    /// One answer (`AmityPostPollAnswerTableViewCell`): choosing — the radio icon and the title
    /// (semibold) after it; results — the title, a 12-point bar (primary for the viewer's answer,
    /// else base shade 1, on base shade 4) and "N votes". The viewer's answer has a 5-point
    /// primary bar at its left edge; its border, or a selected one's, is primary.
    func pollAnswerRow(_ post: Post, _ poll: PostPoll, _ answer: PostPoll.Answer, y: Double, _ canvas: inout CellCanvas) -> Double {
        let m = FeedMetrics.self
        let boxWidth = width - 2 * m.margin
        let contentWidth = boxWidth - 2 * m.answerInset
        // Each element, and for a measured text the width it was wrapped at.
        var elements: [(ElementRole, Rect, ElementContent, wrapWidth: Double?)] = []
        let height: Double
        let border: Color
        if poll.showsResults {
            let title = TextBlock.measure(
                StyledText(answer.text, font: typography[.bodyBold], color: theme.base), width: contentWidth, measurer: measurer
            ).alignedToLeadingEdge(isMirrored: isMirrored)
            let count = unboundedLabel(
                FeedFormatting.votes(answer.votes, strings: strings), .caption, color: theme.baseShade1)
            let barY = m.answerInset + title.height + m.resultSpacing
            let fraction = poll.totalVotes > 0 ? min(1, Double(answer.votes) / Double(poll.totalVotes)) : 0
            elements.append(
                (
                    .text,
                    Rect(
                        x: m.answerInset + title.naturalOffset(inLabelWidth: contentWidth, isMirrored: isMirrored), y: m.answerInset,
                        width: title.width, height: title.height),
                    .text(title.text, lines: title.lines), title.wrapWidth
                ))
            elements.append(
                (
                    .icon, Rect(x: m.answerInset, y: barY, width: contentWidth, height: m.resultBar),
                    .box(fill: theme.baseShade4, corners: .all(6)), nil
                ))
            if fraction > 0 {
                elements.append(
                    (
                        .icon, Rect(x: m.answerInset, y: barY, width: contentWidth * fraction, height: m.resultBar),
                        .box(fill: answer.isVotedByMe ? theme.primary : theme.baseShade1, corners: .all(6)), nil
                    ))
            }
            let countY = barY + m.resultBar + m.resultSpacing
            elements.append(
                (
                    .counts, Rect(x: m.answerInset, y: countY, width: count.width, height: count.height),
                    .text(count.text, lines: count.lines), count.wrapWidth
                ))
            height = countY + count.height + m.answerInset
            border = answer.isVotedByMe ? theme.primary : theme.baseShade4
        } else {
            let titleWidth = contentWidth - m.answerTitleX
            let title = TextBlock.measure(
                StyledText(answer.text, font: typography[.bodyBold], color: theme.base), width: titleWidth, measurer: measurer
            ).alignedToLeadingEdge(isMirrored: isMirrored)
            let radio: Glyph = answer.isSelected ? (poll.isMultipleChoice ? .radioCheck : .radioOn) : .radioOff
            // The icons keep their own colours; `icon_radio_off`'s white disc is the card's
            // background (white in the kit's light theme, the card's colour in Feedshot's dark one).
            elements.append(
                (
                    .icon, Rect(x: m.answerInset, y: m.answerInset, width: m.radioIcon, height: m.radioIcon),
                    .glyph(radio, color: radio == .radioOff ? theme.background : theme.primary), nil
                ))
            elements.append(
                (
                    .text,
                    Rect(
                        x: m.answerInset + m.answerTitleX + title.naturalOffset(inLabelWidth: titleWidth, isMirrored: isMirrored),
                        y: m.answerInset + m.answerTitleTop, width: title.width, height: title.height),
                    .text(title.text, lines: title.lines), title.wrapWidth
                ))
            height = 2 * m.answerInset + m.answerTitleTop + title.height
            border = answer.isVotedByMe || answer.isSelected ? theme.primary : theme.baseShade4
        }
        let box = Rect(x: m.margin, y: y, width: boxWidth, height: height)
        canvas.add(.bubble, box, .box(fill: theme.background, stroke: border, corners: .all(4)))
        if answer.isVotedByMe {
            canvas.add(
                .icon, Rect(x: box.x, y: box.y, width: m.answerStatusBar, height: height),
                .box(fill: theme.primary, corners: CornerRadii(topLeft: 4, topRight: 0, bottomRight: 0, bottomLeft: 4)))
        }
        for (role, frame, content, wrapWidth) in elements {
            canvas.add(role, frame.offsetBy(dx: box.x, dy: box.y), content, wrapWidth: wrapWidth)
        }
        if !poll.showsResults, !post.isPending {
            // The poll's table selects the answer's whole cell: the box and the 12 below it
            // (`AmityPostPollAnswerTableViewCell.xib:112`; `AmityPostPollTableViewCell.swift:141-161`).
            let cell = Rect(x: box.x, y: box.y, width: box.width, height: box.height + m.answerGap)
            canvas.feedshotAction(.pollAnswerDidTap, ["postId": post.id, "answerId": answer.id], cell)
        }
        return height
    }
}
