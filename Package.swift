// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CareKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CareKitStore", targets: ["CareKitStore"]),
        .library(name: "CareKitUI", targets: ["CareKitUI"]),
        .executable(name: "carekit-bench", targets: ["carekit-bench"]),
    ],
    targets: [
        // System libraries (Debian packages), nothing else in these folders.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // The versioned care-plan store and its pure data model.
        .target(
            name: "CareKitStore",
            dependencies: ["CSQLite"]
        ),

        // Cards, charts, contacts and calendar rendered as HTML and SVG.
        .target(name: "CareKitUI"),

        // The release-mode benchmark (`swift run -c release carekit-bench`); not a test.
        .executableTarget(
            name: "carekit-bench",
            dependencies: ["CareKitStore", "CSQLite"],
            path: "Benchmarks/carekit-bench"
        ),

        .testTarget(
            name: "CareKitStoreTests",
            dependencies: ["CareKitStore"]
        ),
        .testTarget(
            name: "CareKitUITests",
            dependencies: ["CareKitUI"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
