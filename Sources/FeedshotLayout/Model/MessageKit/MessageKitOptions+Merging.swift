/// Precedence: a field this level states wins over the same field of `lower`.
extension MessageKitOptions {
    /// These options over `lower`, field by field.
    public func merged(over lower: MessageKitOptions) -> MessageKitOptions {
        var result = MessageKitOptions()
        result.avatar = avatar.merged(over: lower.avatar)
        result.messagePadding = messagePadding ?? lower.messagePadding
        result.labelInsets = labelInsets ?? lower.labelInsets
        result.contactInsets = contactInsets ?? lower.contactInsets
        result.accessoryView = accessoryView.merged(over: lower.accessoryView)
        for kind in LabelKind.allCases { result.labels[kind] = labels[kind].merged(over: lower.labels[kind]) }
        result.bubble = bubble.merged(over: lower.bubble)
        result.textColor = textColor ?? lower.textColor
        result.audioTintColor = audioTintColor ?? lower.audioTintColor
        result.detectors.enabled = detectors.enabled ?? lower.detectors.enabled
        result.detectors.custom = detectors.custom ?? lower.detectors.custom
        result.detectors.styles = lower.detectors.styles.merging(detectors.styles) { _, mine in mine }
        return result
    }
}

extension MessageKitOptions.Avatar {
    /// These options over `lower`.
    func merged(over lower: Self) -> Self {
        var result = self
        result.size = size ?? lower.size
        result.horizontal = horizontal ?? lower.horizontal
        result.vertical = vertical ?? lower.vertical
        result.isHidden = isHidden ?? lower.isHidden
        result.color = color ?? lower.color
        result.cornerRadius = cornerRadius ?? lower.cornerRadius
        // Initials and initials from the name are one choice: the level that makes it decides.
        if initials == nil, initialsFromName == nil {
            result.initials = lower.initials
            result.initialsFromName = lower.initialsFromName
        }
        return result
    }
}

extension MessageKitOptions.AccessoryView {
    /// These options over `lower`.
    func merged(over lower: Self) -> Self {
        var result = self
        result.size = size ?? lower.size
        result.paddingLeft = paddingLeft ?? lower.paddingLeft
        result.paddingRight = paddingRight ?? lower.paddingRight
        result.position = position ?? lower.position
        result.color = color ?? lower.color
        result.cornerRadius = cornerRadius ?? lower.cornerRadius
        return result
    }
}

extension MessageKitOptions.Label {
    /// These options over `lower`.
    func merged(over lower: Self) -> Self {
        var result = self
        result.height = height ?? lower.height
        result.show = show ?? lower.show
        result.alignment = alignment ?? lower.alignment
        result.textInsets = textInsets ?? lower.textInsets
        result.text = text ?? lower.text
        result.font = font ?? lower.font
        result.color = color ?? lower.color
        return result
    }
}

extension MessageKitOptions.Bubble {
    /// These options over `lower`.
    func merged(over lower: Self) -> Self {
        var result = self
        result.style = style ?? lower.style
        result.tailCorner = tailCorner ?? lower.tailCorner
        result.tailStyle = tailStyle ?? lower.tailStyle
        result.color = color ?? lower.color
        result.outlineColor = outlineColor ?? lower.outlineColor
        result.image = image ?? lower.image
        result.mask = mask ?? lower.mask
        return result
    }
}
