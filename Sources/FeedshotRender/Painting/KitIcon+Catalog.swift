import FeedshotLayout
import Foundation

/// The kit's icons as data: `Resources/KitIcons/files.json`, `post.json` and `livestream.json`,
/// written by `scripts/kit-icons.py` from the kit's PDFs (`UpstraUIKit/UpstraUIKit/Assets.xcassets`
/// at 429fcec) and read once through `BundledResource`.
extension KitIcon {
    /// The icon files, by name without `.json`.
    static let sets = ["files", "post", "livestream"]

    /// Every bundled icon by name, or why the files could not be read (`BundledResource.Missing`
    /// names where it looked; a malformed file is named with the decoding error).
    static let bundled: Result<[String: KitIcon], any Error> = Result {
        var icons: [String: KitIcon] = [:]
        for set in sets {
            let path = "Resources/KitIcons/\(set).json"
            let file: IconFile
            do {
                file = try JSONDecoder().decode(IconFile.self, from: Data(contentsOf: BundledResource.url(path, target: "FeedshotRender")))
            } catch let error as DecodingError {
                throw BundledResource.Malformed(file: path, reason: "\(error)")
            }
            for entry in file.icons { icons[entry.name] = try KitIcon(entry, file: path) }
        }
        return icons
    }

    /// The bundled icon `name`. The CLI and the server check `bundled` at start
    /// (`BundledData.check`) and refuse to run without it; a library caller stops here, told why.
    static func named(_ name: String) -> KitIcon {
        switch bundled {
        case .success(let icons):
            guard let icon = icons[name] else { fatalError("no kit icon \(name) in Resources/KitIcons (scripts/kit-icons.py)") }
            return icon
        case .failure(let error):
            fatalError("\(error)")
        }
    }

    /// One file's icons, as `scripts/kit-icons.py` writes them.
    struct IconFile: Decodable {
        let icons: [Entry]

        struct Entry: Decodable {
            let name: String
            let width: Double
            let height: Double
            let layers: [LayerEntry]
        }

        /// `fill` is `tint`, `rgb` (`color` RRGGBB), `rgba` (`color`, `alpha`) or `linear`
        /// (`colors`, from `from` to `to`).
        struct LayerEntry: Decodable {
            let fill: String
            let color: String?
            let alpha: Double?
            let colors: [String]?
            let from: [Double]?
            let to: [Double]?
            let evenOdd: Bool
            let path: String
            let clip: String?
        }
    }

    init(_ entry: IconFile.Entry, file: String) throws {
        func rgb(_ text: String?) throws -> UInt32 {
            guard let text, text.count == 6, let value = UInt32(text, radix: 16) else {
                throw BundledResource.Malformed(file: file, reason: "\(entry.name): a colour is not RRGGBB")
            }
            return value
        }
        var layers: [Layer] = []
        for layer in entry.layers {
            let fill: Fill
            switch (layer.fill, layer.colors, layer.from, layer.to) {
            case ("tint", _, _, _): fill = .tint
            case ("rgb", _, _, _): fill = .rgb(try rgb(layer.color))
            case ("rgba", _, _, _):
                guard let alpha = layer.alpha else {
                    throw BundledResource.Malformed(file: file, reason: "\(entry.name): rgba without alpha")
                }
                fill = .rgba(try rgb(layer.color), alpha)
            case ("linear", let colors?, let from?, let to?) where colors.count == 2 && from.count == 2 && to.count == 2:
                fill = .linear(try rgb(colors[0]), try rgb(colors[1]), from: (from[0], from[1]), to: (to[0], to[1]))
            default:
                throw BundledResource.Malformed(file: file, reason: "\(entry.name): unknown fill \(layer.fill)")
            }
            do {
                layers.append(try Layer(fill: fill, evenOdd: layer.evenOdd, path: layer.path, clip: layer.clip ?? ""))
            } catch {
                throw BundledResource.Malformed(file: file, reason: "\(entry.name): \(error)")
            }
        }
        self.init(width: entry.width, height: entry.height, layers: layers)
    }
}

