import FeedshotLayout
import Foundation
import Testing

@testable import FeedshotRender

/// The decoded-image cache, decoder damage, header-only sizes and the pixel budgets.
struct ImageSafetyTests {
    /// Two 44-byte GIFs, 2 × 2, one red and one blue, each followed (after the GIF trailer, where
    /// decoders stop) by 8 bytes found with a parallel collision search (van Oorschot–Wiener
    /// distinguished points over FNV-1a-64 continued from each GIF's state), so that both have
    /// the same FNV-1a-64 hash and length: the key of the old decoded-image cache.
    static let red = hex("47494638396102000200800000ff00000000002c0000000002000200000203048002003b8611773836a4ce68")
    static let blue = hex("474946383961020002008000000000ff0000002c0000000002000200000203048002003b88bf8fe4760981cc")

    static func hex(_ text: String) -> Data {
        var bytes = [UInt8]()
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return Data(bytes)
    }

    /// The old cache key: FNV-1a-64 of the bytes, and their length.
    static func oldKey(_ data: Data) -> (UInt64, Int) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return (hash, data.count)
    }

    /// A one-message chat whose sender's avatar is `avatar`, as a `data:` URI.
    func document(avatar: Data, type: String = "gif") -> Data {
        Data(
            #"""
            {"kind": "chat", "me": "u1", "now": "2026-11-29T12:00:00Z",
             "users": {"u2": {"displayName": "Ann", "avatar": "data:image/\#(type);base64,\#(avatar.base64EncodedString())"}},
             "messages": [{"id": "m", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Hi"}]}
            """#.utf8)
    }

    @Test func twoImagesWithTheSameOldCacheKeyDrawDifferently() throws {
        #expect(Self.red != Self.blue)
        #expect(Self.oldKey(Self.red) == Self.oldKey(Self.blue), "the fixture is no longer a collision of the old key")
        var cached = RenderOptions()
        cached.usesCaches = true
        var plain = cached
        plain.usesCaches = false
        // Red first, so a cache keyed by the old key would hand its pixels to blue.
        let red = try Feedshot.render(json: document(avatar: Self.red), options: cached)
        let blue = try Feedshot.render(json: document(avatar: Self.blue), options: cached)
        #expect(blue != red)
        #expect(blue == (try Feedshot.render(json: document(avatar: Self.blue), options: plain)))
        #expect(ImageStore.ContentKey(Self.red) != ImageStore.ContentKey(Self.blue))
    }

    @Test func aTruncatedJPEGAndABadPNGCRCAreDrawnWithAWarning() throws {
        let jpeg = try Data(contentsOf: packageRoot.appendingPathComponent("examples/assets/ann.jpg"))
        let truncated = jpeg.prefix(jpeg.count * 2 / 3)
        var png = [UInt8](try Data(contentsOf: packageRoot.appendingPathComponent("examples/assets/bob.png")))
        // The IDAT chunk's CRC: the 4 bytes after its data.
        let idat = try #require(png.indices.first { png[$0..<($0 + 4)] == ArraySlice("IDAT".utf8) })
        let length = Int(png[idat - 4]) << 24 | Int(png[idat - 3]) << 16 | Int(png[idat - 2]) << 8 | Int(png[idat - 1])
        png[idat + 4 + length] ^= 0xFF
        for (data, type, expected) in [(Data(truncated), "jpeg", "damaged JPEG"), (Data(png), "png", "damaged PNG")] {
            let json = document(avatar: data, type: type)
            let (_, layout) = try Feedshot.renderWithLayout(Feedshot.decode(json))
            #expect(layout.warnings.count == 1 && layout.warnings[0].contains(expected), "\(type): \(layout.warnings)")
            // Named by the row that draws it, as a failed image is by its field.
            #expect(layout.warnings.first?.hasPrefix("m's avatar: image \"data:image/\(type);base64,…\": ") == true, "\(layout.warnings)")
            // Drawn again from the thread's cache of decoded images, it is reported again (the
            // damage was the first decode's alone, so a server's worker reported it once).
            let (_, again) = try Feedshot.renderWithLayout(Feedshot.decode(json))
            #expect(again.warnings == layout.warnings, "\(type), from the cache: \(again.warnings)")
            let avatar = layout.items.first { $0.id == "m" }?.elements.first { $0.role == .avatar }?.content
            guard case .image = avatar else {
                Issue.record("\(type): the damaged image was not drawn (\(String(describing: avatar)))")
                continue
            }
        }
    }

    /// Two damaged `data:` URIs, shortened alike, are told apart by the rows that draw them; an
    /// image many rows draw names three and counts the rest.
    @Test func damagedImagesAreNamedByTheRowsThatDrawThem() throws {
        let jpeg = try Data(contentsOf: packageRoot.appendingPathComponent("examples/assets/ann.jpg"))
        let (a, b) = (jpeg.prefix(2500).base64EncodedString(), jpeg.prefix(3000).base64EncodedString())
        let messages = (1...6).map {
            #"{"id": "m\#($0)", "from": "u\#($0 == 1 ? 2 : 3)", "type": "text", "sentAt": "2026-11-29T11:0\#($0):00Z", "text": "Hi"}"#
        }
        let json = Data(
            #"""
            {"kind": "chat", "me": "u1", "users": {"u2": {"avatar": "data:image/jpeg;base64,\#(a)"},
             "u3": {"avatar": "data:image/jpeg;base64,\#(b)"}}, "messages": [\#(messages.joined(separator: ","))]}
            """#.utf8)
        let (_, layout) = try Feedshot.renderWithLayout(Feedshot.decode(json))
        let tail = #"image "data:image/jpeg;base64,…": damaged JPEG: Premature end of JPEG file; drew what decoded"#
        #expect(
            layout.warnings == ["m1's avatar: " + tail, "m2's avatar, m3's avatar, m4's avatar and 2 more: " + tail], "\(layout.warnings)")
    }

    /// A `data:` URI's scheme and `;base64` in any case, as URI schemes are, and its payload in
    /// the URL-safe base64 alphabet too: `DATA:` was read as a file path (and refused as a string
    /// over 1,000 characters), and "-" and "_" were skipped, corrupting the pixels under a readable header.
    @Test func dataURIsAreReadWhateverTheirSchemesCaseOrBase64Alphabet() throws {
        let png = try Data(contentsOf: packageRoot.appendingPathComponent("examples/assets/bob.png"))
        let standard = png.base64EncodedString()
        let urlSafe = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        #expect(urlSafe != standard && standard.hasSuffix("=="))
        let source = ImageSource()
        for ref in [
            "data:image/png;base64,\(standard)", "DATA:image/png;base64,\(standard)", "Data:image/PNG;BASE64,\(standard)",
            "data:image/png;base64,\(urlSafe)",
            // Unpadded, as base64url often is (bob.png's base64 ends in "==").
            "data:image/png;base64,\(urlSafe.replacingOccurrences(of: "=", with: ""))",
        ] {
            #expect(try source.bytes(for: ref) == png, "\(ref.prefix(30))")
        }
        #expect(DataURI.hasScheme("dAtA:") && !DataURI.hasScheme("data") && !DataURI.hasScheme("date:"))
        // A long one in a document is an image, not a name over the string limit.
        let json = Data(
            String(decoding: document(avatar: png, type: "png"), as: UTF8.self).replacingOccurrences(of: "data:image", with: "DATA:image")
                .utf8)
        let (_, layout) = try Feedshot.renderWithLayout(Feedshot.decode(json))
        #expect(layout.warnings.isEmpty, "\(layout.warnings)")
    }

    @Test func layoutTreesReadImageSizesFromHeadersOnly() throws {
        // A header declaring 4000 × 4000 and no pixel data: a layout tree sizes it (no decoding),
        // a render finds it corrupt and draws the placeholder.
        let header = ImageTests.pngHeader(width: 4000, height: 4000)
        let json = chatJSON(
            [
                #"{"id": "m", "from": "u2", "type": "photo", "sentAt": "2026-11-29T11:00:00Z", "image": {"src": "data:image/png;base64,\#(header.base64EncodedString())"}}"#
            ],
            extra: #", "style": "messagekit""#)
        let layout = try Feedshot.layout(Feedshot.decode(json))
        #expect(layout.warnings.isEmpty)
        let (_, rendered) = try Feedshot.renderWithLayout(Feedshot.decode(json))
        #expect(rendered.warnings.count == 1 && rendered.warnings[0].contains("corrupt PNG"), "\(rendered.warnings)")
    }

    @Test func aDocumentsImagesShareOnePixelBudget() throws {
        let a = ImageTests.pngHeader(width: 1000, height: 1000), b = ImageTests.pngHeader(width: 1000, height: 1001)
        let json = chatJSON(
            [
                #"{"id": "m", "from": "u2", "type": "image", "sentAt": "2026-11-29T11:00:00Z", "image": {"src": "data:image/png;base64,\#(a.base64EncodedString())"}}"#,
                #"{"id": "n", "from": "u2", "type": "image", "sentAt": "2026-11-29T11:00:00Z", "image": {"src": "data:image/png;base64,\#(b.base64EncodedString())"}}"#,
            ])
        var options = RenderOptions()
        options.maxDocumentImagePixels = 1_500_000
        let layout = try Feedshot.layout(Feedshot.decode(json, options: options), options: options)
        #expect(layout.warnings.count == 1)
        #expect(
            layout.warnings.first?.contains(
                "the document's images would decode to more than 1500000 pixels (raise it with --max-document-image-pixels)")
                == true, "\(layout.warnings)")
    }

    @Test func theDecodeBudgetRefusesWhatCanNeverFitAndTimesOutWaiting() throws {
        let budget = DecodeBudget(capacity: 1_000)
        #expect(budget.reserve(2_000) { true } == nil)
        let held = try #require(budget.reserve(800) { true })
        #expect(budget.bytesInUse == 800)
        var asked = 0
        #expect(
            budget.reserve(300) {
                asked += 1; return asked < 3
            } == nil)
        #expect(asked == 3)
        held.release()
        #expect(budget.bytesInUse == 0)
        #expect(budget.reserve(300) { false } != nil)
        // Through a render: an image larger than the whole budget is a placeholder.
        var options = RenderOptions()
        options.decodeBudget = DecodeBudget(capacity: 1 << 20)
        let json = document(avatar: ImageTests.pngHeader(width: 1000, height: 1000), type: "png")
        let (_, layout) = try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options)
        #expect(
            layout.warnings.first?.contains("more than the server's decode budget of 1048576 bytes holds") == true, "\(layout.warnings)")
        #expect(options.decodeBudget?.bytesInUse == 0)
    }

    @Test func aWideImageIsRefusedForItsSideNotItsArea() throws {
        #expect(throws: ImageLoadError.self) { try ImageDecoder.checkSize(width: 32_768, height: 1, maxPixels: 40_000_000) }
        do {
            try ImageDecoder.checkSize(width: 32_768, height: 1, maxPixels: 40_000_000)
        } catch {
            #expect(error.description == "image is 32768 × 1 pixels; each side can be at most 32767")
        }
    }

    /// Several references to the same bytes share one decode within a render, with or without the
    /// thread's cache (which keeps nothing over 32 megapixels: twenty spellings of one 6000 × 6000
    /// PNG decoded it twenty times, 3 GB), and a server reserves its decode budget once for them.
    @Test func referencesToTheSameBytesShareOneDecode() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-aliases-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = try Data(contentsOf: packageRoot.appendingPathComponent("examples/assets/bob.png"))
        try png.write(to: dir.appendingPathComponent("a.png"))
        try png.write(to: dir.appendingPathComponent("sub/copy.png"))
        let references: Set = ["a.png", "./a.png", "sub/../a.png", "sub/copy.png", "data:image/png;base64,\(png.base64EncodedString())"]
        let header = try ImageDecoder.probe(png, maxPixels: .max)
        let budget = DecodeBudget(capacity: 1 << 30)
        let store = ImageStore()
        var limits = ImageStore.Limits()
        limits.budget = budget
        try store.load(references, source: ImageSource(assetRoot: dir), useCache: false, limits: limits)
        let surfaces = references.compactMap { store.surfaces[$0] }
        #expect(surfaces.count == references.count, "\(store.catalog.entries)")
        #expect(Set(surfaces.map(ObjectIdentifier.init)).count == 1)
        #expect(budget.bytesInUse == header.pixels * 4)
    }
}

/// Long texts are cut into Pango items so laying them out is linear in their length.
struct LongTextTests {
    @Test func longTextsAreCutBetweenCharactersEveryFewHundredBytes() {
        #expect(PangoThreadContext.itemBoundaries(in: String(repeating: "a", count: 2_048)).isEmpty)
        let zalgo = String(repeating: "a\u{301}\u{302}\u{303}", count: 3_000)
        let cuts = PangoThreadContext.itemBoundaries(in: zalgo)
        var previous = 0
        for cut in cuts {
            #expect(cut - previous <= 320 + 8 && cut > previous)
            // Never inside a grapheme cluster: every cut is after a whole "á̂̃" (7 bytes).
            #expect(cut % 7 == 0)
            previous = cut
        }
        #expect(previous == zalgo.utf8.count)
        let words = String(repeating: "lorem ipsum ", count: 500)
        for cut in PangoThreadContext.itemBoundaries(in: words).dropLast() {
            #expect(Array(words.utf8)[cut - 1] == UInt8(ascii: " "), "cut at \(cut) is not after a space")
        }
    }

    @Test func anUnbreakableRunOfAHundredThousandCharactersWrapsIntoFullLines() {
        let text = StyledText(String(repeating: "a", count: 100_000), font: AmityFont.body.spec)
        let metrics = PangoTextMeasurer(cached: false).measure(text, width: 211)
        #expect(metrics.lines.count > 1_000)
        let full = metrics.lines.dropLast().map(\.text.count)
        #expect(Set(full).count == 1, "lines of \(Set(full)) characters")
        #expect(metrics.lines.map(\.text.count).reduce(0, +) == 100_000)
        #expect(metrics.width <= 211)
    }
}
