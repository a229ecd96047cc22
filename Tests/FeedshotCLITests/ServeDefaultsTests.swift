import FeedshotLayout
import FeedshotServer
import Foundation
import Testing

@testable import feedshot

/// `feedshot serve` has one set of defaults, the library's: with no flags its configuration is
/// `ServerConfiguration()`'s, and its help states those figures.
struct ServeDefaultsTests {
    @Test func withoutFlagsTheServerHasTheLibrarysDefaults() throws {
        let parsed = try ServeCommand.configuration(Arguments([], valueOptions: [], flagOptions: []))
        let library = ServerConfiguration()
        #expect(parsed.host == library.host && parsed.port == library.port && parsed.threads == library.threads)
        #expect(parsed.maxBodyBytes == library.maxBodyBytes && parsed.renderTimeout == library.renderTimeout)
        #expect(parsed.maxConnections == library.maxConnections && parsed.maxConnectionsPerClient == library.maxConnectionsPerClient)
        #expect(parsed.connectionTimeout == library.connectionTimeout && parsed.readTimeout == library.readTimeout)
        #expect(parsed.shutdownGracePeriod == library.shutdownGracePeriod && parsed.cacheMaxAge == library.cacheMaxAge)
        #expect(parsed.queue.maxRequests == library.queue.maxRequests && parsed.queue.maxBytes == library.queue.maxBytes)
        #expect(parsed.queue.maxWait == library.queue.maxWait && parsed.workerMemoryBytes == library.workerMemoryBytes)
        #expect(parsed.render.decodeBudget?.capacity == library.render.decodeBudget?.capacity)
        #expect(parsed.render.maxPixelArea == library.render.maxPixelArea)
        #expect(parsed.render.limits.maxItems == library.render.limits.maxItems)
        #expect(parsed.render.compressionLevel == library.render.compressionLevel)
        #expect(parsed.forwardedHeader == library.forwardedHeader && parsed.forwardedHeader == .xForwardedFor)
        // The one deliberate difference: the command renders in worker processes.
        #expect(parsed.isolation == .processes(command: []) && library.isolation == .threads)
    }

