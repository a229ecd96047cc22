import FeedshotLayout
import Foundation

/// Where image references may come from: `data:` URIs, paths confined to an asset root, and
/// `http(s)` URLs only on hosts the operator allows (none by default).
public struct ImageSource: Sendable {
    /// Paths in documents are relative to this folder; nil refuses paths altogether.
    public var assetRoot: URL?
    /// Images whose declared size exceeds this many pixels are refused before decoding.
    public var maxPixels: Int
    /// Largest encoded image, in bytes.
    public var maxBytes: Int
    /// Hosts whose `http`/`https` image URLs may be fetched, as `allowedHost(_:)` writes them: a
    /// lower-case name or address (every port), or `host:port` (`[address]:port` for IPv6), that port only.
    public var allowedHosts: Set<String>
    /// Seconds a remote fetch may take.
    public var fetchTimeout: Double

    /// A source reading paths under `assetRoot`, remote images from `allowedHosts` only, images up to `maxPixels`.
    public init(
        assetRoot: URL? = nil, maxPixels: Int = 40_000_000, maxBytes: Int = 32 << 20, allowedHosts: Set<String> = [],
        fetchTimeout: Double = 5
    ) {
        self.assetRoot = assetRoot
        self.maxPixels = maxPixels
        self.maxBytes = maxBytes
        self.allowedHosts = allowedHosts
        self.fetchTimeout = fetchTimeout
    }

    /// The encoded bytes behind `ref`.
    ///
    /// - Throws: `ImageLoadError` saying why it cannot be read.
    func bytes(for ref: String) throws(ImageLoadError) -> Data {
        if DataURI.hasScheme(ref) { return try dataURI(ref) }
        if let url = try remoteURL(ref) { return try RemoteImageFetch(source: self).data(from: url) }
        return try bytes(ofFile: file(ref), ref: ref)
    }

    /// The file the path `ref` names under the asset root — standardised and resolved through
    /// symbolic links, as confining it to the root needs, so that every spelling of one file
    /// (`a.png`, `./a.png`, `sub/../a.png`, a link to it) gives the same path — and its size.
    ///
    /// - Throws: `ImageLoadError` when the path leaves the asset root (or there is none), names no
    ///   file, or names one larger than `maxBytes`.
    func file(_ ref: String) throws(ImageLoadError) -> (path: String, size: Int) {
        guard !ref.hasPrefix("/") else { throw ImageLoadError("the path \"\(ref)\" leaves the asset root (paths are relative to it)") }
        guard let root = assetRoot else {
            throw ImageLoadError("no asset root is set, so the path \"\(ref)\" cannot be read (use --assets DIR)")
        }
        let rootPath = root.standardizedFileURL.resolvingSymlinksInPath().path
        let resolved = root.appendingPathComponent(ref).standardizedFileURL.resolvingSymlinksInPath().path
        guard resolved == rootPath || resolved.hasPrefix(rootPath.hasSuffix("/") ? rootPath : rootPath + "/") else {
            throw ImageLoadError("the path \"\(ref)\" leaves the asset root")
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved) else {
            throw ImageLoadError("no file at \"\(ref)\" under the asset root")
        }
        let size = attributes[.size] as? Int ?? 0
        if size > maxBytes { throw ImageLoadError("\"\(ref)\" is \(size) bytes, more than the limit of \(maxBytes)") }
        return (resolved, size)
    }

    /// The bytes of `file` (from `file(_:)`), which `ref` names.
    func bytes(ofFile file: (path: String, size: Int), ref: String) throws(ImageLoadError) -> Data {
        guard let data = FileManager.default.contents(atPath: file.path) else { throw ImageLoadError("\"\(ref)\" could not be read") }
        guard data.count <= maxBytes else { throw ImageLoadError("\"\(ref)\" is \(data.count) bytes, more than the limit of \(maxBytes)") }
        return data
    }

    /// The URL `ref` names when it is a URL (`scheme://…`); nil for a `data:` URI or a path.
    ///
    /// - Throws: `ImageLoadError` when it is a URL this source may not fetch.
    func remoteURL(_ ref: String) throws(ImageLoadError) -> URL? {
        guard !DataURI.hasScheme(ref), let scheme = ref.range(of: "://"), ref[..<scheme.lowerBound].allSatisfy(\.isLetter) else {
            return nil
        }
        let name = ref[..<scheme.lowerBound].lowercased()
        guard name == "http" || name == "https" else {
            throw ImageLoadError("remote images are fetched over http and https only (\(name) URL)")
        }
        guard let url = URL(string: ref), allows(url) else {
            throw ImageLoadError("remote images are not fetched (\(name) URL; allow its host with --allow-image-hosts)")
        }
        return url
    }

