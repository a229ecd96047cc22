import FeedshotLayout
import FeedshotRender
import Foundation

/// `feedshot bench`: medians and p99s of the operations the README's Performance section sets targets for.
enum BenchCommand {
    static let help = """
        USAGE: feedshot bench [--seconds S] [--json] [--inputs DIR]
               feedshot bench --only bubble|chat [--threads N] [--seconds S] [--json]
               feedshot bench --memory N

        Measures, on one rendering thread (a PNG taller than one strip is compressed on up to as
        many threads as there are cores, at most 4; the chat is also measured with one): one text
        height (layout only) over typical messages, measured afresh by Pango, for messages never
        measured before made of words seen before (word widths), and from the per-thread cache; the
        height of one unbreakable 100,000-character message; one chat bubble, JSON document → PNG
        bytes, at 375 pt @2x, the same document each time and with a new message text each time; a
        50-message chat and a 20-post feed → PNG; and the split of the bubble and the chat renders
        into parse / layout / draw / encode, with Cairo's own PNG writer on the bubble's surface for
        comparison; and for the bubble and the chat, drawing and encoding time and size in every
        output format (PNG, lossless and lossy WebP, JPEG, SVG, PDF) through the same pipeline.
        Inputs are bench/*.json. Build with -c release to measure.

        OPTIONS:
          --seconds S            time spent on each measurement (default 2)
          --json                 print a JSON object instead of a table
          --inputs DIR           folder with bubble.json, chat-50.json, feed-20.json, texts.json (default: bench)
          --only bubble|chat     only that document → PNG and its split (bench/compare.py runs this)
          --threads N            with --only: threads that may compress the PNG (default: the cores, at most 4)
          --memory N             render the bubble N times, new text each time, printing resident memory every N/10
          -h, --help             show this help
        """

    struct Stat: Encodable {
        var median: Double
        var p99: Double
        var perSecond: Double
        var samples: Int
    }

