import Foundation
import Testing

@testable import FeedshotServer

/// `Route` is the one route table: every path the OpenAPI document lists is a route with the
/// methods the document gives it, and the router answers each route and no other path.
struct RouteTests {
    /// The OpenAPI document's paths, each with its methods in upper case (`head` aside).
    static func documentedRoutes() throws -> [String: Set<String>] {
        let document = try OpenAPIDocument.bundled.get()
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(tree["paths"] as? [String: [String: Any]])
        let verbs: Set = ["get", "post", "put", "delete", "patch", "options", "trace"]
        return paths.mapValues { Set($0.keys.filter(verbs.contains).map { $0.uppercased() }) }
    }

    @Test func theOpenAPIDocumentListsEveryRouteWithItsMethods() throws {
        let documented = try Self.documentedRoutes()
        var fromTable: [String: Set<String>] = [:]
        for route in Route.allCases {
            fromTable[route == .gallery ? "/gallery/{file}" : route.path] = Set(route.methods)
        }
        #expect(fromTable == documented)
    }

    @Test(arguments: [
        ("/", Route.index), ("/healthz", .health), ("/v1/render", .render), ("/gallery", .gallery),
        ("/gallery/images/chat.png", .gallery), ("/openapi.yaml", .openAPIYAML),
    ])
    func pathsFindTheirRoute(path: String, route: Route) {
        #expect(Route(path: path) == route)
        #expect(Route.metricsLabel(path) == route.path)
    }

    @Test(arguments: ["/galleryx", "/v1/render/", "/healthz?x", "/V1/render", ""])
    func otherPathsHaveNoRoute(path: String) {
        #expect(Route(path: path) == nil)
        #expect(Route.metricsLabel(path) == "other")
    }

    @Test func theOpsPortAnswersHealthReadinessAndMetrics() {
        #expect(Route.operational == [.health, .readiness, .metrics])
        #expect(OpsListener.notFound == "the ops port answers /healthz, /readyz and /metrics only")
    }
}
