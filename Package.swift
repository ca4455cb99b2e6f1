// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CareKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CareKitStore", targets: ["CareKitStore"]),
        .library(name: "CareKitUI", targets: ["CareKitUI"]),
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

        // Writes outcomes until killed; the store's crash-durability test runs it.
        .executableTarget(
            name: "carekit-crash-writer",
            dependencies: ["CareKitStore"]
        ),

        // Cards, charts, contacts and calendar rendered as HTML and SVG.
        .target(name: "CareKitUI"),

        .testTarget(
            name: "CareKitStoreTests",
            dependencies: ["CareKitStore", "carekit-crash-writer"]
        ),
        .testTarget(
            name: "CareKitUITests",
            dependencies: ["CareKitUI"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
