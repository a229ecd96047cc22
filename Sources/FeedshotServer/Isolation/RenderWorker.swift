internal import CMicroHTTPD
import Foundation

/// The render worker process's side (`feedshot render-worker`): reads request frames from its
/// standard input, renders each with the `Router` — the same `Router.render` a worker thread
/// runs — and writes the response frame to the pipe its standard output was. One request at a
/// time; the process keeps its fonts, shaping and image caches warm between requests and exits
/// when the server closes its input (docs/ARCHITECTURE.md, "The server").
public enum RenderWorker {
    /// Serves requests until the input closes; returns the process's exit status.
    ///
    /// Standard output is kept for frames only: anything else printed goes to standard error.
    public static func serve(router: Router) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let parent = getppid()
        _ = feedshot_die_with_parent()
        if getppid() != parent { return 0 }  // the server died before the line above
        let frames = dup(1)
        guard frames >= 0 else { return 1 }
        dup2(2, 1)
        defer { router.gallery.remove() }
        warmUp(router)
        while true {
            switch FramePipe.readFrame(from: 0, until: nil) {
            case .frame(let payload):
                guard let (request, remaining) = WorkerMessage.decodeRequest(payload) else { return 2 }
                TestFaults.inject(into: request)
                let response = router.render(request, deadline: .now + remaining)
                guard FramePipe.write(WorkerMessage.encode(response), to: frames) == .written else { return 0 }
            case .closed, .timedOut:
                return 0
            }
        }
    }
}

extension RenderWorker {
    /// A one-message conversation rendered once at start, so a new worker's first request does
    /// not pay for loading fonts and building Pango's caches.
    static let warmUpDocument = Data(
        #"{"kind":"message","me":"a","users":{"a":{"displayName":"A"}},"message":{"id":"w","from":"a","type":"text","sentAt":"2026-01-01T00:00:00Z","text":"Warm up"}}"#
            .utf8)

    static func warmUp(_ router: Router) {
        _ = router.render(HTTPRequest(method: "POST", path: Route.render.path, body: warmUpDocument), deadline: .now + .seconds(30))
    }
}

/// Faults a test can ask a debug build's render worker for, to prove that a crashed or hung
/// worker costs one request (`FEEDSHOT_TEST_FAULTS=1` and a request body holding
/// `FEEDSHOT-TEST-SEGV`, `FEEDSHOT-TEST-ALLOCATE` (2 GiB) or `FEEDSHOT-TEST-HANG`). Compiled out of
/// release builds.
enum TestFaults {
    static func inject(into request: HTTPRequest) {
        #if DEBUG
            guard ProcessInfo.processInfo.environment["FEEDSHOT_TEST_FAULTS"] == "1" else { return }
            if request.body.range(of: Data("FEEDSHOT-TEST-SEGV".utf8)) != nil {
                usleep(200_000)  // mid-render: the other requests are in flight meanwhile
                // A real invalid access, as a C library's would be (a raised signal can be resumed).
                UnsafeMutablePointer<Int>(bitPattern: 8)!.pointee = 1
            }
            if request.body.range(of: Data("FEEDSHOT-TEST-ALLOCATE".utf8)) != nil {
                // Two gibibytes, touched: past the worker's memory limit the allocation fails.
                let block = [UInt8](repeating: 1, count: 2 << 30)
                FileHandle.standardError.write(Data("allocated \(block.count) bytes\n".utf8))
            }
            if request.body.range(of: Data("FEEDSHOT-TEST-HANG".utf8)) != nil {
                while true { sleep(60) }
            }
        #endif
    }
}
