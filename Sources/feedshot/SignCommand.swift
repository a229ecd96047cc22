import FeedshotServer
import Foundation

/// `feedshot sign`
enum SignCommand {
    static let help = """
        USAGE: feedshot sign DOC.json --key KEY [--base URL]

        Prints a URL that renders DOC.json: BASE/v1/render?d=<the document as base64url>&sig=<hex
        HMAC-SHA256 of d under KEY>. A server started with the same --url-signing-key renders it
        (and answers 403 to any other signature); the response is cacheable (strong ETag,
        Cache-Control: public, immutable), fit for og:image and e-mail.

        OPTIONS:
          --key KEY     the server's --url-signing-key (or FEEDSHOT_URL_SIGNING_KEY)
          --base URL    the server's address (default http://127.0.0.1:8080)
          -h, --help    show this help
        """

    static func run(_ words: [String]) throws(CLIError) {
        let arguments = try Arguments(words, valueOptions: ["--key", "--base"], flagOptions: ["-h", "--help"])
        if arguments.has("-h") || arguments.has("--help") {
            print(help)
            return
        }
        guard arguments.positional.count == 1, let path = arguments.positional.first else {
            throw .usage("sign takes one document (or - for standard input)")
        }
        guard let key = arguments.value("--key") ?? ProcessInfo.processInfo.environment["FEEDSHOT_URL_SIGNING_KEY"], !key.isEmpty
        else {
            throw .usage("sign needs --key KEY (or FEEDSHOT_URL_SIGNING_KEY)")
        }
        let document = try SharedOptions.read(path)
        print(Router.signedURL(for: document, key: key, base: arguments.value("--base") ?? "http://127.0.0.1:8080"))
    }
}
