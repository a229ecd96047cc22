/// `"light"`, `"dark"`, or an object of palette colours over a starting theme (`"theme"`).
struct ThemeDecoding: Decodable {
    var theme: Theme

    static func named(_ name: String) -> Theme? {
        switch name {
        case "light": .amityLight
        case "dark": .amityDark
        default: nil
        }
    }

    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            guard let theme = ThemeDecoding.named(name) else {
                throw DocumentError(
                    codingPath: decoder.codingPath, message: "unknown theme \"\(name)\" (use \"light\", \"dark\" or an object of colours)")
            }
            self.theme = theme
            return
        }
        try decoder.checkFields(known: ["theme"] + Theme.paletteKeyNames)
        let c = try decoder.container(keyedBy: AnyKey.self)
        var theme = Theme.amityLight
        if let name = try c.decodeIfPresent(String.self, forKey: AnyKey("theme")) {
            guard let start = ThemeDecoding.named(name) else {
                throw c.error(at: AnyKey("theme"), "unknown theme \"\(name)\" (use \"light\" or \"dark\")")
            }
            theme = start
        }
        for key in c.allKeys where key.stringValue != "theme" {
            // Unknown names were refused above, or (decoding leniently) are skipped here.
            guard let path = Theme.paletteKey(key.stringValue) else { continue }
            theme[keyPath: path] = try c.decode(Color.self, forKey: key)
        }
        theme.name = "custom"
        self.theme = theme
    }
}