    /// Whether `url` is an `http`/`https` URL on an allowed host, and port where its entry names one.
    func allows(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host?.lowercased() else {
            return false
        }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return allowedHosts.contains(host) || allowedHosts.contains(Self.hostAndPort(host, port))
    }

    /// `host:port`, the address bracketed when it is IPv6's.
    static func hostAndPort(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// One entry of an allow list (`--allow-image-hosts`) as `allowedHosts` holds it: a host name
    /// or address, allowing every port, or `host:port` (`[address]:port`), allowing that one.
    ///
    /// - Throws: a sentence naming the entry when it has a scheme, a path, user information, or a
    ///   port outside 1–65535.
    public static func allowedHost(_ entry: String) throws(HostEntryError) -> String {
        let text = entry.trimmingCharacters(in: .whitespaces).lowercased()
        guard !text.isEmpty, !text.contains("/"), !text.contains("@"), !text.contains(where: \.isWhitespace) else {
            throw HostEntryError("\"\(entry)\" is not a host: write a host name or address, or host:port, without a scheme or path")
        }
        var host = Substring(text)
        var port: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else {
                throw HostEntryError("\"\(entry)\" opens an IPv6 address with [ but does not close it")
            }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { throw HostEntryError("\"\(entry)\": only :port may follow the ]") }
                port = rest.dropFirst()
            }
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard !host.isEmpty else { throw HostEntryError("\"\(entry)\" names no host") }
        // A host in brackets, or with colons, is an IPv6 address (bracketed when a port follows).
        if text.hasPrefix("[") || host.contains(":") {
            var address = in6_addr()
            guard inet_pton(AF_INET6, String(host), &address) == 1 else {
                throw HostEntryError("\"\(entry)\" is not a host: an IPv6 address with a port is written [address]:port")
            }
        }
        guard let port else { return String(host) }
        guard !port.isEmpty, port.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(port), (1...65535).contains(number) else {
            throw HostEntryError("\"\(entry)\": the port must be a number from 1 to 65535")
        }
        return hostAndPort(String(host), number)
    }

    /// Why an allow-list entry is not a host (`allowedHost(_:)`).
    public struct HostEntryError: Error, CustomStringConvertible {
        /// The sentence, quoting the entry.
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// `data:[<type>][;base64],<payload>`.
    func dataURI(_ ref: String) throws(ImageLoadError) -> Data {
        guard let comma = ref.firstIndex(of: ",") else { throw ImageLoadError("malformed data: URI (no comma)") }
        let header = ref[ref.index(ref.startIndex, offsetBy: 5)..<comma]
        let payload = ref[ref.index(after: comma)...]
        if header.lowercased().hasSuffix(";base64") {
            guard payload.count / 4 * 3 <= maxBytes + 3 else {
                throw ImageLoadError("data: URI larger than the limit of \(maxBytes) bytes")
            }
            // The URL-safe alphabet (RFC 4648 §5) read as the standard one: its "-" and "_" were
            // skipped as unknown characters, leaving a readable header over corrupt pixels. Its
            // padding is often left out (as in a JWT), which the decoder requires.
            var standard = String(payload).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            let digits = standard.utf8.count { $0.isBase64Digit }
            if !standard.contains("="), digits % 4 != 0 { standard += String(repeating: "=", count: 4 - digits % 4) }
            guard let data = Data(base64Encoded: standard, options: .ignoreUnknownCharacters) else {
                throw ImageLoadError("data: URI is not valid base64")
            }
            return data
        }
        // Each "%XX" is one byte: the length decoded is known before decoding (a 60 MB URI of
        // plain bytes was decoded whole, past the limit base64 URIs have).
        let decodedLength = payload.utf8.count - 2 * payload.utf8.count { $0 == UInt8(ascii: "%") }
        guard decodedLength <= maxBytes else { throw ImageLoadError("data: URI larger than the limit of \(maxBytes) bytes") }
        guard let bytes = DataURI.percentDecoded(payload) else {
            throw ImageLoadError("data: URI is not valid percent-encoding (a % not followed by two hexadecimal digits)")
        }
        return Data(bytes)
    }
}

extension UInt8 {
    /// Whether this byte is one of base64's 64 digits (`A`–`Z`, `a`–`z`, `0`–`9`, `+`, `/`).
    fileprivate var isBase64Digit: Bool {
        (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || (0x30...0x39).contains(self) || self == 0x2B || self == 0x2F
    }
}
