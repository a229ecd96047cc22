import Dispatch
import FeedshotLayout
import FeedshotRender
import FeedshotServer
import Foundation

/// `feedshot serve`
enum ServeCommand {
    /// The defaults the help states: the library's own (`ServerConfiguration`, `RenderOptions`), so
    /// the help and the server cannot disagree (`ServeCommandTests` checks each figure).
    static let defaults = ServerConfiguration()

    static let help = """
        USAGE: feedshot serve [options]

        Runs the HTTP rendering server (libmicrohttpd): POST /v1/render (document → image/png, or
        image/webp, image/jpeg, image/svg+xml, application/pdf as Accept or ?format= asks; 406 for
        what it cannot write; ?quality=N for lossy WebP and JPEG), GET /v1/render?d=…&sig=… (a
        signed, cacheable render: see `feedshot sign --help`), POST /v1/layout (→ the layout tree as
        JSON), GET /healthz, GET /readyz, GET /metrics (Prometheus), GET /openapi.json and /openapi.yaml, GET /
        (paste a document, see the PNG; links to the examples gallery at /gallery/). Errors are
        application/problem+json naming the JSON path at fault. Stateless: run as many copies as
        you like behind a load balancer. SIGTERM/SIGINT stop accepting, let in-flight requests
        finish (cancelling those still running after the grace period), and exit 0.

        Signed URLs have one spelling: the query is exactly d=…[&exp=…][&format=…][&quality=…]&sig=…
        in that order (anything else → 400), sig is the lower-case hex HMAC-SHA256 of everything
        before &sig= under any of the keys (→ 403 otherwise), and a URL past its exp answers 410.
        Give several keys to rotate: the first signs (feedshot sign), every one verifies. Keys on
        the command line show in `ps`: prefer --url-signing-key-file or the environment.

        Every response carries X-Content-Type-Options: nosniff; the HTML pages a strict
        Content-Security-Policy. Refused with 400: a header name with whitespace before its colon, a
        request target with raw spaces or control characters, an HTTP/1.1 request without one Host.

        OPTIONS (each also read from the environment variable shown; flags win):
          --host ADDR                       FEEDSHOT_HOST                       address to listen on (default \(defaults.host))
          --port N                          FEEDSHOT_PORT                       port, 0 for any free one (default \(defaults.port))
          --threads N                       FEEDSHOT_THREADS                    worker threads (default: the core count)
          --token TOKEN                     FEEDSHOT_TOKEN                      require Authorization: Bearer TOKEN on the APIs
          --metrics-token TOKEN             FEEDSHOT_METRICS_TOKEN              require Authorization: Bearer TOKEN on /metrics
          --url-signing-key KEY[,KEY…]      FEEDSHOT_URL_SIGNING_KEY            keys of signed GET /v1/render URLs (repeatable; wrong sig → 403)
          --url-signing-key-file PATH       FEEDSHOT_URL_SIGNING_KEY_FILE       the same, one key per line (repeatable)
          --cache-max-age S                 FEEDSHOT_CACHE_MAX_AGE              max-age of signed renders (default \(defaults.cacheMaxAge))
          --max-body-bytes N                FEEDSHOT_MAX_BODY_BYTES             largest request body (default \(defaults.maxBodyBytes)) → 413
          --max-unsent-bytes N              FEEDSHOT_MAX_UNSENT_BYTES           bytes of answers held for clients that have not read them
                                                                                (default \(defaults.maxUnsentBytes)) → 503 for new renders
          --max-pixels N                    FEEDSHOT_MAX_PIXELS                 largest output image in pixels (default \(defaults.render.maxPixelArea)) → 422
          --max-items N                     FEEDSHOT_MAX_ITEMS                  most messages per document (default \(defaults.render.limits.maxItems)) → 400
          --max-text-length N               FEEDSHOT_MAX_TEXT_LENGTH            longest text, in Unicode scalars (default \(defaults.render.limits.maxTextLength)) → 400
          --max-string-length N             FEEDSHOT_MAX_STRING_LENGTH          longest other string (names, ids), in scalars (default \(defaults.render.limits.maxStringLength)) → 400
          --max-width N                     FEEDSHOT_MAX_WIDTH                  widest canvas in points (default \(Int(defaults.render.limits.maxWidth))) → 400
          --max-image-pixels N              FEEDSHOT_MAX_IMAGE_PIXELS           largest image to decode (default \(defaults.render.images.maxPixels)): placeholder
          --max-document-image-pixels N     FEEDSHOT_MAX_DOCUMENT_IMAGE_PIXELS  pixels all of a document's images may decode to (default \(defaults.render.maxDocumentImagePixels))
          --decode-budget-bytes N           FEEDSHOT_DECODE_BUDGET_BYTES        decoded images in flight, server-wide (default \(ServerConfiguration.defaultDecodeBudgetBytes)) → wait or 503
          --render-timeout-ms N             FEEDSHOT_RENDER_TIMEOUT_MS          per-request render deadline (default \(milliseconds(defaults.renderTimeout))) → 503
          --read-timeout S                  FEEDSHOT_READ_TIMEOUT               seconds a request's headers and body may take to arrive (default \(defaults.readTimeout))
          --max-connections N               FEEDSHOT_MAX_CONNECTIONS            simultaneous connections (default \(defaults.maxConnections))
          --max-connections-per-client N    FEEDSHOT_MAX_CONNECTIONS_PER_CLIENT simultaneous connections from one address, or requests in
                                                                                flight from one client behind a trusted proxy (default \(defaults.maxConnectionsPerClient); 0: none)
          --max-renders-per-client N        FEEDSHOT_MAX_RENDERS_PER_CLIENT     renders queued or running for one client at once (default: a
                                                                                quarter of --threads plus --max-queue, at least 2; 0: none) → 429
          --trusted-proxies CIDRS           FEEDSHOT_TRUSTED_PROXIES            comma-separated proxies whose forwarding header names the
                                                                                client (e.g. 10.0.0.0/8); their own connections are not capped
          --forwarded-header H              FEEDSHOT_FORWARDED_HEADER           the header those proxies write, the only one read:
                                                                                x-forwarded-for (default) or forwarded (RFC 7239)
          --ops-port N                      FEEDSHOT_OPS_PORT                   also answer /healthz, /readyz and /metrics on this port
          --connection-timeout S            FEEDSHOT_CONNECTION_TIMEOUT         seconds an idle connection is kept (default \(defaults.connectionTimeout))
          --grace-period S                  FEEDSHOT_GRACE_PERIOD               seconds in-flight requests get at shutdown (default \(defaults.shutdownGracePeriod))
          --assets DIR                      FEEDSHOT_ASSETS                     folder image paths are relative to (default: none; data: URIs only)
          --examples DIR                    FEEDSHOT_EXAMPLES                   documents for the /gallery/ page (default: ./examples if present)
          --compression N                   FEEDSHOT_COMPRESSION                PNG compression level 0-12 (default \(defaults.render.compressionLevel))
          --allow-image-hosts H             FEEDSHOT_ALLOW_IMAGE_HOSTS          comma-separated hosts (or host:port) whose http(s) images may be fetched (default: none)
          --log-format F                    FEEDSHOT_LOG_FORMAT                 access log as text (default) or json
          --isolation MODE                  FEEDSHOT_ISOLATION                  processes (default: each worker thread renders in a
                                                                                process of its own, restarted if it crashes) or threads
          --max-queue N                     FEEDSHOT_MAX_QUEUE                  requests waiting for a worker (default \(defaults.queue.maxRequests)) → 503
          --max-queue-bytes N               FEEDSHOT_MAX_QUEUE_BYTES            bytes of request bodies waiting (default \(defaults.queue.maxBytes)) → 503
          --max-queue-wait-ms N             FEEDSHOT_MAX_QUEUE_WAIT_MS          longest wait for a worker (default \(milliseconds(defaults.queue.maxWait))) → 503
          --worker-memory-bytes N           FEEDSHOT_WORKER_MEMORY_BYTES        data segment of one worker process (default \(defaults.workerMemoryBytes))
          --typography FILE                 FEEDSHOT_TYPOGRAPHY                 an app's fonts under each Amity document's `typography`
                                                                                (JSON: {"body": {"family": "Lato", "size": 16}, …})
          --strings FILE                    FEEDSHOT_STRINGS                    UI strings under each document's `strings` (an app's
                                                                                AmityLocalizable.strings)
          --font-dir DIR                                                        also use the fonts in DIR
          --no-access-log                                                       no per-request log line on standard error
          -h, --help                                                            show this help
        """