    /// An empty secret is refused at start, from a flag or the environment: `--token=`,
    /// `FEEDSHOT_TOKEN=` (a Kubernetes secret with an empty key) or `--url-signing-key=,` served
    /// the API, or unsigned URLs, to anyone, and said nothing.
    @Test func anEmptyTokenOrSigningKeyIsRefusedNotTakenForNone() throws {
        let cli = CLITests()
        // Bounded: a server that started instead of refusing is stopped after 10 s (exit 124).
        func run(_ words: [String], _ environment: [String: String], seconds: Int = 10) throws -> CLITests.Run {
            try cli.run(
                ["\(seconds)", CLITests.binary.path] + words + (words.first == "serve" ? ["--port", "0"] : []),
                executable: URL(fileURLWithPath: "/usr/bin/timeout"), environment: environment)
        }
        for (words, environment, message) in [
            (["serve", "--token="], [:], "feedshot: --token is empty"),
            (["serve", "--metrics-token", ""], [:], "feedshot: --metrics-token is empty"),
            (["serve"], ["FEEDSHOT_TOKEN": ""], "feedshot: FEEDSHOT_TOKEN is set but empty"),
            (["serve"], ["FEEDSHOT_URL_SIGNING_KEY": ""], "feedshot: FEEDSHOT_URL_SIGNING_KEY is set but empty"),
            (["serve", "--url-signing-key=,"], [:], #"feedshot: --url-signing-key holds no key (got ",")"#),
            (["serve", "--url-signing-key-file="], [:], "feedshot: --url-signing-key-file is empty"),
            (["sign", "--key", " , ", "examples/chat.json"], [:], #"feedshot: --key holds no key (got " , ")"#),
        ] as [([String], [String: String], String)] {
            let result = try run(words, environment)
            #expect(result.status == 2 && result.stderr.hasPrefix(message), "\(words) \(environment): \(result.stderr)")
        }
        // A flag replaces the empty variable, as flags replace the environment; help is help.
        let replaced = try run(["serve", "--token", "abc"], ["FEEDSHOT_TOKEN": ""], seconds: 3)
        #expect(replaced.status == 124 && String(decoding: replaced.stdout, as: UTF8.self).contains("listening on"), "\(replaced.stderr)")
        let help = try run(["serve", "--help"], ["FEEDSHOT_TOKEN": ""])
        #expect(help.status == 0 && help.stdout.starts(with: Data("USAGE: feedshot serve".utf8)))
    }

    /// A bad setting from the environment is named by its variable, not by a flag nobody typed;
    /// a flag on the command line is named as typed.
    @Test func aBadEnvironmentSettingNamesItsVariable() throws {
        let cli = CLITests()
        let fromEnvironment = try cli.run(["serve"], environment: ["FEEDSHOT_PORT": "abc"])
        #expect(fromEnvironment.status == 2)
        #expect(fromEnvironment.stderr.hasPrefix(#"feedshot: FEEDSHOT_PORT (--port) takes a whole number from 0 to 65535 (got "abc")"#))
        let typed = try cli.run(["serve", "--port", "x"], environment: ["FEEDSHOT_PORT": "abc"])
        #expect(typed.stderr.hasPrefix(#"feedshot: --port takes a whole number from 0 to 65535 (got "x")"#))
    }

    /// `--forwarded-header` (or its variable) names the one header read behind trusted proxies, in
    /// either case; another value is refused, naming the two.
    @Test func theForwardedHeaderIsOneOfTwo() throws {
        func parsed(_ value: String) throws -> ServerConfiguration {
            try ServeCommand.configuration(Arguments(["--forwarded-header", value], valueOptions: ["--forwarded-header"], flagOptions: []))
        }
        #expect(try parsed("Forwarded").forwardedHeader == .forwarded)
        #expect(try parsed("x-forwarded-for").forwardedHeader == .xForwardedFor)
        let bad = try CLITests().run(["serve", "--port", "0"], environment: ["FEEDSHOT_FORWARDED_HEADER": "x-real-ip"])
        #expect(bad.status == 2 && bad.stderr.contains(#"takes x-forwarded-for or forwarded (got "x-real-ip")"#), "\(bad.stderr)")
    }

    /// A host that is not an address literal is refused saying so, before any socket is opened.
    @Test func aHostNameIsRefusedAsNotAnAddressLiteral() throws {
        let result = try CLITests().run(["serve", "--host", "localhost", "--port", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("could not listen on localhost:0: the host is not an IP address literal"), "\(result.stderr)")
    }

    /// A server-wide typography and strings (`--typography`, `--strings`, or their variables) are
    /// the render options every document is decoded under.
    @Test func theServerTakesAnAppsTypographyAndStrings() throws {
        let dir = TestScratch.root.appendingPathComponent("serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let typography = dir.appendingPathComponent("typography.json"), strings = dir.appendingPathComponent("app.strings")
        try Data(#"{"body": {"size": 16, "weight": "semibold"}}"#.utf8).write(to: typography)
        try Data(#""feedshot_today" = "Heute";"#.utf8).write(to: strings)
        let arguments = try ServeCommand.arguments(["--typography", typography.path, "--strings", strings.path])
        let parsed = try ServeCommand.configuration(arguments)
        #expect(parsed.render.typography[.body] == FontSpec(size: 16, weight: .semibold))
        #expect(parsed.render.strings["feedshot_today"] == "Heute")
        #expect(ServeCommand.settings.contains { $0 == ("--typography", "FEEDSHOT_TYPOGRAPHY") })
        #expect(ServeCommand.settings.contains { $0 == ("--strings", "FEEDSHOT_STRINGS") })
    }

    @Test(arguments: [
        "address to listen on (default 127.0.0.1)", "port, 0 for any free one (default 8080)",
        "largest request body (default 1048576) → 413", "per-request render deadline (default 10000) → 503",
        "longest wait for a worker (default 1000) → 503", "decoded images in flight, server-wide (default 1073741824)",
        "widest canvas in points (default 4096) → 400", "PNG compression level 0-12 (default 1)",
    ])
    func theHelpStatesTheDefaults(line: String) {
        #expect(ServeCommand.help.contains(line))
    }
}
