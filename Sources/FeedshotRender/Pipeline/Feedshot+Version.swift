extension Feedshot {
    /// Feedshot's version: printed by `feedshot --version`, reported by the server's `/healthz`
    /// and `feedshot_build_info` metric, part of every signed render's ETag, and the OpenAPI
    /// document's `info.version` (Sources/FeedshotServer/Resources/openapi.yaml).
    public static let version = "0.2.0"
}