    static let settings: [(flag: String, env: String)] = [
        ("--host", "FEEDSHOT_HOST"), ("--port", "FEEDSHOT_PORT"), ("--threads", "FEEDSHOT_THREADS"), ("--token", "FEEDSHOT_TOKEN"),
        ("--metrics-token", "FEEDSHOT_METRICS_TOKEN"),
        ("--cache-max-age", "FEEDSHOT_CACHE_MAX_AGE"), ("--max-body-bytes", "FEEDSHOT_MAX_BODY_BYTES"),
        ("--max-unsent-bytes", "FEEDSHOT_MAX_UNSENT_BYTES"),
        ("--max-pixels", "FEEDSHOT_MAX_PIXELS"), ("--max-items", "FEEDSHOT_MAX_ITEMS"), ("--max-text-length", "FEEDSHOT_MAX_TEXT_LENGTH"),
        ("--max-string-length", "FEEDSHOT_MAX_STRING_LENGTH"), ("--max-width", "FEEDSHOT_MAX_WIDTH"),
        ("--max-image-pixels", "FEEDSHOT_MAX_IMAGE_PIXELS"), ("--max-document-image-pixels", "FEEDSHOT_MAX_DOCUMENT_IMAGE_PIXELS"),
        ("--decode-budget-bytes", "FEEDSHOT_DECODE_BUDGET_BYTES"), ("--render-timeout-ms", "FEEDSHOT_RENDER_TIMEOUT_MS"),
        ("--read-timeout", "FEEDSHOT_READ_TIMEOUT"), ("--max-connections", "FEEDSHOT_MAX_CONNECTIONS"),
        ("--max-connections-per-client", "FEEDSHOT_MAX_CONNECTIONS_PER_CLIENT"),
        ("--max-renders-per-client", "FEEDSHOT_MAX_RENDERS_PER_CLIENT"), ("--connection-timeout", "FEEDSHOT_CONNECTION_TIMEOUT"),
        ("--grace-period", "FEEDSHOT_GRACE_PERIOD"), ("--assets", "FEEDSHOT_ASSETS"), ("--examples", "FEEDSHOT_EXAMPLES"),
        ("--compression", "FEEDSHOT_COMPRESSION"), ("--allow-image-hosts", "FEEDSHOT_ALLOW_IMAGE_HOSTS"),
        ("--log-format", "FEEDSHOT_LOG_FORMAT"), ("--isolation", "FEEDSHOT_ISOLATION"), ("--max-queue", "FEEDSHOT_MAX_QUEUE"),
        ("--max-queue-bytes", "FEEDSHOT_MAX_QUEUE_BYTES"), ("--max-queue-wait-ms", "FEEDSHOT_MAX_QUEUE_WAIT_MS"),
        ("--worker-memory-bytes", "FEEDSHOT_WORKER_MEMORY_BYTES"), ("--trusted-proxies", "FEEDSHOT_TRUSTED_PROXIES"),
        ("--forwarded-header", "FEEDSHOT_FORWARDED_HEADER"),
        ("--ops-port", "FEEDSHOT_OPS_PORT"), ("--typography", "FEEDSHOT_TYPOGRAPHY"), ("--strings", "FEEDSHOT_STRINGS"),
    ]

