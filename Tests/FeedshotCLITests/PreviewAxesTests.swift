import FeedshotRender
import FeedshotSnapshot
import Foundation
import Testing

/// The axes a designer turns beyond width, scale, theme and text size: named devices, locales and
/// directions, each a menu on the page and part of each image's name.
struct PreviewAxesTests {
    let cli = CLITests()
    let browser = DiffAndPreviewTests()

    @Test func devicesLocalesAndDirectionsAreAxesOfThePage() throws {
        let out = try cli.temporaryDirectory()
        let result = try cli.run([
            "preview", "examples/chat.json", "--assets", "examples", "--out", out.path, "--devices", "iPhoneSE,iphone15promax",
            "--locales", "en_US,ar", "--themes", "light",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let images = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("images").path).sorted()
        #expect(
            images == [
                "chat-iPhone15ProMax-light-large-ar.png", "chat-iPhone15ProMax-light-large-en_US.png", "chat-iPhoneSE-light-large-ar.png",
                "chat-iPhoneSE-light-large-en_US.png",
            ])
        // The device's scale: iPhone 15 Pro Max is 430 pt @3x.
        let big = try RGBAImage(png: Data(contentsOf: out.appendingPathComponent("images/chat-iPhone15ProMax-light-large-en_US.png")))
        #expect(big.width == 1290)
        let page = out.appendingPathComponent("index.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(
            html.contains(
                #"<select data-axis="device" aria-label="device"><option value="">every device</option><option value="iPhoneSE">"#))
        #expect(html.contains(#"<select data-axis="locale" aria-label="locale">"#))
        #expect(!html.contains(#"data-axis="theme""#), "one theme: no menu")
        #expect(
            html.contains(
                #"<figure data-device="iPhoneSE" data-theme="light" data-width="375" data-scale="2" data-size="large" data-locale="ar">"#))
        #expect(html.contains("iPhoneSE 375 pt @2x · light · large · ar"))
        // The locale reached the layout: in Arabic the chat is mirrored, so others' photo (the
        // imageViewer region) moves from the left to the right.
        let photos = html.matches(of: /<area shape="rect" coords="(\d+),\d+,\d+,\d+" title="imageViewer/).map { Int($0.1)! }
        // Figures in order: iPhoneSE en_US, ar; iPhone15ProMax en_US, ar.
        #expect(photos.count == 4 && photos[0] < photos[1] && photos[2] < photos[3] && photos[1] != photos[3], "\(photos)")
        if DiffAndPreviewTests.chromium != nil {
            let filtered = try browser.loadInChromium(try #require(URL(string: page.absoluteString + "?device=iPhoneSE&locale=ar")))
            #expect(filtered["data-shown"] == 1, "\(filtered)")
            let all = try browser.loadInChromium(page)
            #expect(all["data-shown"] == 4 && all["data-images-loaded"] == 4, "\(all)")
            // The filters go back into the address, as the menus spell them, so a reload (`--watch`
            // reloads on every change) keeps them.
            let dom = try browser.domInChromium(try #require(URL(string: page.absoluteString + "?locale=AR&device=iphonese&q=Chat")))
            #expect(dom.contains(#"data-address="q=Chat&amp;device=iPhoneSE&amp;locale=ar""#), "\(dom.prefix(300))")
        }
    }

    /// An image wider than its card — a phone's window, or a 1,000-point canvas in headless
    /// Chromium's 800-pixel window — is zoomed to fit, its tap regions with it (its caption's PNG
    /// link shows it pixel for pixel); one that fits keeps its size in points.
    @Test(.enabled(if: DiffAndPreviewTests.chromium != nil, "skipped: Chromium is not installed"))
    func anImageWiderThanItsCardIsZoomedToFit() throws {
        let out = try cli.temporaryDirectory()
        let result = try cli.run([
            "preview", "examples/chat.json", "--assets", "examples", "--out", out.path, "--widths", "375,1000", "--themes", "light",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let dom = try browser.domInChromium(out.appendingPathComponent("index.html"))
        let room = try #require(dom.firstMatch(of: /data-room="(\d+)"/).flatMap { Double($0.1) })
        #expect(room > 375 && room < 1000, "the window's room: \(room)")
        let shot = /<figure [^>]*?( data-zoomed="")?><figcaption>.*?class="shot"( style="zoom: ([\d.]+);")?><img [^>]*width="(\d+)"/
        let shots = dom.matches(of: shot).map { (zoomed: $0.1 != nil, zoom: $0.3.map { Double($0)! }, width: Double($0.4)!) }
        #expect(shots.map(\.width) == [375, 1000] && shots.map(\.zoomed) == [false, true], "\(shots)")
        #expect(shots.first?.zoom == nil && abs((shots.last?.zoom ?? 0) - room / 1000) < 1e-5, "\(shots)")
    }

    /// Kit behaviour a designer would take for a bug is marked where they look: under the variant,
    /// with the note and a link to its conformance row; a document without any shows none.
    @Test func theGalleryMarksKitBehaviourWithItsConformanceRow() throws {
        let out = try cli.temporaryDirectory()
        let result = try cli.run([
            "preview", "goldens/post-pending.json", "examples/chat.json", "examples/messagekit.json", "--assets", "examples", "--out",
            out.path, "--widths", "375",
            "--themes", "light",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        let notes = html.matches(
            of: /<li data-kit-behaviour="([a-z-]+)" data-items="[^"]*"><strong>Kit behaviour<\/strong> \(([^)]*)\): [^<]*<a href="([^"]*)">/
        )
        // The pending poll's "1 more options"; the chat's incoming photo c3, whose time the kit
        // cuts off, and its audio c7 at "0:00"; MessageKit's link preview, which opens from below itself.
        #expect(
            notes.map { String($0.1) } == [
                "bug-one-more-options", "bug-incoming-image-time", "bug-audio-at-rest", "bug-mk-link-preview-tap",
            ])
        #expect(notes.map { String($0.2) } == ["poll.poll", "c3", "c7", "lp"])
        // Each item a note names has an outline over the image, shown while the pointer is on the note.
        #expect(html.contains(#"<li data-kit-behaviour="bug-incoming-image-time" data-items="c3">"#))
        #expect(html.contains(#"<div class="outline" data-item="c3" style="left:0.0px;top:304.0px;width:375.0px;height:202.0px"></div>"#))
        #expect(html.contains(#"<li class="own" data-feedshot-own data-items="c5 typing">"#) && html.contains(#"data-item="typing""#))
        // The link reaches the row: its entry on the page beside the gallery, which names the
        // table's row by its anchor (as text: docs/snapshot-testing.md).
        let link = try #require(notes.first.map { String($0.3) })
        #expect(link == "kit-behaviours.html#bug-one-more-options")
        let behaviours = try String(contentsOf: out.appendingPathComponent("kit-behaviours.html"), encoding: .utf8)
        let entry = try #require(behaviours.firstMatch(of: /<article class="behaviour" id="bug-one-more-options">.*?<\/article>/))
        #expect(entry.0.contains("poll_more_options") && entry.0.contains("<code>docs/conformance/amity.md#bug-one-more-options</code>"))
        let page = try String(contentsOf: URL(fileURLWithPath: "docs/conformance/amity.md"), encoding: .utf8)
        #expect(page.contains(#"<a id="bug-one-more-options"></a>"#))
        let messageKit = try #require(html.range(of: #"<section data-name="messagekit""#))
        let messageKitNotes = html[messageKit.lowerBound...].matches(of: /data-kit-behaviour="([a-z-]+)"/).map { String($0.1) }
        #expect(messageKitNotes == ["bug-mk-link-preview-tap"], "MessageKit's example shows MessageKit's behaviour only")
    }

    @Test func aDirectionOverridesTheLocales() throws {
        let out = try cli.temporaryDirectory()
        let result = try cli.run([
            "preview", "examples/chat.json", "--assets", "examples", "--out", out.path, "--widths", "375", "--themes", "light",
            "--directions", "ltr,rtl",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains(#"data-direction="rtl""#) && html.contains("375 pt @2x · light · large · rtl"))
        let photos = html.matches(of: /<area shape="rect" coords="(\d+),\d+,\d+,\d+" title="imageViewer/).map { Int($0.1)! }
        #expect(photos.count == 2 && photos[0] < photos[1], "\(photos)")
    }

    @Test func badAxisValuesAreRefusedNamingTheOption() throws {
        let out = try cli.temporaryDirectory().path
        let device = try cli.run(["preview", "examples/chat.json", "--out", out, "--devices", "iPhone14"])
        #expect(
            device.status == 2 && device.stderr.contains(#"--devices: "iPhone14" is not a device; did you mean "iPhone15"?"#),
            "\(device.stderr)")
        #expect(device.stderr.contains("iPhoneSE, iPhone13Mini"))
        let both = try cli.run(["preview", "examples/chat.json", "--out", out, "--devices", "iPhoneSE", "--widths", "320"])
        #expect(both.status == 2 && both.stderr.contains("give --devices or --widths/--scales, not both"))
        let direction = try cli.run(["preview", "examples/chat.json", "--out", out, "--directions", "up"])
        #expect(direction.status == 2 && direction.stderr.contains(#"--directions: "up" is not a valid value (one of: ltr, rtl)"#))
        // A fixed set is listed, and the nearest named (the names were left to guess).
        let size = try cli.run(["preview", "examples/chat.json", "--out", out, "--text-sizes", "accessibilityExtraExtraExtraLarge"])
        #expect(size.status == 2 && size.stderr.contains("accessibilityXXLarge, accessibilityXXXLarge)"), "\(size.stderr)")
        let theme = try cli.run(["preview", "examples/chat.json", "--out", out, "--themes", "drak"])
        #expect(theme.stderr.contains(#"--themes: "drak" is not a valid value; did you mean "dark"? (one of: light, dark, document)"#))
        let locale = try cli.run(["preview", "examples/chat.json", "--out", out, "--locales", "en US"])
        #expect(
            locale.status == 2 && locale.stderr.contains(#"--locales: "en US" must be a locale identifier like "en_US""#),
            "\(locale.stderr)")
        let numbering = try cli.run(["preview", "examples/chat.json", "--out", out, "--locales", "ar-u-nu-zzzz"])
        #expect(numbering.status == 2 && numbering.stderr.contains(#"--locales: "ar-u-nu-zzzz" asks for the numbering system "zzzz""#))
        // A locale ICU does not know is drawn, and warned about as a document's is.
        let unknown = try cli.run(["preview", "examples/chat.json", "--out", out, "--locales", "english", "--widths", "375"])
        #expect(unknown.status == 0 && unknown.stderr.contains(#"--locales: "english" names no language ICU knows"#), "\(unknown.stderr)")
        // A number out of its range says the range.
        let scale = try cli.run(["preview", "examples/chat.json", "--out", out, "--scales", "4"])
        #expect(scale.status == 2 && scale.stderr.contains(#"--scales: "4" is not a valid value (1, 2 or 3)"#), "\(scale.stderr)")
        let width = try cli.run(["preview", "examples/chat.json", "--out", out, "--widths", "0"])
        #expect(
            width.stderr.contains(#"--widths: "0" is not a valid value (a width in points, over 0 and at most 4096)"#), "\(width.stderr)")
    }

    /// What the layouts made do with (a missing image) is said on standard error and on the page,
    /// once for all the variants, as `render` says it.
    @Test func previewReportsTheLayoutsWarningsOnce() throws {
        let out = try cli.temporaryDirectory()
        let result = try cli.run([
            "preview", "goldens/broken-images.json", "--assets", "examples", "--out", out.path, "--widths", "320,375",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let line =
            #"broken-images: warning: messages[0].image.src: no file at "assets/missing.png" under the asset root; drew a placeholder"#
        #expect(result.stderr.components(separatedBy: "\n").filter { $0 == line }.count == 1, "\(result.stderr)")
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "assets/missing.png").count - 1 == 1, "the page lists the warning once")
        #expect(page.contains(#"<ul class="warnings"><li>warning: messages[0].image.src: no file at &quot;assets/missing.png&quot;"#))
        // A contact sheet alone says them too; with a page as well, once.
        let sheet = out.appendingPathComponent("sheet.pdf").path
        let alone = try cli.run(["preview", "goldens/broken-images.json", "--assets", "examples", "--pdf", sheet, "--widths", "320,375"])
        #expect(alone.stderr.components(separatedBy: "\n").filter { $0 == line }.count == 1, "\(alone.stderr)")
        let both = try cli.run([
            "preview", "goldens/broken-images.json", "--assets", "examples", "--out", out.path, "--pdf", sheet, "--widths", "320",
        ])
        #expect(both.stderr.components(separatedBy: "\n").filter { $0 == line }.count == 1, "\(both.stderr)")
    }
}
