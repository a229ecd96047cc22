import Foundation

/// Why a document was refused: the JSON path at fault and what is wrong there.
///
/// `description` is the one line the CLI prints and the HTTP API returns, e.g.
/// `messages[1].image.width: must be a positive number`.
public struct DocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Dotted JSON path with array indices in brackets; empty for the document as a whole.
    public var path: String
    /// What is wrong there.
    public var message: String

    /// An error at a dotted JSON path.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// An error at a decoder's coding path.
    public init(codingPath: [any CodingKey], message: String) {
        self.init(path: DocumentError.format(codingPath), message: message)
    }

    /// The id of the `index`th object of the list at `list` repeats that of the `earlier`th.
    static func repeatedID(_ id: String, at list: [any CodingKey], _ index: Int, _ earlier: Int) -> DocumentError {
        let listPath = format(list)
        return DocumentError(
            path: "\(listPath)[\(index)].id", message: "\"\(id)\" is already the id of \(listPath)[\(earlier)]; ids must differ")
    }

    /// `path: message`, the line the CLI prints and the HTTP API returns.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// `[messages, 1, image]` → `messages[1].image`.
    public static func format(_ codingPath: [any CodingKey]) -> String {
        var result = ""
        for key in codingPath {
            if let index = key.intValue {
                result += "[\(index)]"
            } else {
                result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return result
    }

    /// The one-line form of a `DecodingError` from `JSONDecoder`.
    public init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(codingPath: context.codingPath, message: "must be \(DocumentError.describe(type))")
        case .valueNotFound(let type, let context):
            self.init(codingPath: context.codingPath, message: "must be \(DocumentError.describe(type)), not null")
        case .keyNotFound(let key, let context):
            self.init(codingPath: context.codingPath + [key], message: "is required")
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError as? DocumentError { self = underlying; return }
            var message = context.debugDescription
            if let underlying = context.underlyingError {
                let detail = "\(underlying)"
                message = context.codingPath.isEmpty ? "malformed JSON: \(DocumentError.jsonDetail(detail))" : detail
            }
            self.init(codingPath: context.codingPath, message: message)
        @unknown default:
            self.init(path: "", message: "\(error)")
        }
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Float.Type: "a number"
        case is Int.Type: "a whole number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default:
            "\(type)".hasPrefix("Array") ? "an array" : "an object"
        }
    }

    /// Foundation's JSON errors carry their position in a debug string; keep the human part.
    static func jsonDetail(_ text: String) -> String {
        if let range = text.range(of: "NSDebugDescription=") {
            return String(text[range.upperBound...]).trimmingCharacters(in: ["}", ")", " "])
        }
        return text
    }
}

extension DocumentError {
    /// Runs `decode` over the JSON `data`, its failures as one `DocumentError` naming the path:
    /// a decoder's own error as it is, Foundation's mapped (`init(_:)`), and JSON that does not
    /// parse as "malformed JSON" with JSONSerialization's position and reason.
    static func decoding<Value>(_ data: Data, _ decode: () throws -> Value) throws(DocumentError) -> Value {
        do {
            return try decode()
        } catch let error as DocumentError {
            throw error
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, context.underlyingError == nil {
                throw DocumentError(path: "", message: "malformed JSON: \(Document.syntaxError(in: data))")
            }
            throw DocumentError(error)
        } catch {
            throw DocumentError(path: "", message: "\(error)")
        }
    }
}