    static func run(_ words: [String]) throws(CLIError) {
        let arguments = try Arguments(
            words, valueOptions: ["--seconds", "--inputs", "--memory", "--only", "--threads"], flagOptions: ["--json", "-h", "--help"])
        if arguments.has("-h") || arguments.has("--help") {
            print(help)
            return
        }
        if arguments.value("--only") == nil, arguments.value("--threads") != nil {
            throw .usage("--threads goes with --only: the full bench measures the chat with one thread and with the cores")
        }
        let seconds = try arguments.number("--seconds", default: 2, in: 0.05...600)
        let inputs = arguments.value("--inputs") ?? "bench"
        guard FileManager.default.fileExists(atPath: inputs + "/bubble.json") || arguments.value("--inputs") != nil else {
            throw .usage(
                "bench/bubble.json: no such file — run from the Feedshot repository, or point --inputs at a folder holding "
                    + "bubble.json, chat-50.json, feed-20.json and texts.json")
        }
        let bubble = try SharedOptions.read(inputs + "/bubble.json")
        let chat = try SharedOptions.read(inputs + "/chat-50.json")
        let feed = try SharedOptions.read(inputs + "/feed-20.json")
        guard let texts = try? JSONDecoder().decode([String].self, from: try SharedOptions.read(inputs + "/texts.json")) else {
            throw .input("\(inputs)/texts.json: must be a JSON array of strings")
        }
        #if DEBUG
            FileHandle.standardError.write(
                Data("feedshot bench: this is a debug build; build with `swift build -c release` for real figures\n".utf8))
        #endif
        if let renders = arguments.value("--memory") {
            guard let count = Int(renders), count >= 10 else { throw .usage("--memory takes a whole number of renders, at least 10") }
            try memory(renders: count, bubble: bubble, texts: texts)
            return
        }
        if let only = arguments.value("--only") {
            var options = RenderOptions()
            options.encodingThreads = try arguments.integer("--threads", default: options.encodingThreads, in: 1...64)
            try asCLIErrors {
                try runOnly(only, bubble: bubble, chat: chat, options: options, seconds: seconds, json: arguments.has("--json"))
            }
            return
        }
        try asCLIErrors {
            var index = 0
            let height = sample(seconds: seconds) {
                _ = TextBlock.measure(
                    StyledText(texts[index % texts.count], font: AmityFont.body.spec), width: 211, maxLines: 8,
                    measurer: PangoTextMeasurer(cached: false, cascade: .standard))
                index += 1
            }
            // Messages never measured before, made of words seen before (the typical case for a
            // chat): measured from the thread's word widths where Pango's lines allow it.
            let sentences = newSentences(from: texts, count: min(100_000, Int(seconds * 50_000) + 1_000))
            let newHeight = sample(seconds: seconds) {
                _ = TextBlock.measure(
                    StyledText(sentences[index % sentences.count], font: AmityFont.body.spec), width: 211, maxLines: 8,
                    measurer: PangoTextMeasurer(cascade: .standard))
                index += 1
            }
            let cachedMeasurer = PangoTextMeasurer(cascade: .standard)
            let cachedHeight = sample(seconds: seconds) {
                _ = TextBlock.measure(
                    StyledText(texts[index % texts.count], font: AmityFont.body.spec), width: 211, maxLines: 8, measurer: cachedMeasurer)
                index += 1
            }
            // One unbreakable 100,000-character message (a pasted legal text or a hostile one),
            // measured afresh: Pango shapes the rest of an item again for each line, so long
            // texts are cut into items (PangoThreadContext.itemBoundaries) to stay linear.
            let unbreakable = StyledText(String(repeating: "x", count: 100_000), font: AmityFont.body.spec)
            let longText = sample(seconds: seconds, minimum: 5, warmUp: 1) {
                _ = TextBlock.measure(unbreakable, width: 211, maxLines: 8, measurer: PangoTextMeasurer(cached: false, cascade: .standard))
            }
            let bubbleStat = try sampleThrowing(seconds: seconds) { _ = try Feedshot.render(json: bubble) }
            // The same bubble with a message never seen before each time: its text is measured and
            // shaped afresh (the name and time still come from the caches, as in a real chat).
            let fresh = try bubbles(bubble, texts: texts, count: Int(seconds * 5_000) + 20)
            let freshStat = try sampleThrowing(seconds: seconds) {
                _ = try Feedshot.render(json: fresh[index % fresh.count])
                index += 1
            }
            let chatStat = try sampleThrowing(seconds: seconds) { _ = try Feedshot.render(json: chat) }
            var oneThread = RenderOptions()
            oneThread.encodingThreads = 1
            let chatOneThreadStat = try sampleThrowing(seconds: seconds) { _ = try Feedshot.render(json: chat, options: oneThread) }
            let feedStat = try sampleThrowing(seconds: seconds) { _ = try Feedshot.render(json: feed) }
            var stages: [RenderStages] = []
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline || stages.count < 5 { stages.append(try RenderStages.measure(json: bubble)) }
            var chatStages: [RenderStages] = []
            let chatDeadline = Date().addingTimeInterval(seconds)
            while Date() < chatDeadline || chatStages.count < 5 {
                chatStages.append(try RenderStages.measure(json: chat, comparingWithCairo: false))
            }
            let formats = try [("bubble", bubble), ("chat-50", chat)].flatMap { name, json in
                try FormatRow.variants.map { variant in try FormatRow.measure(document: name, json: json, variant, seconds: seconds / 2) }
            }
            report(
                height: height, newHeight: newHeight, cachedHeight: cachedHeight, longText: longText, bubble: bubbleStat,
                freshBubble: freshStat, chat: chatStat, chatOneThread: chatOneThreadStat, feed: feedStat, stages: stages,
                chatStages: chatStages, formats: formats, json: arguments.has("--json"))
        }
    }

    /// Runs `body`, its errors as the command line's.
    static func asCLIErrors(_ body: () throws -> Void) throws(CLIError) {
        do {
            try body()
        } catch let error as RenderError {
            throw CLIError(error, file: nil)
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("\(error)")
        }
    }

    /// `count` texts of the same lengths as `texts`, each of words drawn at random (seeded) from
    /// the texts of the same script as the one whose length it takes (Latin words with Latin,
    /// Arabic with Arabic…): messages not seen before, in the same vocabulary.
    static func newSentences(from texts: [String], count: Int) -> [String] {
        guard !texts.isEmpty else { return [] }
        func script(_ text: String) -> UInt32 {
            text.unicodeScalars.first { $0.properties.isAlphabetic && $0.value > 0x24F }.map { $0.value >> 8 } ?? 0
        }
        var pools: [UInt32: [Substring]] = [:]
        for text in texts { pools[script(text), default: []] += text.split(separator: " ") }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { _ in
            let source = texts[next(texts.count)]
            let words = pools[script(source)] ?? [Substring(source)]
            return (0..<max(1, source.split(separator: " ").count)).map { _ in String(words[next(words.count)]) }.joined(separator: " ")
        }
    }

    /// `count` copies of the bubble document, each with a different message text.
    static func bubbles(_ bubble: Data, texts: [String], count: Int, first: Int = 0) throws(CLIError) -> [Data] {
        guard var document = (try? JSONSerialization.jsonObject(with: bubble)) as? [String: Any],
            var message = document["message"] as? [String: Any]
        else { throw .input("bubble.json: must be a message document with a \"message\" object") }
        var documents: [Data] = []
        for index in first..<(first + count) {
            message["text"] = "\(texts[index % texts.count]) (\(index))"
            document["message"] = message
            guard let data = try? JSONSerialization.data(withJSONObject: document) else {
                throw .failure("could not write a bench document")
            }
            documents.append(data)
        }
        return documents
    }

