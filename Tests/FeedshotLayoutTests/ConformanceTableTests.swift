import Foundation
import Testing

/// The conformance tables name, for every row, the tests that check it: each named test function
/// exists, and each named golden is a golden document, so a renamed test cannot leave a row
/// pointing at nothing.
struct ConformanceTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift source under Tests/, joined.
    static func testSources() throws -> String {
        let tests = root.appendingPathComponent("Tests")
        let files = try #require(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }
        return try files.filter { $0.hasSuffix(".swift") }.map { try String(contentsOf: tests.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
    }

    @Test(arguments: ["amity.md", "messagekit.md"])
    func everyNamedTestAndGoldenExists(page: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/conformance/\(page)"), encoding: .utf8)
        let sources = try Self.testSources()
        var functions = 0
        var goldens = 0
        for line in text.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| ---") {
            // The last cell names the tests: `Suite.function`, `.function`, `function`, `golden-name`.
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count > 3 else { continue }
            let last = cells[cells.count - 2]
            for match in last.matches(of: /`([^`]+)`/) {
                let token = String(match.1)
                let name = token.split(separator: ".").last.map(String.init) ?? token
                if name.wholeMatch(of: /[a-z][A-Za-z0-9]{11,}/) != nil, !token.contains("(") {
                    functions += 1
                    // Bound first, so a failure names the function, not every test source.
                    let exists = sources.contains("func \(name)(")
                    #expect(exists, "\(page): no test function \(name) (\(line.prefix(60))…)")
                } else if token.wholeMatch(of: /[a-z0-9]+(-[a-zA-Z0-9]+)+/) != nil {
                    goldens += 1
                    let golden = Self.root.appendingPathComponent("goldens/\(token).json")
                    #expect(FileManager.default.fileExists(atPath: golden.path), "\(page): no golden \(token) (\(line.prefix(60))…)")
                }
            }
        }
        #expect(functions > 100)
        #expect(page == "messagekit.md" || goldens > 20)
    }
}
