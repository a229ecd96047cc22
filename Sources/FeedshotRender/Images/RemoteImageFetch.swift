private import CCurl
import Foundation

/// One remote image fetched with libcurl on the calling thread: bounded in time (`fetchTimeout`
/// for the whole fetch, redirects included) and size (`maxBytes`, refused on the declared length
/// and as the bytes pass it; and the document's `budget`, from which the body is taken as it
/// starts, `BodySink`),
/// following at most `maxRedirects` redirects and each only to an allowed host.
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
    /// The bytes the document's images may still take, shared with its other fetches; nil for none.
    var budget: DocumentImageBytes?
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
            if let budget, budget.remaining <= 0 { throw budget.refusal }
            let handle = try CurlEasyHandle()
            let reply: CurlEasyHandle.Reply
            do {
                reply = try handle.get(current, timeout: left, maxBytes: source.maxBytes, budget: budget)
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

    /// Fetches of one document in flight, or fetched and not yet taken for decoding, at once
    /// (`RemoteImageFetches`).
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
        case .overBudget: budget?.refusal ?? ImageLoadError("\(url.absoluteString) is more than the document's images may take")
        case .http(let status): ImageLoadError("fetching \(url.absoluteString) gave HTTP \(status)")
        case .curl(let reason): ImageLoadError("could not fetch \(url.absoluteString)\(redirected): \(reason)")
        }
    }
}

/// A document's remote images, fetched side by side in the order they are asked for, at most
/// `RemoteImageFetch.concurrentFetches` at a time, each on a thread of its own with its own handle
/// (as one fetch is on its render's thread): a chat's avatars on one CDN arrive in about the time
/// of the slowest rather than of all in turn. One image alone is fetched on the calling thread,
/// when it is asked for.
///
/// Bodies are handed over one at a time (`take`), as the render decodes them, and no more are
/// fetched ahead than there are threads: a body is held from its arrival until the render takes
/// it, never all of a document's at once (a thousand avatars of a few megabytes each were all
/// held before the first was decoded — 18.8 GB). `deadline` is checked before each fetch starts,
/// and the document's byte budget then and as the body starts (`BodySink`); a fetch not started
/// for either gives the reason as its result. `close` stops starting fetches and waits for those under way: no fetching
/// thread outlives the render.
final class RemoteImageFetches: @unchecked Sendable {
    private let source: ImageSource
    private let budget: DocumentImageBytes?
    private let deadline: (@Sendable () throws(RenderError) -> Void)?
    private let condition = NSCondition()
    private let threads = DispatchGroup()
    /// Guarded by `condition`: the fetches not started, the last first.
    private var waiting: [(ref: String, url: URL)]
    /// Guarded by `condition`: the references not yet taken.
    private var expected: Set<String>
    /// Guarded by `condition`: fetched and not yet taken.
    private var done: [String: Result<RemoteImageFetch.Fetched, ImageLoadError>] = [:]
    /// Guarded by `condition`: started and not yet taken.
    private var held = 0
    /// Guarded by `condition`: the most fetches started and not yet taken at once.
    private var peakHeld = 0
    /// Guarded by `condition`.
    private var closed = false

    /// Starts fetching `urls` in their order (with more than one, on threads of their own).
    init(
        _ urls: [(ref: String, url: URL)], source: ImageSource, budget: DocumentImageBytes?,
        deadline: (@Sendable () throws(RenderError) -> Void)?
    ) {
        self.source = source
        self.budget = budget
        self.deadline = deadline
        waiting = urls.reversed()
        expected = Set(urls.map(\.ref))
        guard urls.count > 1 else { return }
        for _ in 0..<min(RemoteImageFetch.concurrentFetches, urls.count) {
            threads.enter()
            Thread.detachNewThread { [self] in
                while let (ref, url) = next(waitingForRoom: true) { finish(ref, fetch(url)) }
                threads.leave()
            }
        }
    }

    deinit { close() }

