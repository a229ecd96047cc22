import Foundation

/// The live-stream cell (`Live Stream/AmityPostLiveStreamTableViewCell.xib` and `.swift`): 220
/// tall, edge to edge — the thumbnail aspect-filled (the kit's illustration without one), a
/// "LIVE" (#FF305A) or "RECORDED" (black 70 %) badge at (16, 16), the 40-point play button in the
/// centre; an ended or unavailable stream is covered in black with its message centred in white.
struct PostLiveStreamCell<Measurer: TextMeasuring>: FeedCell {
    var context: FeedContext<Measurer>

    mutating func layout(_ post: Post, _ canvas: inout CellCanvas, path: String) -> Double {
        let m = FeedMetrics.self
        guard let stream = post.liveStream else { return 0 }
        let cell = Rect(x: 0, y: 0, width: width, height: m.liveStreamHeight)
        if let ref = stream.thumbnail, images.isLoaded(ref) {
            canvas.add(.image, cell, .image(ref: ref, cornerRadius: 0))
        } else {
            if let ref = stream.thumbnail, case .failed(let reason) = images.entry(ref), !ref.isEmpty {
                warnings.append("\(path).liveStream.thumbnail: \(reason); drew the kit's placeholder")
            }
            canvas.add(.image, cell, .glyph(.liveStreamPlaceholder, color: theme.base))
        }
        switch stream.status {
        case .live, .recorded:
            let isLive = stream.status == .live
            let text = unboundedLabel(strings(isLive ? .liveStreamLive : .liveStreamRecorded), .captionBold, color: .white)
            let badge = Rect(
                x: m.liveBadgeInset, y: m.liveBadgeInset, width: text.width + 2 * m.liveBadgePaddingX,
                height: text.height + 2 * m.liveBadgePaddingY)
            canvas.add(.status, badge, .box(fill: isLive ? KitColors.liveRed : Color.black.withAlpha(0.7), corners: .all(4)))
            canvas.add(.status, text: text, at: badge.x + m.liveBadgePaddingX, badge.y + m.liveBadgePaddingY)
            let button = Rect(
                x: cell.midX - m.livePlayButton / 2, y: cell.midY - m.livePlayButton / 2, width: m.livePlayButton, height: m.livePlayButton)
            canvas.add(.icon, button, .glyph(.playLiveStream, color: .white))
            var arguments = ["postId": post.id]
            if let id = stream.streamId { arguments["streamId"] = id }
            // `AmityPostProtocolHandler.swift:114-128`: the whole cell is the play button.
            canvas.action(isLive ? .openLiveStreamPlayer : .openRecordedLiveStreamPlayer, arguments, cell)
        case .ended, .idle:
            canvas.add(.bubble, cell, .box(fill: .black, corners: .none))
            let inner = width - 2 * m.liveEndInset
            var lines = centredLines(
                strings(stream.status == .ended ? .liveStreamEnded : .liveStreamUnavailable), .title, color: .white, width: inner)
            if stream.status == .ended {
                let description = centredLines(strings(.liveStreamEndedDescription), .body, color: .white, width: inner)
                lines.append(
                    contentsOf: description.map { ($0.block, $0.y + (lines.last.map { $0.y + $0.block.height } ?? 0) + m.liveEndSpacing) })
            }
            let stackHeight = lines.last.map { $0.y + $0.block.height } ?? 0
            let top = (cell.height - stackHeight) / 2
            // The black view takes no tap of its own: the table's row selection (`PostRowSelection`).
            for (block, y) in lines { canvas.add(.text, text: block, at: m.liveEndInset + (inner - block.width) / 2, top + y) }
        }
        return m.liveStreamHeight
    }

    /// `text` wrapped at `width`, a block per line with its y, to be drawn centred
    /// (`textAlignment = .center`).
    func centredLines(_ text: String, _ font: AmityFont, color: Color, width: Double) -> [(block: TextBlock, y: Double)] {
        let whole = TextBlock.measure(StyledText(text, font: typography[font], color: color), width: width, measurer: measurer)
        guard !whole.lines.isEmpty else { return [] }
        let lineHeight = whole.height / Double(whole.lines.count)
        return whole.lines.enumerated().map { index, line in
            let block = TextBlock.measure(
                StyledText(line.trimmingTrailingWhitespace(), font: typography[font], color: color), width: width, measurer: measurer)
            return (block, lineHeight * Double(index))
        }
    }
}
