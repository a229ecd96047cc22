import Foundation

/// Label values: from closed sets, so no client can add a series (20,000 methods are one
/// `other`), and escaped as the text format requires, so none can break a scrape.
extension Metrics {
    /// The methods counted by name (`HEAD` counts as `GET`); any other is `other`.
    static let knownMethods: Set<String> = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE"]

    /// The label of a value outside its closed set.
    static let otherLabel = "other"

    /// `METHOD route`: the method if known (else `other`), and `Router.route(path)`.
    static func route(method: String, path: String) -> String {
        let name = method == "HEAD" ? "GET" : method
        return "\(knownMethods.contains(name) ? name : otherLabel) \(Router.route(path))"
    }

    /// A status code's label: three digits from 100 to 599, else `other`.
    static func statusLabel(_ status: Int) -> String {
        (100...599).contains(status) ? String(status) : otherLabel
    }

    /// `value` escaped for a label in the Prometheus text format: `\` as `\\`, `"` as `\"`, a
    /// line feed as `\n`.
    static func escaped(_ value: String) -> String {
        var result = ""
        for character in value.unicodeScalars {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