    /// The result for `ref`, one of the URLs given, waiting for it to arrive; it is then no longer
    /// held here. Each is taken once.
    func take(_ ref: String) -> Result<RemoteImageFetch.Fetched, ImageLoadError> {
        condition.lock()
        defer { condition.unlock() }
        guard expected.remove(ref) != nil else { return .failure(ImageLoadError("\(ref) was not to be fetched")) }
        while true {
            if let result = done.removeValue(forKey: ref) {
                held -= 1
                condition.broadcast()
                return result
            }
            // One URL alone, not yet started: fetched here, on the calling thread.
            if let last = waiting.last, last.ref == ref, done.count == held {
                condition.unlock()
                let started = next(waitingForRoom: false)
                let result = started.map { fetch($0.url) }
                condition.lock()
                if let started, let result { done[started.ref] = result }
                continue
            }
            condition.wait()
        }
    }

    /// Starts no more fetches, and waits for those under way to end.
    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
        threads.wait()
    }

    /// The next fetch to start — once fewer than `concurrentFetches` are started and not taken
    /// when `waitingForRoom` — or nil when none is left or the render is closing. A fetch past
    /// the deadline, or once the budget is spent, is finished with that reason instead (and,
    /// not `waitingForRoom`, nil returned: the caller asks again for the one it wants).
    private func next(waitingForRoom: Bool) -> (ref: String, url: URL)? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            while waitingForRoom, !closed, !waiting.isEmpty, held >= RemoteImageFetch.concurrentFetches { condition.wait() }
            guard !closed, let (ref, url) = waiting.popLast() else { return nil }
            held += 1
            peakHeld = max(peakHeld, held)
            let late: ImageLoadError? =
                if let deadline, (try? deadline()) == nil {
                    ImageLoadError("not fetched: the render's deadline passed")
                } else if let budget, budget.remaining <= 0 {
                    budget.refusal
                } else {
                    nil
                }
            guard let late else { return (ref, url) }
            done[ref] = .failure(late)
            condition.broadcast()
            if !waitingForRoom { return nil }
        }
    }

    private func fetch(_ url: URL) -> Result<RemoteImageFetch.Fetched, ImageLoadError> {
        Result { () throws(ImageLoadError) in try RemoteImageFetch(source: source, budget: budget).fetch(url) }
    }

    private func finish(_ ref: String, _ result: Result<RemoteImageFetch.Fetched, ImageLoadError>) {
        condition.withLock {
            done[ref] = result
            condition.broadcast()
        }
    }

    /// The most bodies started and not yet taken at once so far.
    var mostHeld: Int { condition.withLock { peakHeld } }
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
        /// The body passed what the document's images may still take, as it arrived.
        case overBudget
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

    /// One GET of `url`, without following redirects; the body is kept only up to `maxBytes`, and
    /// while `budget` has room for it.
    func get(_ url: URL, timeout: Duration, maxBytes: Int, budget: DocumentImageBytes?) throws(Failure) -> Reply {
        let sink = BodySink(maxBytes: maxBytes, budget: budget)
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
        case CURLE_WRITE_ERROR where sink.overBudget: throw .overBudget
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

/// Where libcurl's callbacks put the body, kept up to `maxBytes` and refused past it — or past
/// what the document's `budget` has left — and the latest response's declared `Content-Length`.
/// A declared length is taken from the budget whole when the body starts (a body the budget
/// cannot hold is refused before it comes, and fetches side by side cannot each take a part of
/// what is left and all fail); bytes past it, or of a body of no declared length, as they come.
final class BodySink {
    let maxBytes: Int
    let budget: DocumentImageBytes?
    private(set) var data = Data()
    private(set) var overflowed = false
    /// The budget had no room for the body (its declared length, or the bytes as they came).
    private(set) var overBudget = false
    private(set) var declaredLength: Int64?
    /// The latest response's `Cache-Control` lifetime in seconds (0: not to be reused).
    private(set) var lifetime = 0
    /// Bytes of this body taken from the budget so far; nil before its first bytes.
    private var taken: Int?

    init(maxBytes: Int, budget: DocumentImageBytes? = nil) {
        self.maxBytes = maxBytes
        self.budget = budget
    }

    /// Keeps `bytes`, or says no (and keeps nothing more) when they would pass the limit or the
    /// budget.
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard data.count + bytes.count <= maxBytes else {
            overflowed = true
            data = Data()
            return false
        }
        if let budget {
            var more = 0
            if let taken {
                more = max(0, data.count + bytes.count - taken)
            } else {
                more = max(bytes.count, Int(clamping: declaredLength ?? 0))
            }
            guard more == 0 || budget.take(more) else {
                overBudget = true
                data = Data()
                return false
            }
            taken = (taken ?? 0) + more
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
