import FeedshotRender
import FeedshotServer
import Foundation

/// `feedshot sign`
enum SignCommand {
    static let help = """
        USAGE: feedshot sign DOC.json (--key KEY | --key-file PATH) [--base URL] [--expires-in SECONDS | --exp UNIX]
                             [--format png|webp|jpeg|svg|pdf] [--quality N] [--pin-now]

        Prints a URL that renders DOC.json:
        BASE/v1/render?d=<the document, minified, as base64url>[&exp=…][&format=…][&quality=…]&sig=<hex>
        where sig is the lower-case hex HMAC-SHA256 of everything before &sig= under the key. A server
        started with the key among its --url-signing-key keys renders it (and answers 403 to any
        other signature, 400 to any other spelling of the URL, 410 once exp has passed); the
        response is cacheable (strong ETag naming the document, format, quality and exp;
        Cache-Control: public, immutable), fit for og:image and e-mail.

        A document without "now" renders its relative dates ("Just now", "5 min") from the clock,
        so its image changes over time: sign refuses it, unless --pin-now writes the signing time
        into it as "now" (sign says which it did).

        OPTIONS:
          --key KEY             the key to sign with (or FEEDSHOT_URL_SIGNING_KEY; with several,
                                comma-separated, the first)
          --key-file PATH       read the key from PATH, one per line, blank and # lines skipped; the first
                                signs (or FEEDSHOT_URL_SIGNING_KEY_FILE); unlike --key, not visible in `ps`
          --base URL            the server's address (default http://127.0.0.1:8080)
          --expires-in SECONDS  the URL stops working SECONDS from now (exp; → 410 after)
          --exp UNIX            the URL stops working at UNIX (seconds since 1970)
          --format F            png (default), webp, jpeg, svg or pdf
          --quality N           1 to 100, with --format webp or jpeg
          --pin-now             write the signing time into a document without "now"
          -h, --help            show this help
        """

    static func run(_ words: [String]) throws(CLIError) {
        let arguments = try Arguments(
            words, valueOptions: ["--key", "--key-file", "--base", "--expires-in", "--exp", "--format", "--quality"],
            flagOptions: ["--pin-now", "-h", "--help"])
        if arguments.has("-h") || arguments.has("--help") {
            print(help)
            return
        }
        guard arguments.positional.count == 1, let path = arguments.positional.first else {
            throw .usage("sign takes one document (or - for standard input)")
        }
        let keys = try SigningKeys.load(
            arguments, keyFlag: "--key", fileFlag: "--key-file", environment: ProcessInfo.processInfo.environment)
        guard let key = keys.first else {
            throw .usage("sign needs --key KEY or --key-file PATH (or FEEDSHOT_URL_SIGNING_KEY or FEEDSHOT_URL_SIGNING_KEY_FILE)")
        }
        let document = try pinned(SharedOptions.read(path), named: path, pinNow: arguments.has("--pin-now"))
        // A document the server would refuse makes a URL that answers 400 wherever it is embedded.
        // Its shape, not the limits: a server may raise them (--max-items, --max-text-length, …).
        do throws(RenderError) {
            var unlimited = RenderOptions()
            unlimited.limits.maxItems = .max
            unlimited.limits.maxTextLength = .max
            unlimited.limits.maxStringLength = .max
            unlimited.limits.maxWidth = .greatestFiniteMagnitude
            _ = try Feedshot.decode(document, options: unlimited)
        } catch {
            throw CLIError(error, file: path == "-" ? nil : path)
        }
        let base = arguments.value("--base") ?? "http://127.0.0.1:8080"
        guard let scheme = URL(string: base)?.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            throw .usage("--base: \"\(base)\" is not an http:// or https:// address")
        }
        // The render command's --format and --quality rules (no output file: PNG unless told).
        let (format, quality) = try FormatOptions.resolve(arguments, output: nil)
        print(
            Router.signedURL(
                for: document, key: key, base: base, expires: try expiry(arguments),
                format: format, quality: quality))
    }

    /// The document minified, with `now` pinned to the signing time when it has none and
    /// `pinNow`; a document without `now` is refused otherwise. Says on standard error what it did.
    static func pinned(_ json: Data, named path: String, pinNow: Bool) throws(CLIError) -> Data {
        guard let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else {
            throw .input("\(path): not a JSON object (a Feedshot document)")
        }
        if let now = object["now"] {
            // Any "now" but a string is refused by the server too; pinning another would repeat the key.
            guard now is String else { throw .input("\(path): now: must be a date-time like \"2026-11-29T12:00:00Z\"") }
            if pinNow { note("\(path) sets \"now\" already: --pin-now left it as it is") }
            return SignedDocument.minified(json)
        }
        guard pinNow else {
            throw .input(
                "\(path) has no \"now\": its relative dates (\"Just now\", \"5 min\") would follow the clock, so its image changes and cannot be cached as immutable; add \"now\" to it, or pass --pin-now to pin it to the signing time"
            )
        }
        note("\(path) has no \"now\": pinned it to the signing time (--pin-now)")
        return SignedDocument.pinningNow(json, to: Date())
    }

    /// A line on standard error, prefixed like every message of the command.
    static func note(_ text: String) { FileHandle.standardError.write(Data("feedshot sign: \(text)\n".utf8)) }

    /// The latest `--exp`: the last second of the year 9999.
    static let latestExpiry = 253_402_300_799

    /// `exp`: from `--expires-in` (seconds from now) or `--exp` (seconds since 1970); nil without either.
    static func expiry(_ arguments: Arguments) throws(CLIError) -> Int? {
        switch (arguments.value("--expires-in"), arguments.value("--exp")) {
        case (nil, nil): return nil
        case (.some, .some): throw .usage("give --expires-in or --exp, not both")
        case (.some, nil):
            return Int(Date().timeIntervalSince1970) + (try arguments.integer("--expires-in", default: 0, in: 1...(100 * 365 * 86_400)))
        case (nil, .some):
            let now = Int(Date().timeIntervalSince1970)
            let exp = try arguments.integer("--exp", default: 0, in: 1...latestExpiry)
            guard exp > now else { throw .usage("--exp \(exp) is not in the future (now is \(now)): the URL would answer 410 at once") }
            return exp
        }
    }
}
