private import CCurl
import Foundation

/// One remote image fetched with libcurl on the calling thread: bounded in time (`fetchTimeout`
/// for the whole fetch, redirects included) and size (`maxBytes`, refused on the declared length
/// and as the bytes pass it), following at most `maxRedirects` redirects and each only to an
/// allowed host.
///
/// Each fetch has its own easy handle, on the thread that asks for it (a render's, or one of
/// `all`'s for that render), so a host that sends forever or stalls holds up only the render
/// that asked for it (docs/ARCHITECTURE.md, "Remote images").
struct RemoteImageFetch {
    /// A fetched image's bytes, and for how long its response says it may be reused.
    struct Fetched {
        var data: Data
        /// Seconds of `Cache-Control: max-age` (or `s-maxage`), at most `maxLifetime`; 0 when the
        /// response may not be reused (`no-store`, `no-cache`, `private`, or no `max-age`).
        var lifetime: Int
    }

    /// The longest a fetched image is reused, whatever its response allows.
    static let maxLifetime = 3_600

    let source: ImageSource
    /// Redirects followed before the fetch is refused.
    static let maxRedirects = 5

    /// The body behind `url`, an allowed `http(s)` URL.
    func data(from url: URL) throws(ImageLoadError) -> Data { try fetch(url).data }

    /// The body behind `url`, an allowed `http(s)` URL, and how long it may be reused.
    func fetch(_ url: URL) throws(ImageLoadError) -> Fetched {
        // A day at most, and a timeout that is not a number is a day: `Duration` cannot hold any Double.
        let seconds = source.fetchTimeout.isNaN ? 86_400 : min(max(source.fetchTimeout, 0), 86_400)
        let deadline = ContinuousClock.now + .milliseconds(Int((seconds * 1000).rounded()))
        var current = url
        for _ in 0...Self.maxRedirects {
            let left = deadline - .now
            guard left > .zero else { throw timedOut(url) }
            let handle = try CurlEasyHandle()
            let reply: CurlEasyHandle.Reply
            do {
                reply = try handle.get(current, timeout: left, maxBytes: source.maxBytes)
            } catch {
                throw describe(error, fetching: url, at: current)
            }
            switch reply {
            case .body(let status, let data, let lifetime):
                guard status == 200 else { throw ImageLoadError("fetching \(url.absoluteString) gave HTTP \(status)") }
                return Fetched(data: data, lifetime: min(lifetime, Self.maxLifetime))
            case .redirect(let status, let location):
                guard let location else { throw ImageLoadError("fetching \(url.absoluteString) gave HTTP \(status)") }
                guard let target = URL(string: location), source.allows(target) else {
                    throw ImageLoadError("\(url.absoluteString) redirects to \(location), whose host is not allowed (--allow-image-hosts)")
                }
                current = target
            }
        }
        throw ImageLoadError("\(url.absoluteString) redirects more than \(Self.maxRedirects) times")
    }

    /// Fetches a document's remote images side by side, at most `concurrentFetches` at a time,
    /// each on a thread of its own with its own handle (as one fetch is on its render's thread):
    /// a chat's avatars on one CDN arrive in about the time of the slowest rather than of all in
    /// turn. One image alone is fetched on the calling thread. `deadline` is checked before each
    /// fetch starts; a fetch not started is left out.
    static func all(
        _ urls: [(ref: String, url: URL)], source: ImageSource, deadline: (@Sendable () throws(RenderError) -> Void)?
    ) -> [String: Result<Fetched, ImageLoadError>] {
        let queue = FetchQueue(urls)
        @Sendable func work() {
            while let (ref, url) = queue.next(deadline: deadline) {
                queue.finish(ref, Result { () throws(ImageLoadError) in try RemoteImageFetch(source: source).fetch(url) })
            }
        }
        guard urls.count > 1 else {
            work()
            return queue.results
        }
        let group = DispatchGroup()
        for _ in 0..<min(concurrentFetches, urls.count) {
            group.enter()
            Thread.detachNewThread {
                work()
                group.leave()
            }
        }
        group.wait()
        return queue.results
    }

    /// Fetches of one document in flight at once.
    static let concurrentFetches = 8

