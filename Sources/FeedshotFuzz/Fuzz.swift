// The libFuzzer target: bytes → document decoding → layout → render.
//
// Built with `scripts/fuzz` (-sanitize=fuzzer,address -DFUZZING) it is a libFuzzer binary. Built
// normally, it replays files (a corpus, saved crashers) through the same function, which is how the
// regression tests run the crashers in fuzz/crashers/.
import FeedshotRender
import Foundation

/// One input through the whole pipeline: as a document, and as the text of an Amity chat, a
/// MessageKit chat and a feed post spelled from `TextAlphabet` (bidi controls, combining-mark
/// runs, mixed scripts).
/// Each runs on a thread made as the server's render workers are (8 MiB stack), not the main
/// thread, whose larger stack once hid a crash. Errors are expected; a crash, a hang, a
/// sanitizer report or a broken invariant (`RenderError.invariant`) is a finding.
func renderOne(_ data: Data) {
    onWorkerThread {
        render(data)
        // An image's own bytes (a seed such as fuzz/seeds/offset-frame.gif, or what the fuzzer makes
        // of one) reach the decoders whole, as a document's avatar and a photo: mutated inside a
        // document's base64, few would.
        if let document = ImageDocument.document(showing: data) { render(document) }
        // Small inputs only: a replayed golden (a PNG) spelled as text would add nothing but time.
        if data.count <= 4_096 { TextAlphabet.documents(spelledBy: data).forEach(render) }
    }
}

/// Decodes, lays out and renders `data` with the fuzzer's limits: as a PNG, or — for inputs of
/// an odd length — with the other encoders that code strips on several threads: a lossless WebP
/// (Feedshot's own encoder; length 1 mod 4) or a JPEG (libjpeg-turbo's strips joined by restart
/// markers; 3 mod 4), on two threads.
func render(_ data: Data) {
    var options = RenderOptions()
    if data.count % 2 == 1 {
        options.format = data.count % 4 == 1 ? .webp : .jpeg
        options.encodingThreads = 2
    }
    options.maxPixelArea = 4_000_000
    options.limits.maxItems = 500
    options.limits.maxTextLength = 20_000
    options.deadline = ContinuousClock.now + .seconds(5)
    guard let document = try? Feedshot.decode(data, options: options) else { return }
    do {
        _ = try Feedshot.render(document, options: options)
    } catch {
        // Input errors are expected; the painter disagreeing with the layout tree is a finding.
        if case .invariant(let message) = error { fatalError("invariant broken: \(message)") }
    }
}

/// Runs `body` on a new thread with the render workers' stack size and joins it, so everything the
/// thread held (the input, captured by `body`) is released before the next input: a `Thread`
/// signalling a semaphore could still be letting go of it when LeakSanitizer looked, which
/// reported the input as leaked.
func onWorkerThread(_ body: @escaping @Sendable () -> Void) {
    final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, 8 << 20)
    var thread = pthread_t()
    let work = Unmanaged.passRetained(Work(body)).toOpaque()
    let status = pthread_create(
        &thread, &attributes,
        { raw in
            Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, work)
    precondition(status == 0, "pthread_create failed: \(status)")
    pthread_join(thread, nil)
}

/// A document showing raw image bytes.
enum ImageDocument {
    /// The signatures of the formats decoded, and their media types.
    static let signatures: [([UInt8], String)] = [
        (Array("GIF8".utf8), "gif"), ([0x89, 0x50, 0x4E, 0x47], "png"), ([0xFF, 0xD8, 0xFF], "jpeg"), (Array("RIFF".utf8), "webp"),
    ]

    /// A MessageKit chat whose sender's avatar is `data`, as a `data:` URI, and whose message
    /// is a photo of it in a bubble masked by it (`customImageTail`), when `data` starts as an
    /// image does and is at most 64 KiB; nil otherwise.
    static func document(showing data: Data) -> Data? {
        // As long as the fuzzer makes them (-max_len): the goldens' PNGs, replayed, would add time, not cases.
        guard data.count <= 65_536, let type = signatures.first(where: { data.starts(with: $0.0) })?.1 else { return nil }
        let uri = "data:image/\(type);base64,\(data.base64EncodedString())"
        let document: [String: Any] = [
            "kind": "chat", "style": "messagekit", "width": 320, "me": "u1", "now": "2026-11-29T12:00:00Z",
            "users": ["u1": ["displayName": "Me"], "u2": ["displayName": "Ann", "avatar": uri]],
            "messageKit": ["bubble": ["style": "customImageTail", "image": ["src": uri, "scale": 2]]],
            "messages": [
                [
                    "id": "m1", "from": "u2", "type": "photo", "sentAt": "2026-11-29T11:00:00Z",
                    "image": ["src": uri, "width": 120, "height": 90],
                ]
            ],
        ]
        return try? JSONSerialization.data(withJSONObject: document)
    }
}