    /// The repeatable key options, read with their variables by `SigningKeys` (not through
    /// `settings`: every value counts, and flags replace the environment's keys).
    static let signingKeyFlags = ["--url-signing-key", "--url-signing-key-file"]

    /// The secrets' variables, each with the flags that replace it: one set to nothing is refused
    /// (`arguments`), as an empty flag is (`configuration`, `SigningKeys.load`).
    static let secretVariables: [(variable: String, flags: [String])] = [
        ("FEEDSHOT_TOKEN", ["--token"]), ("FEEDSHOT_METRICS_TOKEN", ["--metrics-token"]),
        (SigningKeys.keyVariable, signingKeyFlags), (SigningKeys.fileVariable, signingKeyFlags),
    ]

    /// The settings from the environment, then the command line (later words win).
    static func arguments(_ words: [String]) throws(CLIError) -> Arguments {
        let environment = ProcessInfo.processInfo.environment
        // Other empty variables count as unset; an empty secret served the API to anyone, in
        // silence (a Kubernetes secret whose key was empty, `FEEDSHOT_TOKEN=$UNSET`) — unless a
        // flag given replaces it, or the words ask for help.
        let given = Set(words.map { $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? $0 })
        if given.isDisjoint(with: ["-h", "--help"]) {
            for (variable, flags) in secretVariables where environment[variable]?.isEmpty == true && given.isDisjoint(with: flags) {
                throw .usage("\(variable) is set but empty: give it a value, or unset it to serve without it")
            }
        }
        var all: [String] = []
        // A flag on the command line replaces its variable (the repeatable signing keys join it).
        for (flag, env) in settings where Arguments.repeatable.contains(flag) || !given.contains(flag) {
            if let value = environment[env], !value.isEmpty { all += [flag, value] }
        }
        all += words
        return try Arguments(
            all, valueOptions: Set(settings.map(\.flag)).union(["--font-dir"] + signingKeyFlags),
            flagOptions: ["--no-access-log", "-h", "--help"])
    }