/// The icons by name, as `Glyphs` draws them.
extension KitIcon {
    /// The page every file icon is drawn on: white, a #EBECEF outline and folded corner (40 × 48).
    static let filePage = named("filePage")
    /// `icon_file_audio`: its symbol and label, drawn over `filePage`.
    static let fileAudio = named("fileAudio")
    /// `icon_file_avi`: its symbol and label, drawn over `filePage`.
    static let fileAvi = named("fileAvi")
    /// `icon_file_csv`: its symbol and label, drawn over `filePage`.
    static let fileCsv = named("fileCsv")
    /// `icon_file_default`: its symbol and label, drawn over `filePage`.
    static let fileDefault = named("fileDefault")
    /// `icon_file_doc`: its symbol and label, drawn over `filePage`.
    static let fileDoc = named("fileDoc")
    /// `icon_file_html`: its symbol and label, drawn over `filePage`.
    static let fileHtml = named("fileHtml")
    /// `icon_file_img`: its symbol and label, drawn over `filePage`.
    static let fileImg = named("fileImg")
    /// `icon_file_mov`: its symbol and label, drawn over `filePage`.
    static let fileMov = named("fileMov")
    /// `icon_file_mp3`: its symbol and label, drawn over `filePage`.
    static let fileMp3 = named("fileMp3")
    /// `icon_file_mp4`: its symbol and label, drawn over `filePage`.
    static let fileMp4 = named("fileMp4")
    /// `icon_file_mpeg`: its symbol and label, drawn over `filePage`.
    static let fileMpeg = named("fileMpeg")
    /// `icon_file_pdf`: its symbol and label, drawn over `filePage`.
    static let filePdf = named("filePdf")
    /// `icon_file_ppt`: its symbol and label, drawn over `filePage`.
    static let filePpt = named("filePpt")
    /// `icon_file_txt`: its symbol and label, drawn over `filePage`.
    static let fileTxt = named("fileTxt")
    /// `icon_file_xls`: its symbol and label, drawn over `filePage`.
    static let fileXls = named("fileXls")
    /// `icon_file_zip`: its symbol and label, drawn over `filePage`.
    static let fileZip = named("fileZip")
    /// `icon_badge_checkmark` (template): the official community badge.
    static let officialBadge = named("officialBadge")
    /// `icon_badge_moderator`: the moderator shield, in its own colour.
    static let moderatorBadge = named("moderatorBadge")
    /// `icon_community_setting_banned` (not a template; drawn in the element’s colour: the post header tints it base shade 3, a comment leaves it #A5A9B5): the globally banned user’s symbol.
    static let bannedBadge = named("bannedBadge")
    /// `icon_option` (template): three dots.
    static let option = named("option")
    /// `icon_like` (template): the Like button’s thumb.
    static let likeOutline = named("likeOutline")
    /// `icon_like_fill` (template): the Liked button’s thumb.
    static let likeFill = named("likeFill")
    /// `icon_comment` (shown in its own colour, `AmityIconSet.iconComment`).
    static let comment = named("comment")
    /// `icon_share` (template, tinted #818698 by the footer xib; `AmityIconSet.iconShare` is never used).
    static let share = named("share")
    /// `play_livestream_button`: a translucent black disc with a white triangle.
    static let playLiveStream = named("playLiveStream")
    /// `ic_post_placeholder`: the unknown post’s card with a question mark.
    static let postPlaceholder = named("postPlaceholder")
    /// `icon_radio_on`: a chosen single-choice answer.
    static let radioOn = named("radioOn")
    /// `icon_radio_off`: an answer not chosen — its white disc drawn in the element’s colour (the card’s background: white, as the asset, in the kit’s light theme), its ring #A5A9B5.
    static let radioOff = named("radioOff")
    /// `icon_radio_check`: a chosen multiple-choice answer.
    static let radioCheck = named("radioCheck")
    /// `icon_reply` (template): the comment’s Reply arrow (13.48 × 12).
    static let reply = named("reply")
    /// `icon_reply_inverse`: the “View replies” arrow, in its own colour (12 × 8).
    static let replies = named("replies")
    /// `icon_like_button`: a blue gradient disc (#5B9DFF to #0041BE) with a white thumb.
    static let likeBadge = named("likeBadge")
    /// `default_livestream`: the live stream’s placeholder illustration (375 × 221).
    static let liveStreamPlaceholder = named("liveStreamPlaceholder")
}
