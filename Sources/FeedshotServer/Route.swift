/// Every route the server answers, with its path and the methods it takes: the one table the
/// router, the ops listener, the metrics labels and the render workers read (and that
/// `RouteTests` checks against the OpenAPI document's `paths`).
public enum Route: String, CaseIterable, Sendable {
    case index = "/"
    case health = "/healthz"
    case readiness = "/readyz"
    case metrics = "/metrics"
    case render = "/v1/render"
    case layout = "/v1/layout"
    case openAPIJSON = "/openapi.json"
    case openAPIYAML = "/openapi.yaml"
    /// The examples gallery: `/gallery` and every path below `/gallery/`.
    case gallery = "/gallery"

    /// The route `path` belongs to, or nil when none does.
    public init?(path: String) {
        if let route = Route(rawValue: path), route != .gallery {
            self = route
        } else if path == "/gallery" || path.hasPrefix("/gallery/") {
            self = .gallery
        } else {
            return nil
        }
    }

    /// The path (for the gallery, its root).
    public var path: String { rawValue }

    /// The methods this route takes (`HEAD` goes with `GET`).
    public var methods: [String] {
        switch self {
        case .render: ["GET", "POST"]
        case .layout: ["POST"]
        case .index, .health, .readiness, .metrics, .openAPIJSON, .openAPIYAML, .gallery: ["GET"]
        }
    }

    /// Whether the ops listener (`--ops-port`) answers this route too.
    public var isOperational: Bool { self == .health || self == .readiness || self == .metrics }

    /// The routes the ops listener answers.
    static let operational = allCases.filter(\.isOperational)

    /// The label `/metrics` counts a request to `path` under: its route's path, or `other`.
    static func metricsLabel(_ path: String) -> String {
        Route(path: path)?.path ?? "other"
    }
}