    /// `configuration(arguments)`, its errors naming the environment variable where a setting's
    /// value came from there ("FEEDSHOT_PORT (--port) takes a whole number…"), not a flag the
    /// user never typed.
    static func configuration(_ arguments: Arguments, words: [String]) throws(CLIError) -> ServerConfiguration {
        do {
            return try configuration(arguments)
        } catch {
            let environment = ProcessInfo.processInfo.environment
            func named(_ message: String) -> String {
                for (flag, env) in settings where !(environment[env] ?? "").isEmpty {
                    guard !words.contains(where: { $0 == flag || $0.hasPrefix(flag + "=") }),
                        let range = message.range(of: flag), message[range.upperBound...].first.map({ $0 == " " || $0 == ":" }) ?? true
                    else { continue }
                    return message.replacingCharacters(in: range, with: "\(env) (\(flag))")
                }
                return message
            }
            switch error {
            case .usage(let message): throw .usage(named(message))
            case .input(let message): throw .input(named(message))
            case .failure(let message): throw .failure(named(message))
            case .reported: throw error
            }
        }
    }

    /// `feedshot render-worker WORDS`: a render worker process of `feedshot serve WORDS` (the server
    /// starts it with its own words; the environment is inherited). Not for people to run.
    static func runWorker(_ words: [String]) throws(CLIError) {
        let arguments = try arguments(words)
        var configuration = try configuration(arguments, words: words)
        let workers = max(1, configuration.threads)
        if let budget = configuration.render.decodeBudget {
            // The server-wide decode budget, shared out among the worker processes.
            configuration.render.decodeBudget = DecodeBudget(capacity: max(1 << 20, budget.capacity / workers))
        }
        var limit = rlimit(rlim_cur: rlim_t(configuration.workerMemoryBytes), rlim_max: rlim_t(configuration.workerMemoryBytes))
        if setrlimit(Int32(RLIMIT_DATA.rawValue), &limit) != 0 {
            throw .failure("could not limit the render worker's memory to \(configuration.workerMemoryBytes) bytes")
        }
        exit(RenderWorker.serve(router: Router(configuration: configuration)))
    }

