/// Something the Amity kit does that a designer would take for Feedshot's mistake, and that
/// Feedshot draws as the kit does (docs/conformance/amity.md, "Kit behaviour that looks like a
/// bug"). The layout code that reproduces one records it on the item it applies to; the layout
/// reports each once per item (`Layout.kitBehaviours`).
public enum KitBehaviour: String, Sendable, Hashable, CaseIterable {
    /// A collapsed text's "Read more" wrapped past the label's last line and is not drawn.
    case readMoreClipped = "bug-read-more-clipped"
    /// A collapsed text's last line is cut mid-word before "...Read more".
    case readMoreMidWord = "bug-read-more-mid-word"
    /// "...Read more" is drawn in English in a document of another language.
    case readMoreEnglish = "bug-read-more-english"
    /// An incoming image message's time is clipped by its row.
    case incomingImageTime = "bug-incoming-image-time"
    /// An incoming image that did not load is an icon with no bubble around it.
    case brokenIncomingImage = "bug-broken-incoming-image"
    /// An audio message at rest shows "0:00", never how long it is.
    case audioAtRest = "bug-audio-at-rest"
    /// An own message that was edited shows "Edited • time", never its failed button or "Sending...".
    case editedHidesState = "bug-edited-hides-state"
    /// A poll in the feed says "1 more options".
    case oneMoreOptions = "bug-one-more-options"
    /// A post's shares are written in full from 1,000 on, beside abbreviated likes and comments.
    case unabbreviatedShares = "bug-unabbreviated-shares"
    /// A link preview card stays white with black text on a dark feed.
    case whiteLinkPreview = "bug-white-link-preview"
    /// A right-to-left bubble keeps its square corner on the left or right, as `maskedCorners` names it.
    case rtlSquareCorner = "bug-rtl-square-corner"
    /// A right-to-left text of a chat message, post or comment sits against the left edge.
    case rtlTextLeft = "bug-rtl-text-left"
    /// A reply on the post detail has a Reply button, though the kit meant to hide it.
    case replyOnReplies = "bug-reply-on-replies"
    /// MessageKit: a detected range in `UIColor.darkText` on a dark bubble (dark appearance's, or
    /// a dark colour the document chose).
    case messageKitDarkDetectedText = "bug-mk-dark-detected-text"
    /// MessageKit: a contact's initials wider than their 26-point circle (the largest text
    /// sizes), cut to "…".
    case messageKitContactInitials = "bug-mk-contact-initials"
    /// MessageKit's Example: the cell labels (the date above, "Read" below) in `UIColor.darkGray`
    /// on a dark background.
    case messageKitDarkGrayLabel = "bug-mk-dark-gray-label"
    /// MessageKit: a link preview opens its URL from where the preview would be if moved by its
    /// own offset in the bubble, not from the preview itself.
    case messageKitLinkPreviewTap = "bug-mk-link-preview-tap"

    /// The anchor in docs/conformance/amity.md: `bug-read-more-clipped`, ….
    public var id: String { rawValue }

    /// One sentence for a designer: what is seen, and that the kit does it.
    public var note: String {
        switch self {
        case .readMoreClipped:
            "The kit cuts the last line by character count, not width, so \"Read more\" wrapped onto a line the label does not draw."
        case .readMoreMidWord:
            "The kit cuts the last line before \"...Read more\" by character count, so it can stop mid-word."
        case .readMoreEnglish:
            "The kit hard-codes \"...Read more\" in English; it is not in the app's translations."
        case .incomingImageTime:
            "The kit's incoming image row is 202 points, so the time 8 points below the image falls past its end and is cut off."
        case .brokenIncomingImage:
            "The kit centres a broken incoming image's icon in a container the colour of the list, so it floats without a bubble."
        case .audioAtRest:
            "The kit's audio cell shows \"0:00\" until the message is played: it never shows how long the recording is."
        case .editedHidesState:
            "The kit shows \"Edited\" before a message's state, so an edited message that failed has no failed button, and one sending does not say \"Sending...\"."
        case .oneMoreOptions:
            "The kit writes the count before \"more options\" with no singular form, so one remaining answer reads \"1 more options\"."
        case .unabbreviatedShares:
            "The kit abbreviates likes and comments but writes shares in full."
        case .whiteLinkPreview:
            "The kit draws the link preview card in UIKit's literal white with black text, not the theme's colours, so it stays white on a dark feed."
        case .rtlSquareCorner:
            "The kit's masked corners name left and right, not leading and trailing, so right to left the square corner stays where it was."
        case .rtlTextLeft:
            "The kit's expandable label aligns its text to the left, not to the text's start, so right-to-left lines sit against the left edge."
        case .replyOnReplies:
            "The kit hides a reply's Reply button, then shows every action button again on a post you can comment on, so a reply has Reply too."
        case .messageKitContactInitials:
            "MessageKit sets a contact's initials in the footnote text style in a 26-point circle, so at the largest text sizes they do not fit and the label shows \"…\"."
        case .messageKitDarkGrayLabel:
            "MessageKit's example app sets the date above a cell and the label below it in UIColor.darkGray, which does not change with the appearance, so on a dark background it is under 3:1."
        case .messageKitLinkPreviewTap:
            "MessageKit tests a tap in the link preview's own coordinates against its frame in the bubble, so what opens the link is the preview moved down and right by its offset, as far as that lies in the cell: its top and leading edge tap the bubble instead, its lower part and the bubble's inset below it open the link."
        case .messageKitDarkDetectedText:
            "MessageKit draws detected links, numbers, dates and mentions in UIColor.darkText, black in either appearance, so they all but vanish on a dark bubble (dark mode's, or a dark colour an app chose)."
        }
    }

    /// Where the behaviour is documented, with the kit's source lines:
    /// `docs/conformance/amity.md#bug-…`, MessageKit's (`bug-mk-…`) in `messagekit.md`.
    public var conformance: String {
        "docs/conformance/\(rawValue.hasPrefix("bug-mk-") ? "messagekit" : "amity").md#\(rawValue)"
    }
}

/// A kit behaviour as it applies to one item of a layout.
public struct KitBehaviourNote: Sendable, Hashable {
    /// What the kit did.
    public var behaviour: KitBehaviour
    /// The item it applies to (`LayoutItem.id`).
    public var itemId: String

    /// The note of `behaviour` on the item `itemId`.
    public init(behaviour: KitBehaviour, itemId: String) {
        self.behaviour = behaviour
        self.itemId = itemId
    }
}

extension Layout {
    /// The kit behaviours its items reproduce, in item order, each once per item.
    public var kitBehaviours: [KitBehaviourNote] {
        items.flatMap { item in item.kitBehaviours.map { KitBehaviourNote(behaviour: $0, itemId: item.id) } }
    }
}

extension LayoutItem {
    /// Records that the item reproduces `behaviour` (once, however often it is recorded).
    mutating func note(_ behaviour: KitBehaviour) {
        if !kitBehaviours.contains(behaviour) { kitBehaviours.append(behaviour) }
    }
}
