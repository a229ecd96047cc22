import Foundation

extension MessageKitOptions {
    /// MessageKit's `DetectorType`s.
    public enum DetectorType: String, Sendable, Hashable, CaseIterable, Comparable {
        /// `NSDataDetector`'s types, then MessageKit's two expressions.
        case url, phoneNumber, date, address, transitInformation, mention, hashtag

        /// The data detector's types first, then the regular expressions: the order of
        /// `allCases`. (Attributes apply in the document's `enabled` order, as in MessageKit:
        /// `MessageKitDetectors.attributeOrder`.)
        public static func < (a: DetectorType, b: DetectorType) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }

        /// Found by `NSRegularExpression` in MessageKit (`DetectorType.mention`, `.hashtag`), not `NSDataDetector`.
        public var isRegularExpression: Bool { self == .mention || self == .hashtag }
    }

    /// `detectorAttributes(for:and:at:)`: what a detected range is drawn with. A stated style
    /// replaces MessageKit's default attributes entirely, as the delegate's dictionary does.
    public struct DetectorStyle: Sendable, Hashable {
        /// `.foregroundColor` (the text's when nil).
        public var color: Color?
        /// `.underlineStyle: .single`.
        public var isUnderlined: Bool
        /// `.underlineColor` (the text's when nil).
        public var underlineColor: Color?

        /// A style.
        public init(color: Color? = nil, isUnderlined: Bool = false, underlineColor: Color? = nil) {
            self.color = color
            self.isUnderlined = isUnderlined
            self.underlineColor = underlineColor
        }
    }

    /// `DetectorType.custom(NSRegularExpression)`: an app's own expression, with what
    /// `detectorAttributes(for: .custom(…))` answers for it.
    public struct CustomDetector: Sendable, Hashable {
        /// The expression, compiled once, here: every message's text is searched with it.
        package let expression: NSRegularExpression
        /// Its ranges' look (nil: `MessageLabel.defaultAttributes`).
        public var style: DetectorStyle?

        /// The expression (`NSRegularExpression` syntax).
        public var pattern: String { expression.pattern }

        /// A detector of `pattern`.
        ///
        /// - Throws: `NSRegularExpression`'s error when `pattern` is not an expression.
        public init(pattern: String, style: DetectorStyle? = nil) throws {
            self.expression = try NSRegularExpression(pattern: pattern)
            self.style = style
        }

        public static func == (a: CustomDetector, b: CustomDetector) -> Bool {
            a.pattern == b.pattern && a.style == b.style
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(pattern)
            hasher.combine(style)
        }
    }

    /// `enabledDetectors` and the detectors' attributes.
    public struct Detectors: Sendable, Hashable {
        /// The enabled detectors (MessageKit's default: none).
        public var enabled: [DetectorType]?
        /// Styles by detector; a detector without one gets `MessageLabel.defaultAttributes`.
        public var styles: [DetectorType: DetectorStyle] = [:]
        /// The enabled custom detectors (a level that states them replaces the lower levels' list).
        public var custom: [CustomDetector]?

        /// No detector options.
        public init() {}
    }
}
