import Foundation

/// The size calculators: each kind's `messageContainerSize`, at the cell's `messageContainerMaxWidth`.
extension MessageKitLayoutEngine {
    mutating func container(for message: ChatMessage, style: MessageKitCellStyle, maxWidth: Double, path: String) -> (
        MessageKitContainer, Size
    ) {
        let kind = message.type.name
        let calculator = settings.kinds[kind]
        if let size = calculator?.size {
            return (.custom(calculator?.options.bubble.color ?? palette.accent), size)
        }
        let body = FontSpec(size: calculator?.fontSize ?? bodySize)
        switch kind {
        case "emoji":
            // `emojiMessageSizeCalculator.messageLabelFont`: the system font at twice the body size.
            let font = FontSpec(size: calculator?.fontSize ?? 2 * bodySize)
            return textContainer(
                StyledText(message.text ?? "", font: font, color: style.textColor), style: style, maxWidth: maxWidth, path: path)
        case "attributedText":
            // MessageKit sets no font or colour on attributed text: ranges without them take the
            // label's defaults, UILabel's 17-point system font and `label` colour.
            let base = FontSpec(size: calculator?.fontSize ?? 17)
            let runs = message.messageKit.runs.isEmpty ? [MessageKitContent.Run(text: message.text ?? "")] : message.messageKit.runs
            let attributed = attributed(runs, font: base, color: palette.label)
            return textContainer(
                attributed.text, links: attributed.links, mentions: attributed.mentions, style: style, maxWidth: maxWidth, path: path)
        case "photo", "video", "image":
            let ref = message.image?.src ?? ""
            var size = Size(width: message.image?.width ?? 0, height: message.image?.height ?? 0)
            if size.width <= 0 || size.height <= 0, case .loaded(let w, let h) = images.entry(ref) {
                size = Size(width: Double(w), height: Double(h))
            }
            if size.width <= 0 || size.height <= 0 { size = Size(width: 240, height: 240) }
            return (.media(ref: ref, isVideo: kind == "video"), MessageKitGeometry.fit(size, maxWidth: maxWidth))
        case "location":
            let size = message.messageKit.location?.size ?? MessageKitContainer.defaultLocationSize
            return (.location, MessageKitGeometry.fit(size, maxWidth: maxWidth))
        case "audio":
            let size = message.messageKit.audioSize ?? MessageKitContainer.defaultAudioSize
            // `AudioMessageCell.durationLabel`: the 14-point system font, in the tint.
            let duration = line(
                StyledText(
                    MessageKitLayoutEngine.audioDuration(message.audioDuration ?? 0), font: FontSpec(size: 14), color: style.audioTint),
                width: 200)
            return (.audio(duration: duration), MessageKitGeometry.fit(size, maxWidth: maxWidth))
        case "contact":
            let contact = message.messageKit.contact ?? MessageKitContent.Contact(displayName: message.text ?? "")
            let insets = style.contactInsets
            let name = measure(StyledText(contact.displayName, font: body, color: style.textColor), width: maxWidth - insets.horizontal)
            // `ContactMessageCell.initialsLabel`: footnote, `label` colour, centred in its 26-pt circle.
            let initials = line(
                StyledText(
                    contact.initials ?? MessageKitLayoutEngine.initials(contact.displayName), font: FontSpec(size: size(.footnote)),
                    color: palette.label, alignment: .center), width: 26)
            return (
                .contact(initials: initials, name: name), Size(width: name.width + insets.horizontal, height: name.height + insets.vertical)
            )
        case "linkPreview":
            return linkPreview(message, style: style, maxWidth: maxWidth, font: body, path: path)
        case "custom":
            return (
                .custom(calculator?.options.bubble.color ?? palette.accent),
                message.messageKit.customSize ?? MessageKitContainer.defaultCustomSize
            )
        default:
            // text, and text-driven custom kinds (a `fontSize`).
            return textContainer(
                StyledText(message.text ?? "", font: body, color: style.textColor), style: style, maxWidth: maxWidth, path: path)
        }
    }

    /// `TextMessageSizeCalculator.messageContainerSize`: the text at the max width less the label
    /// insets, rounded up, plus the insets; the detectors' attributes drawn over it.
    mutating func textContainer(
        _ text: StyledText, links: [(start: Int, end: Int, url: String)] = [], mentions: [(start: Int, end: Int, userId: String)] = [],
        style: MessageKitCellStyle, maxWidth: Double, path: String
    ) -> (MessageKitContainer, Size) {
        let (styled, matches, isDarkTextUnreadable) = detecting(text, links: links, style: style, path: path)
        let insets = style.labelInsets
        var block = measure(styled, width: maxWidth - insets.horizontal)
        if isDarkTextUnreadable { block.kitBehaviours.append(.messageKitDarkDetectedText) }
        return (
            .text(block, insets: insets, matches: matches, mentions: mentions),
            Size(width: block.width + insets.horizontal, height: block.height + insets.vertical)
        )
    }

    /// `MessagesDisplayDelegate.audioProgressTextFormat`'s default: "0:ss" (seconds rounded up)
    /// under a minute, "mm:ss" under an hour, "hh:mm:ss" beyond — in `Float`, as `AudioItem.duration`
    /// is one and the kit computes (7.0000001 seconds is 7.0 there: "0:07", not "0:08").
    static func audioDuration(_ seconds: Double) -> String {
        let duration = Float(seconds)
        if duration < 60 { return String(format: "0:%02d", Int(duration.rounded(.up))) }
        if duration < 3600 { return String(format: "%02d:%02d", Int(duration / 60), Int(duration) % 60) }
        let hours = Int(duration / 3600)
        let rest = Int(duration) - hours * 3600
        return String(format: "%02d:%02d:%02d", hours, rest / 60, rest % 60)
    }
}