    private func timedOut(_ url: URL) -> ImageLoadError {
        ImageLoadError("fetching \(url.absoluteString) took longer than \(source.fetchTimeout) s")
    }

    /// Why fetching `url` failed, naming the redirect target `current` when the failure was there.
    private func describe(_ failure: CurlEasyHandle.Failure, fetching url: URL, at current: URL) -> ImageLoadError {
        let redirected = current == url ? "" : " (redirected to \(current.absoluteString))"
        return switch failure {
        case .timedOut: timedOut(url)
        case .declaredTooLarge(let length):
            ImageLoadError("\(url.absoluteString) is \(length) bytes, more than the limit of \(source.maxBytes)")
        case .tooLarge: ImageLoadError("\(url.absoluteString) is more than the limit of \(source.maxBytes) bytes")
        case .http(let status): ImageLoadError("fetching \(url.absoluteString) gave HTTP \(status)")
        case .curl(let reason): ImageLoadError("could not fetch \(url.absoluteString)\(redirected): \(reason)")
        }
    }
}

/// The fetches of `RemoteImageFetch.all`, handed out one at a time to its threads, and their results.
private final class FetchQueue: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var waiting: [(ref: String, url: URL)]
    /// Guarded by `lock`.
    private var done: [String: Result<RemoteImageFetch.Fetched, ImageLoadError>] = [:]

    init(_ urls: [(ref: String, url: URL)]) { waiting = urls.reversed() }

    /// The next fetch, or nil when none is left or the deadline has passed.
    func next(deadline: (@Sendable () throws(RenderError) -> Void)?) -> (ref: String, url: URL)? {
        if let deadline, (try? deadline()) == nil { return nil }
        return lock.withLock { waiting.popLast() }
    }

    func finish(_ ref: String, _ result: Result<RemoteImageFetch.Fetched, ImageLoadError>) { lock.withLock { done[ref] = result } }

    var results: [String: Result<RemoteImageFetch.Fetched, ImageLoadError>] { lock.withLock { done } }
}

/// The one owner of a libcurl easy handle: created with the value, cleaned up when it goes.
private final class CurlEasyHandle {
    private let handle: UnsafeMutableRawPointer

    /// What a GET gave: a body and the seconds it may be reused, or a redirect (3xx) and its
    /// absolute `Location`.
    enum Reply {
        case body(status: Int, Data, lifetime: Int)
        case redirect(status: Int, location: String?)
    }

    /// Why a GET gave nothing.
    enum Failure: Error {
        case timedOut
        /// The declared `Content-Length`, over the limit.
        case declaredTooLarge(Int64)
        /// The body passed the limit as it arrived.
        case tooLarge
        /// A status other than 200 whose body was refused.
        case http(Int)
        case curl(String)
    }

    /// libcurl's process-wide setup, once, before the first handle (thread-safe in libcurl 7.84 and later, and done once here anyway).
    private static let setUp: CURLcode = curl_global_init(Int(CURL_GLOBAL_ALL))

    init() throws(ImageLoadError) {
        guard Self.setUp == CURLE_OK, let handle = curl_easy_init() else { throw ImageLoadError("libcurl could not be set up") }
        self.handle = handle
    }

    deinit { curl_easy_cleanup(handle) }

