// swift-tools-version:6.1
//
// Modules are split by what they depend on, lightest first. The one map of them, with what each
// holds, is README.md's "Architecture" table; ModuleMapTests fails when a target here and its row
// there disagree, so change both together.
import PackageDescription

let package = Package(
    name: "gallery",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "gallery", targets: ["gallery"]),
        // The layout engine alone, for other Swift projects (guide: Sources/GalleryLayout/GalleryLayout.docc).
        .library(name: "GalleryLayout", targets: ["GalleryLayout"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-system", exact: "1.8.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        .package(url: "https://github.com/JohnSundell/Ink", exact: "0.6.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
    ],
    targets: [
        // MARK: - C libraries
        .target(
            name: "CJPEG",
            linkerSettings: [.linkedLibrary("jpeg")]
        ),
        .target(
            name: "CResample",
            // Pixel loops: optimised in debug builds too (tests, make demo), as Imaging is.
            cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]
        ),
        .target(
            name: "CTIFF",
            linkerSettings: [.linkedLibrary("tiff")]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .target(
            name: "CTextSegmentation",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        .target(
            name: "CAllocator"
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CHeif",
            pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"])]
        ),
        .systemLibrary(
            name: "CLibRaw",
            // No pkgConfig: libraw_r.pc's -fopenmp is a flag SwiftPM refuses (with a warning on
            // every build); the library links its OpenMP runtime itself.
            providers: [.apt(["libraw-dev"])]
        ),
        .systemLibrary(
            name: "CJXL",
            // No pkgConfig: libjxl.pc's -DHWY_SHARED_DEFINE is a flag SwiftPM refuses (with a
            // warning on every build); the headers are in /usr/include.
            providers: [.apt(["libjxl-dev"])]
        ),
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"])]
        ),
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev", "libavfilter-dev"])]
        ),
        .systemLibrary(
            name: "CLCMS",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"])]
        ),
        .systemLibrary(
            name: "CExif",
            pkgConfig: "libexif",
            providers: [.apt(["libexif-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CExpat",
            providers: [.apt(["libexpat1-dev"])]
        ),

        // MARK: - Libraries
        .target(
            name: "GalleryLayout"
        ),
        .target(
            name: "PhotoFacts"
        ),
        .target(
            name: "Imaging",
            dependencies: ["PhotoFacts", "CJPEG", "CResample", "CTIFF", "GalleryZip", "CPNG", "CZlib", "CHeif", "CWebP", "CJXL", "CLibRaw", "CLCMS", "CFFmpeg", "CExpat", .product(name: "SystemPackage", package: "swift-system")],
            // Pixel loops are 50× slower unoptimised; tests and `make demo` use debug builds.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        .target(
            name: "TextMetrics",
            dependencies: ["CHarfBuzz", "CTextSegmentation", "CFontconfig"]
        ),
        .target(
            name: "GallerySearch"
        ),
        .target(
            name: "GalleryStore",
            dependencies: ["PhotoFacts", "GalleryLayout", "GallerySearch", "GalleryJSON", .product(name: "GRDB", package: "GRDB.swift")],
            plugins: ["EmbedMigrations"]
        ),
        .target(
            name: "GalleryWork"
        ),
        .target(
            name: "GallerySiteFiles"
        ),
        .target(
            name: "GalleryCrypt",
            dependencies: ["GalleryZip", .product(name: "Crypto", package: "swift-crypto"), .product(name: "_CryptoExtras", package: "swift-crypto")]
        ),
        .target(
            name: "GalleryZip",
            dependencies: ["CZlib"]
        ),
        .target(
            name: "GalleryJSON"
        ),
        .target(
            name: "GalleryConfig",
            dependencies: ["GallerySiteFiles", "GalleryLayout", .product(name: "TOMLKit", package: "TOMLKit"), .product(name: "Ink", package: "Ink")]
        ),
        .target(
            name: "GalleryImport",
            dependencies: ["PhotoFacts", "Imaging", "TextMetrics", "GalleryStore", "GalleryService", "GalleryWork", "GalleryJSON",
                           .product(name: "SystemPackage", package: "swift-system")]
        ),

        .target(
            name: "GalleryService",
            dependencies: ["GalleryLayout", "GalleryStore", "GalleryJSON", "TextMetrics"]
        ),

        .target(
            name: "GallerySitePlan",
            dependencies: ["GalleryConfig", "GalleryService", "GalleryStore", "TextMetrics", "GalleryLayout"]
        ),
        .target(
            name: "GalleryHTML",
            dependencies: ["GallerySitePlan", "PhotoFacts", "GalleryService", "GalleryStore", "GalleryWork", "GalleryJSON", "GalleryConfig", "GallerySiteFiles", "GalleryZip", "GalleryCrypt", "Imaging", "TextMetrics",
                           .product(name: "Crypto", package: "swift-crypto")],
            exclude: ["Assets"],
            plugins: ["EmbedSiteAssets"]
        ),

        .target(
            name: "GalleryServer",
            dependencies: [
                "GallerySitePlan", "GalleryService", "GalleryHTML", "GalleryStore", "GallerySearch", "GalleryJSON", "GalleryConfig", "GallerySiteFiles", "GalleryZip",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        .target(
            name: "GalleryPublish",
            dependencies: [
                "GalleryWork", "GallerySiteFiles", "GalleryJSON", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ]
        ),

        // MARK: - Executables
        .executableTarget(
            name: "gallery",
            dependencies: [
                "CAllocator",
                "GalleryImport",
                "GalleryWork",
                "GalleryJSON",
                "GalleryLayout",
                "GallerySearch",
                "GalleryService",
                "GallerySitePlan",
                "GalleryHTML",
                "GalleryServer",
                "GalleryPublish",
                "GalleryConfig",
                "TextMetrics",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                "GalleryStore",
                "Imaging",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "gallery-bench",
            dependencies: ["TextMetrics", "GalleryLayout", "GalleryStore", "Imaging", "CExif"],
            path: "Sources/GalleryBench"
        ),
        .executableTarget(
            name: "make-sample-data",
            dependencies: ["PhotoFacts", "Imaging", "GalleryJSON", "CFFmpeg"],
            path: "Sources/SampleData"
        ),

        // MARK: - Build plugins: Migrations/*.sql and the page's script and styles compiled into the binary
        .executableTarget(
            name: "embed-files",
            path: "Sources/EmbedFilesTool"
        ),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["embed-files"]
        ),
        .plugin(
            name: "EmbedSiteAssets",
            capability: .buildTool(),
            dependencies: ["embed-files"]
        ),

        // MARK: - Tests
        .target(
            name: "GalleryTestSupport",
            dependencies: ["Imaging", "GalleryServer", "GallerySiteFiles", "CHeif", "CWebP", "CLCMS", "CZlib",
                           .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log"),
                           .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                           .product(name: "Crypto", package: "swift-crypto")],
            path: "Tests/GalleryTestSupport",
            // Run by path from the source tree (python3), not built.
            exclude: ["chromium_session.py", "s3_client.py"]
        ),
        .testTarget(
            name: "ImagingTests",
            dependencies: ["Imaging", "PhotoFacts", "GalleryTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "GalleryWorkTests",
            dependencies: ["GalleryWork"]
        ),
        .testTarget(
            name: "GalleryJSONTests",
            dependencies: ["GalleryJSON"]
        ),
        .testTarget(
            name: "GalleryConfigTests",
            dependencies: ["GalleryConfig", "GalleryLayout", "GalleryTestSupport"]
        ),
        .testTarget(
            name: "GalleryLayoutTests",
            dependencies: ["GalleryLayout", "GalleryTestSupport"]
        ),
        .testTarget(
            name: "TextMetricsTests",
            dependencies: ["TextMetrics", "GalleryTestSupport", "GalleryZip"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "GalleryCryptTests",
            dependencies: ["GalleryCrypt"]
        ),
        .testTarget(
            name: "GalleryZipTests",
            dependencies: ["GalleryZip", "GalleryTestSupport"]
        ),
        .testTarget(
            name: "GallerySearchTests",
            dependencies: ["GallerySearch", "GalleryTestSupport"]
        ),
        .testTarget(
            name: "GalleryStoreTests",
            dependencies: ["GalleryStore", "PhotoFacts", "GalleryLayout", "GallerySearch", "GalleryTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "GalleryImportTests",
            dependencies: ["GalleryImport", "GalleryService", "GalleryWork", "GalleryStore", "Imaging", "PhotoFacts", "TextMetrics", "GalleryTestSupport",
                           .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "GalleryServiceTests",
            dependencies: ["GalleryService", "GalleryLayout", "GalleryStore", "GalleryImport", "TextMetrics", "GalleryTestSupport",
                           .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "GalleryHTMLTests",
            dependencies: ["GalleryHTML", "GalleryLayout", "GallerySearch", "TextMetrics", "Imaging", "GalleryTestSupport", "GalleryCrypt", "GalleryZip"]
        ),
        .testTarget(
            name: "GalleryServerTests",
            dependencies: [
                "GalleryServer", "GalleryStore", "GalleryImport", "GalleryTestSupport", "Imaging",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "GalleryPublishTests",
            dependencies: ["GalleryPublish", "GallerySiteFiles", "GalleryTestSupport",
                           .product(name: "AsyncHTTPClient", package: "async-http-client"),
                           .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "HummingbirdTesting", package: "hummingbird")]
        ),
        .testTarget(
            name: "GalleryCLITests",
            dependencies: ["GalleryStore", "GalleryLayout", "GalleryTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["Golden"]
        ),
    ]
)

// `make test` (and so CI) builds with GALLERY_WARNINGS_AS_ERRORS=1: a warning in our own Swift
// sources fails the build there. Only our targets get the flag (SwiftPM already silences the
// dependencies'), and only when asked, since a package that uses unsafe flags cannot be depended on.
if Context.environment["GALLERY_WARNINGS_AS_ERRORS"] == "1" {
    for target in package.targets where [.regular, .executable, .test].contains(target.type) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
    }
}
