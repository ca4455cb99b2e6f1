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

        // Cards, charts, contacts and calendar rendered as HTML and SVG.
        .target(name: "CareKitUI"),

        // Writes the CareKitUI catalog page (every view in its states and styles).
        .executableTarget(name: "carekit-catalog", dependencies: ["CareKitUI"]),

        .testTarget(
            name: "CareKitStoreTests",
            dependencies: ["CareKitStore"]
        ),
        .testTarget(
            name: "CareKitUITests",
            dependencies: ["CareKitUI"],
            exclude: ["Golden"]  // golden files, read through #filePath
        ),
    ],
    swiftLanguageModes: [.v6]
)
