import FeedshotLayout
import Foundation

/// The combinations one `assertSnapshot(of:matrix:)` call snapshots, a reference each: devices ×
/// themes × text sizes × locales × directions. An empty axis keeps the document's own value.
///
///     assertSnapshot(of: json, matrix: SnapshotMatrix(devices: [.iPhoneSE, .iPhone15ProMax], themes: [.light, .dark]))
///     // …/ChatTests.conversation.1.iPhoneSE-light.png, …1.iPhoneSE-dark.png, …1.iPhone15ProMax-light.png, …
public struct SnapshotMatrix: Sendable, Hashable {
    /// Canvas widths and scales.
    public var devices: [Device]
    /// Amity's light and dark palettes.
    public var themes: [Appearance]
    /// Dynamic Type sizes.
    public var textSizes: [ContentSizeCategory]
    /// Locale identifiers (`en_US`, `ar`, `th_TH`): formats, UI strings and, unless `directions`
    /// says otherwise, the direction.
    public var locales: [String]
    /// Left to right and/or right to left, over the locale's own.
    public var directions: [LayoutDirection]

    /// Why any of `locales` cannot be used ("locales: \"ar-u-nu-zzzz\" asks for the numbering
    /// system …"), or nil when all can: a matrix with one is refused before it draws anything.
    package var localeProblem: String? {
        for locale in locales {
            if case .failure(let problem) = LocaleIdentifier.locale(locale) { return "locales: \"\(locale)\" \(problem)" }
        }
        return nil
    }

    /// A matrix; every axis left empty keeps the document's value.
    public init(
        devices: [Device] = [], themes: [Appearance] = [], textSizes: [ContentSizeCategory] = [], locales: [String] = [],
        directions: [LayoutDirection] = []
    ) {
        self.devices = devices
        self.themes = themes
        self.textSizes = textSizes
        self.locales = locales
        self.directions = directions
    }

    /// Light or dark.
    public enum Appearance: String, Sendable, Hashable, CaseIterable {
        case light, dark
    }

    /// A named device: its screen width in points and its scale, and its screen height.
    public struct Device: Sendable, Hashable {
        /// The name in reference file names: `iPhoneSE`.
        public var name: String
        /// The screen width in points, the canvas width.
        public var width: Double
        /// Pixels per point.
        public var scale: Int
        /// The screen height in points, portrait: a feed's `screenHeight` (the kit's link preview
        /// card is 0.32 of it); nil keeps the document's.
        public var height: Double?

        /// A device of your own.
        public init(name: String, width: Double, scale: Int, height: Double? = nil) {
            self.name = name
            self.width = width
            self.scale = scale
            self.height = height
        }

        // Sizes in points as Apple's Human Interface Guidelines list them ("Layout",
        // "Specifications: iOS, iPadOS device screen sizes").

        /// iPhone SE (2nd and 3rd generation), 8: 375 × 667 pt @2x.
        public static let iPhoneSE = Device(name: "iPhoneSE", width: 375, scale: 2, height: 667)
        /// iPhone 13 mini: 375 × 812 pt @3x.
        public static let iPhone13Mini = Device(name: "iPhone13Mini", width: 375, scale: 3, height: 812)
        /// iPhone 11, XR: 414 × 896 pt @2x.
        public static let iPhone11 = Device(name: "iPhone11", width: 414, scale: 2, height: 896)
        /// iPhone 15, 15 Pro, 16: 393 × 852 pt @3x.
        public static let iPhone15 = Device(name: "iPhone15", width: 393, scale: 3, height: 852)
        /// iPhone 15 Pro (same size as the 15).
        public static let iPhone15Pro = Device(name: "iPhone15Pro", width: 393, scale: 3, height: 852)
        /// iPhone 15 Plus: 430 × 932 pt @3x.
        public static let iPhone15Plus = Device(name: "iPhone15Plus", width: 430, scale: 3, height: 932)
        /// iPhone 15 Pro Max: 430 × 932 pt @3x.
        public static let iPhone15ProMax = Device(name: "iPhone15ProMax", width: 430, scale: 3, height: 932)
        /// iPad mini (6th generation), portrait: 744 × 1133 pt @2x.
        public static let iPadMini = Device(name: "iPadMini", width: 744, scale: 2, height: 1133)

        /// Every preset, narrowest first: what `feedshot preview --devices` accepts by name.
        public static let presets: [Device] = [
            .iPhoneSE, .iPhone13Mini, .iPhone15, .iPhone15Pro, .iPhone11, .iPhone15Plus, .iPhone15ProMax, .iPadMini,
        ]
    }

    /// One combination: nil where the axis was empty.
    public struct Variant: Sendable, Hashable {
        public var device: Device?
        public var theme: Appearance?
        public var textSize: ContentSizeCategory?
        public var locale: String?
        public var direction: LayoutDirection?

        /// `iPhoneSE-dark-accessibilityLarge-ar-rtl`: the axes that are set, in that order.
        public var name: String {
            let parts: [String?] = [device?.name, theme?.rawValue, textSize?.rawValue, locale, direction?.rawValue]
            let name = parts.compactMap { $0 }.joined(separator: "-")
            return name.isEmpty ? "document" : name
        }

        /// `document` with this combination applied (a locale also sets its direction, unless
        /// `direction` is set).
        public func apply(to document: Document) -> Document {
            var document = document
            if let device {
                document.width = device.width
                document.scale = device.scale
                if let height = device.height {
                    switch document.content {
                    case .feed(var feed):
                        feed.screenHeight = height
                        document.content = .feed(feed)
                    case .post(var feed):
                        feed.screenHeight = height
                        document.content = .post(feed)
                    default: break
                    }
                }
            }
            switch theme {
            case .light: document.theme = .amityLight
            case .dark: document.theme = .amityDark
            case nil: break
            }
            if let textSize { document.textSize = textSize }
            // A locale that cannot be used is refused before any variant is drawn (`localeProblem`).
            if let locale, case .success(let value) = LocaleIdentifier.locale(locale) {
                document.locale = value
                document.layoutDirection = LayoutDirection(locale: document.locale)
            }
            if let direction { document.layoutDirection = direction }
            return document
        }
    }

    /// Every combination, devices outermost.
    public var variants: [Variant] {
        func axis<T>(_ values: [T]) -> [T?] { values.isEmpty ? [nil] : values.map { $0 } }
        var result: [Variant] = []
        for device in axis(devices) {
            for theme in axis(themes) {
                for textSize in axis(textSizes) {
                    for locale in axis(locales) {
                        for direction in axis(directions) {
                            result.append(
                                Variant(device: device, theme: theme, textSize: textSize, locale: locale, direction: direction))
                        }
                    }
                }
            }
        }
        return result
    }
}