    static func stat(_ samples: [Double]) -> Stat {
        let sorted = samples.sorted()
        let median = sorted[sorted.count / 2]
        let p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.down)))]
        return Stat(median: median, p99: p99, perSecond: 1 / median, samples: sorted.count)
    }

    /// Runs `body` after a short warm-up until `seconds` have passed (at least `minimum` times).
    static func sample(seconds: Double, minimum: Int = 20, warmUp: Int = 10, _ body: () -> Void) -> Stat {
        for _ in 0..<warmUp { body() }
        var samples: [Double] = []
        let clock = ContinuousClock()
        let end = clock.now + .milliseconds(Int(seconds * 1000))
        while clock.now < end || samples.count < minimum {
            let start = clock.now
            body()
            samples.append((clock.now - start).seconds)
        }
        return stat(samples)
    }

    static func sampleThrowing(seconds: Double, _ body: () throws -> Void) throws -> Stat {
        var failure: Error?
        let result = sample(seconds: seconds) {
            do { try body() } catch { failure = error }
        }
        if let failure { throw failure }
        return result
    }

    /// Resident set size in MiB, from /proc/self/statm.
    static func residentMiB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = Double(text.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0)
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// Renders the bubble `renders` times, with a new message text each time (so the per-thread
    /// caches fill to their bounds), printing resident memory every tenth of the way.
    static func memory(renders: Int, bubble: Data, texts: [String]) throws(CLIError) {
        let step = renders / 10
        var first: Double?
        let started = Date()
        var batch: [Data] = []
        for index in 1...renders {
            if batch.isEmpty { batch = try bubbles(bubble, texts: texts, count: min(1_000, renders - index + 1), first: index).reversed() }
            let document = batch.removeLast()
            do { _ = try Feedshot.render(json: document) } catch { throw CLIError(error, file: nil) }
            if index % step == 0 {
                let rss = residentMiB()
                if first == nil { first = rss }
                print(
                    String(
                        format: "%8d renders  RSS %.1f MiB  (%+.1f %% since the first tenth)  %.0f s", index, rss, (rss / first! - 1) * 100,
                        Date().timeIntervalSince(started)))
            }
        }
    }

    static func report(
        height: Stat, newHeight: Stat, cachedHeight: Stat, longText: Stat, bubble: Stat, freshBubble: Stat, chat: Stat, chatOneThread: Stat,
        feed: Stat,
        stages: [RenderStages], chatStages: [RenderStages], formats: [FormatRow], json: Bool
    ) {
        func median(_ key: KeyPath<RenderStages, Double>, of stages: [RenderStages]) -> Double {
            stat(stages.map { $0[keyPath: key] }).median
        }
        func split(_ stages: [RenderStages]) -> [String: Double] {
            [
                "parse": median(\.parse, of: stages), "layout": median(\.layout, of: stages), "draw": median(\.draw, of: stages),
                "encode": median(\.encode, of: stages),
            ]
        }
        let chatSplit = split(chatStages)
        let split = split(stages)
        let cairo = median(\.cairoEncode, of: stages)
        let sizes = (stages.last?.bytes ?? 0, stages.last?.cairoPNGBytes ?? 0)
        let machine = machineDescription
        if json {
            struct Report: Encodable {
                var machine: String
                var textHeight: Stat
                var textHeightNewText: Stat
                var textHeightCached: Stat
                var unbreakable100kTextHeight: Stat
                var bubbleToPNG: Stat
                var bubbleWithNewTextToPNG: Stat
                var chat50ToPNG: Stat
                var chat50ToPNGOneThread: Stat
                var feed20ToPNG: Stat
                var bubbleSplitMedianSeconds: [String: Double]
                var chat50SplitMedianSeconds: [String: Double]
                var cairoPNGWriterMedianSeconds: Double
                var encodeSpeedupOverCairo: Double
                var pngBytes: Int
                var cairoPNGBytes: Int
                var formats: [FormatRow]
            }
            let report = Report(
                machine: machine, textHeight: height, textHeightNewText: newHeight, textHeightCached: cachedHeight,
                unbreakable100kTextHeight: longText, bubbleToPNG: bubble,
                bubbleWithNewTextToPNG: freshBubble, chat50ToPNG: chat, chat50ToPNGOneThread: chatOneThread,
                feed20ToPNG: feed, bubbleSplitMedianSeconds: split, chat50SplitMedianSeconds: chatSplit,
                cairoPNGWriterMedianSeconds: cairo, encodeSpeedupOverCairo: cairo / max(split["encode"]!, 1e-12),
                pngBytes: sizes.0, cairoPNGBytes: sizes.1, formats: formats)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            FileHandle.standardOutput.write((try? encoder.encode(report)) ?? Data())
            print()
            return
        }
        func ms(_ seconds: Double) -> String { FixedDecimal.text(seconds * 1000, digits: 3) + " ms" }
        // The names' column, wider than the longest name (36 characters).
        let nameWidth = 40
        func row(_ name: String, _ s: Stat) -> String {
            name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + ms(s.median).padding(toLength: 12, withPad: " ", startingAt: 0)
                + ms(s.p99).padding(toLength: 12, withPad: " ", startingAt: 0) + FixedDecimal.text(s.perSecond, digits: 0) + "/s"
        }
        print("feedshot bench — one thread, \(machine)")
        print("benchmark".padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "median      p99         rate")
        print(row("text height (Pango, uncached)", height))
        print(row("text height, new text, words seen", newHeight))
        print(row("text height (cached)", cachedHeight))
        print(row("unbreakable 100,000 chars, height", longText))
        print(row("bubble → PNG, 375 pt @2x", bubble))
        print(row("  the same with new text each time", freshBubble))
        print(row("50-message chat → PNG", chat))
        print(row("  the same, compressed on one thread", chatOneThread))
        print(row("20-post feed → PNG", feed))
        print(
            "bubble split (medians): " + ["parse", "layout", "draw", "encode"].map { "\($0) \(ms(split[$0]!))" }.joined(separator: " · "))
        print(
            "chat split (medians):   "
                + ["parse", "layout", "draw", "encode"].map { "\($0) \(ms(chatSplit[$0]!))" }.joined(separator: " · "))
        print(
            String(
                format: "PNG encode: feedshot %@ (%d B) vs Cairo's writer %@ (%d B): %.1f× faster", ms(split["encode"]!), sizes.0,
                ms(cairo), sizes.1, cairo / max(split["encode"]!, 1e-12)))
        print("formats (medians; × is against the same document's PNG):")
        for row in formats {
            let png = formats.first { $0.document == row.document && $0.format == "png" }
            let ratios =
                png.map {
                    String(
                        format: "  encode %.2f× · size %.2f×", row.encode / max($0.encode, 1e-12),
                        Double(row.bytes) / Double(max($0.bytes, 1)))
                } ?? ""
            print(
                "  " + row.document.padding(toLength: 9, withPad: " ", startingAt: 0)
                    + row.label.padding(toLength: 15, withPad: " ", startingAt: 0)
                    + "draw " + ms(row.draw).padding(toLength: 12, withPad: " ", startingAt: 0) + "encode "
                    + ms(row.encode).padding(toLength: 12, withPad: " ", startingAt: 0)
                    + "\(row.bytes) B".padding(toLength: 13, withPad: " ", startingAt: 0)
                    + (row.format == "png" ? "" : ratios))
        }
    }

    /// One document in one output format: median drawing and encoding time (RenderPipeline's
    /// stages, via `RenderStages`) and the bytes written.
    struct FormatRow: Encodable {
        var document: String
        var format: String
        var quality: Int?
        var label: String
        var draw: Double
        var encode: Double
        var bytes: Int
        var samples: Int

        /// PNG first, then lossless and lossy WebP, JPEG at its default quality, SVG, PDF.
        static let variants: [(OutputFormat, ImageQuality?)] = [
            (.png, nil), (.webp, nil), (.webp, ImageQuality(80)), (.jpeg, nil), (.svg, nil), (.pdf, nil),
        ]

        static func measure(document: String, json: Data, _ variant: (OutputFormat, ImageQuality?), seconds: Double) throws -> FormatRow {
            var options = RenderOptions()
            options.format = variant.0
            options.quality = variant.1
            var stages: [RenderStages] = []
            for _ in 0..<3 { _ = try RenderStages.measure(json: json, options: options, comparingWithCairo: false) }
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline || stages.count < 5 {
                stages.append(try RenderStages.measure(json: json, options: options, comparingWithCairo: false))
            }
            let label = variant.0.rawValue + (variant.1.map { " q\($0.value)" } ?? (variant.0 == .webp ? " lossless" : ""))
            return FormatRow(
                document: document, format: variant.0.rawValue, quality: variant.1?.value, label: label,
                draw: stat(stages.map(\.draw)).median, encode: stat(stages.map(\.encode)).median, bytes: stages.last?.bytes ?? 0,
                samples: stages.count)
        }
    }
}
