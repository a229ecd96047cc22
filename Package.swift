// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Feedshot",
    products: [
        .library(name: "FeedshotLayout", targets: ["FeedshotLayout"]),
        .library(name: "FeedshotRender", targets: ["FeedshotRender"]),
        .library(name: "FeedshotSnapshot", targets: ["FeedshotSnapshot"]),
        .library(name: "FeedshotSnapshotTesting", targets: ["FeedshotSnapshotTesting"]),
        .library(name: "FeedshotServer", targets: ["FeedshotServer"]),
        .executable(name: "feedshot", targets: ["feedshot"]),
    ],
    targets: [
        // C libraries from the system, through pkg-config (Debian: apt, macOS: Homebrew).
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev", "libfontconfig-dev"]), .brew(["pango", "cairo"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),
        // giflib ships no pkg-config file: the header and library are in the default paths.
        .systemLibrary(
            name: "CGif",
            providers: [.apt(["libgif-dev"]), .brew(["giflib"])]
        ),
        .systemLibrary(
            name: "CSpng",
            pkgConfig: "spng",
            providers: [.apt(["libspng-dev"]), .brew(["libspng"])]
        ),
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]
        ),

        // libcurl: remote images from the hosts an operator allows (RemoteImageFetch).
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),

        // OpenSSL's libcrypto: SHA-256 (image cache keys, ETags) and HMAC-SHA256 (signed URLs).
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),

        // Pure Swift: input model, themes, layout engine, layout tree.
        // Its string tables (Resources/Localization/<lang>.lproj/AmityLocalizable.strings) are read
        // through BundledResource, as the server's OpenAPI document is.
        .target(name: "FeedshotLayout", resources: [.copy("Resources")]),
        // Pango measuring, Cairo painting, image decoding, PNG encoding, fonts.
        // Its kit icons (Resources/KitIcons/*.json, from scripts/kit-icons.py) are read through BundledResource.
        .target(
            name: "FeedshotRender",
            dependencies: ["FeedshotLayout", "CPangoCairo", "CSpng", "CTurboJPEG", "CDeflate", "CWebP", "CGif", "CCrypto", "CCurl"],
            resources: [.copy("Resources")]),
        // Golden-image comparison, record modes, failure artifacts.
        .target(name: "FeedshotSnapshot", dependencies: ["FeedshotRender"]),
        // `assertSnapshot` for XCTest and Swift Testing (test targets only).
        .target(name: "FeedshotSnapshotTesting", dependencies: ["FeedshotSnapshot", "FeedshotRender", "FeedshotLayout"]),
        // The HTTP rendering server on libmicrohttpd.
        // Its OpenAPI document (Resources/openapi.yaml) is read through BundledResource, which finds
        // the copied folder beside the binary, in ../share/feedshot or in the source checkout.
        .target(
            name: "FeedshotServer", dependencies: ["FeedshotLayout", "FeedshotRender", "FeedshotSnapshot", "CMicroHTTPD"],
            resources: [.copy("Resources")]),
        // The command-line tool.
        .executableTarget(name: "feedshot", dependencies: ["FeedshotLayout", "FeedshotRender", "FeedshotSnapshot", "FeedshotServer"]),

        // The fuzz target (scripts/fuzz builds it with libFuzzer; a plain build replays inputs).
        .executableTarget(name: "FeedshotFuzz", dependencies: ["FeedshotRender"]),

        .testTarget(name: "FeedshotLayoutTests", dependencies: ["FeedshotLayout"]),
        .testTarget(
            name: "FeedshotRenderTests",
            dependencies: ["FeedshotRender", "FeedshotSnapshot", "FeedshotSnapshotTesting", "CPangoCairo", "CDeflate"]),
        .testTarget(
            name: "FeedshotSnapshotTests", dependencies: ["FeedshotSnapshot", "FeedshotSnapshotTesting", "FeedshotRender"],
            exclude: ["__Snapshots__"]),
        .testTarget(name: "FeedshotCLITests", dependencies: ["FeedshotRender", "FeedshotSnapshot", "feedshot", "FeedshotFuzz"]),
        .testTarget(name: "FeedshotServerTests", dependencies: ["FeedshotServer", "FeedshotRender"]),
        // Slow and machine-dependent: the real server over sockets (slow clients, SIGTERM),
        // schemathesis, Docker and Kubernetes checks. scripts/test runs it after the unit targets.
        .testTarget(
            name: "FeedshotIntegrationTests",
            dependencies: ["FeedshotServer", "FeedshotRender", "FeedshotLayout", "feedshot", "FeedshotFuzz"]),
    ]
)
