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

/// A field a level of options may leave unset (nil): the lower level's value fills it.
struct OptionalField<Options>: Sendable {
    /// Fills the field of `result` from `lower` when `result` leaves it unset.
    let fill: @Sendable (inout Options, Options) -> Void

    init<Value>(_ field: WritableKeyPath<Options, Value?> & Sendable) {
        fill = { result, lower in
            if result[keyPath: field] == nil { result[keyPath: field] = lower[keyPath: field] }
        }
    }
}

/// Options whose fields merge one by one, the stated one winning.
protocol LayeredOptions {
    /// The fields merged one by one.
    static var optionalFields: [OptionalField<Self>] { get }
}

extension LayeredOptions {
    /// These options over `lower`: each of `optionalFields` this level leaves unset is `lower`'s.
    func merged(over lower: Self) -> Self {
        var result = self
        for field in Self.optionalFields { field.fill(&result, lower) }
        return result
    }
}

extension MessageKitOptions.Avatar: LayeredOptions {
    static let optionalFields: [OptionalField<Self>] = [
        OptionalField(\.size), OptionalField(\.horizontal), OptionalField(\.vertical), OptionalField(\.isHidden), OptionalField(\.color),
        OptionalField(\.cornerRadius),
    ]

    /// These options over `lower`; initials and initials from the name are one choice, which the
    /// level that makes it decides.
    func merged(over lower: Self) -> Self {
        var result = self
        for field in Self.optionalFields { field.fill(&result, lower) }
        if initials == nil, initialsFromName == nil {
            result.initials = lower.initials
            result.initialsFromName = lower.initialsFromName
        }
        return result
    }
}

extension MessageKitOptions.AccessoryView: LayeredOptions {
    static let optionalFields: [OptionalField<Self>] = [
        OptionalField(\.size), OptionalField(\.paddingLeft), OptionalField(\.paddingRight), OptionalField(\.position),
        OptionalField(\.color),
        OptionalField(\.cornerRadius),
    ]
}

extension MessageKitOptions.Label: LayeredOptions {
    static let optionalFields: [OptionalField<Self>] = [
        OptionalField(\.height), OptionalField(\.show), OptionalField(\.alignment), OptionalField(\.textInsets), OptionalField(\.text),
        OptionalField(\.font), OptionalField(\.color),
    ]
}

extension MessageKitOptions.Bubble: LayeredOptions {
    static let optionalFields: [OptionalField<Self>] = [
        OptionalField(\.style), OptionalField(\.tailCorner), OptionalField(\.tailStyle), OptionalField(\.color),
        OptionalField(\.outlineColor),
        OptionalField(\.image), OptionalField(\.mask),
    ]
}