    static func run(_ words: [String]) throws(CLIError) {
        let arguments = try arguments(words)
        if arguments.has("-h") || arguments.has("--help") {
            print(help)
            return
        }
        guard arguments.positional.isEmpty else { throw .usage("serve takes no positional arguments") }
        var configuration = try configuration(arguments, words: words)
        if configuration.isolation == .processes(command: []) {
            // Only the words given: settings from the environment reach the workers by inheritance,
            // so no token or key the environment holds appears in a worker's command line.
            configuration.isolation = .processes(command: [BundledResource.executable.path, "render-worker"] + words)
        }
        let server: HTTPServer
        do {
            server = try HTTPServer(configuration: configuration)
        } catch {
            throw .failure("\(error)")
        }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let workers: String
        switch configuration.isolation {
        case .processes:
            workers =
                configuration.threads == 1
                ? "1 render worker, a process of its own" : "\(configuration.threads) render workers, a process each"
        case .threads:
            workers =
                configuration.threads == 1 ? "1 render thread in this process" : "\(configuration.threads) render threads in this process"
        }
        // Unbuffered, so a supervisor (or a test) reading the pipe learns the port at once.
        FileHandle.standardOutput.write(
            Data(
                "feedshot serve: listening on http://\(host):\(server.port) (\(workers))\(server.opsPort.map { ", ops on port \($0)" } ?? "")\n"
                    .utf8))
        signal(SIGTERM, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        // The main thread waits here; a signal stops the server and lets `run` return normally.
        let stopped = DispatchSemaphore(value: 0)
        let sources = [SIGTERM, SIGINT].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                FileHandle.standardError.write(Data("feedshot serve: stopping (finishing in-flight requests)\n".utf8))
                server.shutdown()
                FileHandle.standardError.write(Data("feedshot serve: stopped\n".utf8))
                stopped.signal()
            }
            source.resume()
            return source
        }
        withExtendedLifetime(sources) { stopped.wait() }
    }

    /// `duration` in whole milliseconds, as the `-ms` options take it.
    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }

    static func configuration(_ arguments: Arguments) throws(CLIError) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        if let host = arguments.value("--host") { configuration.host = host }
        configuration.port = UInt16(try arguments.integer("--port", default: Int(configuration.port), in: 0...65535))
        configuration.threads = try arguments.integer("--threads", default: configuration.threads, in: 1...1024)
        for flag in ["--token", "--metrics-token"] where arguments.value(flag)?.isEmpty == true {
            throw .usage("\(flag) is empty: give a token, or leave the option out to serve without one")
        }
        configuration.token = arguments.value("--token")
        configuration.metricsToken = arguments.value("--metrics-token")
        configuration.urlSigningKeys = try SigningKeys.load(
            arguments, keyFlag: signingKeyFlags[0], fileFlag: signingKeyFlags[1], environment: ProcessInfo.processInfo.environment)
        configuration.cacheMaxAge = try arguments.integer("--cache-max-age", default: configuration.cacheMaxAge, in: 0...315_360_000)
        configuration.readTimeout = try arguments.integer("--read-timeout", default: configuration.readTimeout, in: 1...3600)
        configuration.maxConnectionsPerClient = try arguments.integer(
            "--max-connections-per-client", default: configuration.maxConnectionsPerClient, in: 0...100_000)
        if arguments.value("--max-renders-per-client") != nil {
            configuration.maxRendersPerClient = try arguments.integer("--max-renders-per-client", default: 0, in: 0...100_000)
        }
        if let proxies = arguments.value("--trusted-proxies") {
            configuration.trustedProxies = try proxies.split(separator: ",").map { text throws(CLIError) -> IPRange in
                guard let range = IPRange(String(text)) else {
                    throw .usage("--trusted-proxies takes IP addresses or CIDR ranges (got \"\(text)\")")
                }
                return range
            }
        }
        if let header = arguments.value("--forwarded-header") {
            guard let value = ForwardedHeader(rawValue: header.lowercased()) else {
                throw .usage("--forwarded-header takes x-forwarded-for or forwarded (got \"\(header)\")")
            }
            configuration.forwardedHeader = value
        }
        if arguments.value("--ops-port") != nil {
            configuration.opsPort = UInt16(try arguments.integer("--ops-port", default: 0, in: 0...65535))
        }
        if let format = arguments.value("--log-format") {
            guard let value = ServerConfiguration.LogFormat(rawValue: format) else {
                throw .usage("--log-format takes text or json (got \"\(format)\")")
            }
            configuration.logFormat = value
        }
        let budget = try arguments.integer(
            "--decode-budget-bytes", default: ServerConfiguration.defaultDecodeBudgetBytes, in: (1 << 20)...(1 << 40))
        configuration.maxBodyBytes = try arguments.integer("--max-body-bytes", default: configuration.maxBodyBytes, in: 1...(1 << 30))
        configuration.maxUnsentBytes = try arguments.integer(
            "--max-unsent-bytes", default: configuration.maxUnsentBytes, in: 1...(1 << 40))
        configuration.renderTimeout = .milliseconds(
            try arguments.integer("--render-timeout-ms", default: milliseconds(configuration.renderTimeout), in: 1...3_600_000))
        configuration.maxConnections = try arguments.integer("--max-connections", default: configuration.maxConnections, in: 1...100_000)
        configuration.connectionTimeout = try arguments.integer(
            "--connection-timeout", default: configuration.connectionTimeout, in: 1...86_400)
        configuration.shutdownGracePeriod = try arguments.integer(
            "--grace-period", default: configuration.shutdownGracePeriod, in: 0...3600)
        configuration.accessLog = !arguments.has("--no-access-log")
        // The command's default is processes; the library's (`ServerConfiguration`) is threads, since
        // only the command knows how to start a worker (`feedshot render-worker`).
        switch arguments.value("--isolation") ?? "processes" {
        case "processes": configuration.isolation = .processes(command: [])
        case "threads": configuration.isolation = .threads
        case let other: throw .usage("--isolation takes processes or threads (got \"\(other)\")")
        }
        configuration.queue.maxRequests = try arguments.integer("--max-queue", default: configuration.queue.maxRequests, in: 1...1_000_000)
        configuration.queue.maxBytes = try arguments.integer(
            "--max-queue-bytes", default: configuration.queue.maxBytes, in: 1...(1 << 40))
        configuration.queue.maxWait = .milliseconds(
            try arguments.integer("--max-queue-wait-ms", default: milliseconds(configuration.queue.maxWait), in: 1...3_600_000))
        configuration.workerMemoryBytes = try arguments.integer(
            "--worker-memory-bytes", default: configuration.workerMemoryBytes, in: (64 << 20)...(1 << 40))
        let cancellation = configuration.render.cancellation
        configuration.render = try SharedOptions.renderOptions(arguments, inputFile: nil)
        configuration.render.decodeBudget = DecodeBudget(capacity: budget)
        configuration.render.cancellation = cancellation
        configuration.render.encodingThreads = ServerConfiguration.encodingThreads
        // The server reads image paths only under an explicit asset root.
        if arguments.value("--assets") == nil { configuration.render.images.assetRoot = nil }
        if let examples = arguments.value("--examples") {
            configuration.examplesDirectory = URL(fileURLWithPath: examples)
        } else if FileManager.default.fileExists(atPath: "examples") {
            configuration.examplesDirectory = URL(fileURLWithPath: "examples")
        }
        return configuration
    }
}