/// Text spelled from fuzz bytes, one character per byte, from the characters that reach the
/// shaping and bidi code in unusual ways.
enum TextAlphabet {
    static let characters: [String] = [
        // UAX #9's explicit controls, marks and separators.
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}", "\u{2029}", "\u{1C}", "\u{85}", "\n",
        // Combining marks, joiners and selectors.
        "\u{0301}", "\u{0308}", "\u{0336}", "\u{0489}", "\u{064B}", "\u{05B7}", "\u{200D}", "\u{200C}", "\u{FE0F}", "\u{20E3}",
        // Scripts: Latin, Arabic, Hebrew, digits (European and Arabic-Indic), CJK, Thai, Devanagari, emoji.
        "a", "W", "ب", "ل", "א", "1", "٣", "中", "한", "ไ", "क", "्", "👍", "🏽", "🇫", "🇷",
        // Neutrals and brackets.
        " ", ".", ",", "(", ")", "[", "]", "-", "/", "@", "#", "http://a.b/c",
    ]

    /// The canvas widths spelled documents are drawn at, by the input's first byte: a phone's, a
    /// fractional one, and one too narrow for some cells' avatars, insets and labels (where
    /// texts get no width and are not drawn).
    static let widths: [Double] = [320, 250.5, 120]

    /// Three documents carrying the text `data` spells (its first 512 bytes): an Amity chat
    /// whose incoming message is the text, whose sender's name is its first 40 characters and
    /// whose outgoing message is its reverse; the same chat in MessageKit's style, with every
    /// detector on; and a feed post of the text (Amity's "Read more" collapse, mentions' and
    /// links' spans) with the reverse as a preview comment. All at one of `widths`.
    static func documents(spelledBy data: Data) -> [Data] {
        var text = ""
        for byte in data.prefix(512) { text += characters[Int(byte) % characters.count] }
        let name = text.prefix(40).description, reversed = String(text.reversed())
        let width = widths[Int(data.first ?? 0) * widths.count / 256]
        let header: [String: Any] = ["width": width, "now": "2026-11-29T12:00:00Z"]
        let chat: [String: Any] = [
            "kind": "chat", "me": "u1",
            "users": ["u1": ["displayName": "Me"], "u2": ["displayName": name]],
            "messages": [
                ["id": "m1", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": text],
                ["id": "m2", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:01:00Z", "text": reversed],
            ],
        ]
        let detectors = ["url", "address", "phoneNumber", "date", "transitInformation", "mention", "hashtag"]
        var messageKit = chat
        messageKit["style"] = "messagekit"
        messageKit["messageKit"] = ["detectors": ["enabled": detectors]]
        let author: [String: Any] = ["id": "u2", "displayName": name]
        let feed: [String: Any] = [
            "kind": "feed", "viewer": "u1",
            "posts": [
                [
                    "id": "p1", "dataType": "text", "origin": "userFeed", "author": author,
                    "createdAt": "2026-11-29T10:00:00Z", "text": text, "likes": 3, "comments": 1,
                    "mentions": [["userId": "u2", "index": 0, "length": min(3, text.utf16.count)]],
                    "previewComments": [["author": author, "text": reversed, "createdAt": "2026-11-29T11:40:00Z"]],
                ]
            ],
        ]
        return [chat, messageKit, feed].map { document in
            (try? JSONSerialization.data(withJSONObject: document.merging(header) { own, _ in own })) ?? Data()
        }
    }
}

#if FUZZING
    /// libFuzzer's entry point: decodes, lays out and renders `count` bytes as a document.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
        renderOne(Data(bytes: bytes, count: count))
        return 0
    }

    /// libFuzzer's driver, from the toolchain's libclang_rt.fuzzer.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt

    /// SwiftPM links an executable's entry point under this name; hand control to libFuzzer.
    @_cdecl("FeedshotFuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        var count = argc
        var arguments = argv
        return runDriver(&count, &arguments) { bytes, size in fuzzerTestOneInput(bytes, size) }
    }
#else
    /// Without libFuzzer: replays files and folders of inputs through `renderOne`.
    @main
    struct Replay {
        static func main() {
            var count = 0
            for path in CommandLine.arguments.dropFirst() {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                    FileHandle.standardError.write(Data("FeedshotFuzz: no file at \(path)\n".utf8))
                    exit(2)
                }
                let files =
                    isDirectory.boolValue
                    ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map {
                        (path as NSString).appendingPathComponent($0)
                    }
                    : [path]
                for file in files {
                    guard let data = FileManager.default.contents(atPath: file) else { continue }
                    renderOne(data)
                    count += 1
                }
            }
            print("replayed \(count) inputs without a crash")
        }
    }
#endif
