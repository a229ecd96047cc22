import FeedshotLayout

/// The OpenAPI document: `Resources/openapi.yaml` (the one copy, edited by hand), served at
/// `GET /openapi.yaml` as it is and at `GET /openapi.json` as `YAMLReader` reads it.
struct OpenAPIDocument: Sendable {
    /// The YAML text.
    let yaml: String
    /// The same document as JSON, laid out as Python's `json.dumps(…, indent=2, ensure_ascii=False)`.
    let json: String

    /// The document made from `yaml`.
    /// - Throws: `YAMLReader.Failure` when the text is outside the YAML the reader reads.
    init(yaml: String) throws {
        self.yaml = yaml
        json = try YAMLReader.read(yaml).json
    }

    /// The bundled document, read once (`BundledResource`).
    static let bundled: Result<OpenAPIDocument, any Error> = Result {
        try OpenAPIDocument(yaml: BundledResource.text("Resources/openapi.yaml", target: "FeedshotServer"))
    }
}