    /// One GET of `url`, without following redirects; the body is kept only up to `maxBytes`.
    func get(_ url: URL, timeout: Duration, maxBytes: Int) throws(Failure) -> Reply {
        let sink = BodySink(maxBytes: maxBytes)
        let milliseconds = max(1, timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        var code = feedshot_curl_set_string(handle, CURLOPT_URL, url.absoluteString)
        for (option, value) in [(CURLOPT_NOSIGNAL, 1), (CURLOPT_FOLLOWLOCATION, 0), (CURLOPT_TIMEOUT_MS, Int(milliseconds))]
        where code == CURLE_OK {
            code = feedshot_curl_set_long(handle, option, value)
        }
        if code == CURLE_OK { code = feedshot_curl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBytes)) }
        if code == CURLE_OK { code = feedshot_curl_set_string(handle, CURLOPT_USERAGENT, "feedshot/\(Feedshot.version)") }
        if code == CURLE_OK {
            code = withExtendedLifetime(sink) {
                let context = Unmanaged.passUnretained(sink).toOpaque()
                var set = feedshot_curl_set_write(handle, appendToSink, context)
                if set == CURLE_OK { set = feedshot_curl_set_header(handle, readHeaderIntoSink, context) }
                return set == CURLE_OK ? curl_easy_perform(handle) : set
            }
        }
        var status = 0
        feedshot_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        switch code {
        case CURLE_OK: break
        case CURLE_OPERATION_TIMEDOUT: throw .timedOut
        case CURLE_FILESIZE_EXCEEDED: throw sink.declaredLength.map(Failure.declaredTooLarge) ?? .tooLarge
        case CURLE_WRITE_ERROR where sink.overflowed: throw (200..<300).contains(status) ? .tooLarge : .http(status)
        // libcurl 7.88 says "Out of memory" for a header line over its 100 KB and "Unsupported
        // protocol" for an HTTP/0.9 reply.
        case CURLE_OUT_OF_MEMORY: throw .curl("the reply's headers are too large (or memory ran out)")
        case CURLE_UNSUPPORTED_PROTOCOL where url.scheme == "http" || url.scheme == "https":
            throw .curl("the reply is not HTTP/1 or HTTP/2")
        default: throw .curl(String(cString: curl_easy_strerror(code)))
        }
        guard (300..<400).contains(status) else { return .body(status: status, sink.data, lifetime: sink.lifetime) }
        var location: UnsafeMutablePointer<CChar>?
        feedshot_curl_get_string(handle, CURLINFO_REDIRECT_URL, &location)
        return .redirect(status: status, location: location.map { String(cString: $0) })
    }
}

/// Where libcurl's callbacks put the body, kept up to `maxBytes` and refused past it, and the
/// latest response's declared `Content-Length`.
final class BodySink {
    let maxBytes: Int
    private(set) var data = Data()
    private(set) var overflowed = false
    private(set) var declaredLength: Int64?
    /// The latest response's `Cache-Control` lifetime in seconds (0: not to be reused).
    private(set) var lifetime = 0

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    /// Keeps `bytes`, or says no (and keeps nothing more) when they would pass the limit.
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard data.count + bytes.count <= maxBytes else {
            overflowed = true
            data = Data()
            return false
        }
        data.append(contentsOf: bytes)
        return true
    }

    /// Reads one header line: a status line starts a response (an earlier one's length no longer
    /// counts), and `Content-Length` is kept.
    func read(headerLine bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            declaredLength = nil
            lifetime = 0
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased(), value = line[line.index(after: colon)...]
            if name == "content-length" { declaredLength = Int64(value.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if name == "cache-control" { lifetime = BodySink.lifetime(cacheControl: String(value)) }
        }
    }
}

extension BodySink {
    /// The seconds a `Cache-Control` value lets a shared cache reuse the response: its `s-maxage`,
    /// else its `max-age`; 0 with `no-store`, `no-cache` or `private` (RFC 9111 §5.2.2).
    static func lifetime(cacheControl: String) -> Int {
        var maxAge: Int?, sharedMaxAge: Int?
        for directive in cacheControl.lowercased().split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            switch parts.first ?? "" {
            case "no-store", "no-cache", "private": return 0
            case "max-age" where parts.count == 2: maxAge = Int(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
            case "s-maxage" where parts.count == 2: sharedMaxAge = Int(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
            default: continue
            }
        }
        return max(0, sharedMaxAge ?? maxAge ?? 0)
    }
}

/// libcurl's write callback: a count other than the one given aborts the transfer.
private let appendToSink: feedshot_curl_write_function = { bytes, size, count, context in
    guard let context else { return 0 }
    let sink = Unmanaged<BodySink>.fromOpaque(context).takeUnretainedValue()
    return sink.append(UnsafeRawBufferPointer(start: bytes, count: size * count)) ? size * count : 0
}

/// libcurl's header callback: one header line at a time.
private let readHeaderIntoSink: feedshot_curl_write_function = { bytes, size, count, context in
    guard let context else { return 0 }
    Unmanaged<BodySink>.fromOpaque(context).takeUnretainedValue().read(
        headerLine: UnsafeRawBufferPointer(start: bytes, count: size * count))
    return size * count
}
