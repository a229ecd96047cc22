import FeedshotRender
import Foundation
import Testing

@testable import FeedshotServer

/// docs/server.md lists what `GET /metrics` exposes: every metric family the server writes is named
/// there, so a new one cannot ship unlisted.
struct MetricsReferenceTests {
    @Test func everyMetricFamilyIsInTheServerPage() throws {
        let metrics = Metrics()
        metrics.decodeBudget = DecodeBudget(capacity: 1 << 20)
        let exposition = metrics.render(status: ServerStatus(workers: 2))
        let families = exposition.split(separator: "\n").filter { $0.hasPrefix("# TYPE ") }.map { String($0.split(separator: " ")[2]) }
        #expect(families.count > 15, "\(families)")
        let page = try String(
            contentsOf: OpenAPIDocumentTests.root.appendingPathComponent("docs/server.md"), encoding: .utf8)
        let listed = try #require(page.range(of: "**Metrics**")).upperBound
        let paragraph = String(page[listed...]).components(separatedBy: "\n\n")[0]
        for family in families {
            #expect(paragraph.contains("`\(family)"), "docs/server.md's metrics paragraph does not name \(family)")
        }
    }
}
