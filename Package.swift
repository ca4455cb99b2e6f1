// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CareKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CareKitLocalization", targets: ["CareKitLocalization"]),
        .library(name: "CareKitStore", targets: ["CareKitStore"]),
        .library(name: "CareKitUI", targets: ["CareKitUI"]),
        .library(name: "CareKitUICatalog", targets: ["CareKitUICatalog"]),
        .library(name: "CareKitPDF", targets: ["CareKitPDF"]),
        .library(name: "CareKit", targets: ["CareKit"]),
        .library(name: "CareKitHTTP", targets: ["CareKitHTTP"]),
        .library(name: "CareKitWeb", targets: ["CareKitWeb"]),
        .library(name: "CareKitSyncProtocol", targets: ["CareKitSyncProtocol"]),
        .library(name: "CareKitRemote", targets: ["CareKitRemote"]),
        .library(name: "CareKitCalendar", targets: ["CareKitCalendar"]),
        .library(name: "CareKitFHIR", targets: ["CareKitFHIR"]),
        .library(name: "CareKitSyncServer", targets: ["CareKitSyncServer"]),
        .library(name: "CareKitTeam", targets: ["CareKitTeam"]),
        .executable(name: "carekit", targets: ["carekit"]),
        .executable(name: "carekit-bench", targets: ["carekit-bench"])
    ],
    targets: [
        // System libraries (Debian packages), nothing else in these folders.
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),

        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),

        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),

        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),

        .systemLibrary(
            name: "CNettle",
            pkgConfig: "nettle",
            providers: [.apt(["nettle-dev"])]
        ),

        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),

        // Languages, plural rules, numbers and dates for readers, and the tables of translated
        // text (gettext files each module embeds). No dependencies: the store, the cards, the
        // PDF renderer and the command line all speak through it.
        .target(name: "CareKitLocalization", exclude: ["README.md"]),

        // SQLite from Swift: connections, statements, transactions (shared by the store and
        // the sync server).
        .target(
            name: "CareKitSQLite",
            dependencies: ["CSQLite"]
        ),

        // The versioned care-plan store and its pure data model.
        .target(
            name: "CareKitStore",
            dependencies: ["CareKitLocalization", "CareKitSQLite"],
            resources: [.embedInCode("Resources/Localization")]
        ),

        // Cards, charts, contacts and calendar rendered as HTML and SVG. Its stylesheet's static
        // rules are a file, embedded in the binary (`PackageResources`); the style's custom
        // properties are written from `OCKStyle` in Swift.
        .target(
            name: "CareKitUI", dependencies: ["CareKitLocalization"],
            resources: [.embedInCode("Resources/views.css"), .embedInCode("Resources/Localization")]),

        // The catalog page: every CareKitUI view in its states and styles (apps don't link it).
        .target(name: "CareKitUICatalog", dependencies: ["CareKitUI"], resources: [.embedInCode("Resources/catalog.css")]),

        // Documents drawn as PDF with Cairo and Pango: paragraphs, headings, tables, charts (the
        // same geometry as CareKitUI's), images, pages. No store: reports, a sync server and a
        // care team's dashboard share it.
        .target(
            name: "CareKitPDF",
            dependencies: ["CareKitLocalization", "CareKitUI", "CCairo"],
            resources: [.embedInCode("Resources/Localization")]
        ),

        // Synchronized view controllers, surveys, reports: the store and the cards tied together.
        .target(
            name: "CareKit",
            dependencies: ["CareKitStore", "CareKitUI", "CareKitPDF"],
            resources: [.embedInCode("Resources/document.css"), .embedInCode("Resources/Localization")]
        ),

        // The sync protocol's wire types (docs/sync.md): the bodies of /sync/v1/pull and push and
        // the refusal's problem document, shared by the client and the server.
        .target(
            name: "CareKitSyncProtocol",
            dependencies: ["CareKitStore"],
            exclude: ["README.md"]  // the module's purpose, for people reading the folder
        ),

        // OCKHTTPRemote: a store's remote over HTTP(S), Foundation only (the sync protocol's client).
        .target(
            name: "CareKitRemote",
            dependencies: ["CareKitStore", "CareKitSyncProtocol"],
            exclude: ["README.md"]  // the module's purpose, for people reading the folder
        ),

        // The care plan as an iCalendar feed (RFC 5545) for the patient's calendar app.
        .target(
            name: "CareKitCalendar",
            dependencies: ["CareKitStore"]
        ),

        // The care plan, its schedules and its outcomes as HL7 FHIR R4 resources, both ways.
        .target(
            name: "CareKitFHIR",
            dependencies: ["CareKitStore"]
        ),

        // The sync server (`carekit sync-server`): the protocol's service, device tokens, the care
        // team's accounts and audit trail, storage (SQLite and PostgreSQL, each engine in its own
        // folder), the FHIR read API and the HTTP server, on which a composer mounts more routes.
        // No web app, no cards: a sync server links neither.
        .target(
            name: "CareKitSyncServer",
            dependencies: ["CareKitFHIR", "CareKitHTTP", "CareKitSQLite", "CareKitSecrets", "CareKitStore", "CareKitSyncProtocol", "CLibPQ", "CSQLite", "CSodium"],
            exclude: ["README.md"]  // the module's purpose, for people reading the folder
        ),

        // The care team's dashboard (docs/team.md), mounted on the sync server: sign-in with a
        // second factor, the patient list and triage, a patient's day and the app's own pages,
        // plan changes through CareKit's plan editor, the audit pages. Its routes are one table
        // (CareKitHTTP's HTTPRouteTable), its pages wear the web app's frame, its stylesheet and
        // its translations are files in Resources/.
        .target(
            name: "CareKitTeam",
            dependencies: ["CareKit", "CareKitHTTP", "CareKitLocalization", "CareKitOTP", "CareKitSecrets", "CareKitStore", "CareKitSyncServer", "CareKitUI", "CareKitWeb"],
            exclude: ["README.md"],  // the module's purpose, for people reading the folder
            resources: [.embedInCode("Resources/team.css"), .embedInCode("Resources/Localization")]
        ),

        // HTTP over libmicrohttpd: the server (epoll threads, suspended connections, limits),
        // requests and responses, forms and JSON, routing, Host checks, tokens, CSRF, security
        // headers, server-sent events and streamed bodies. No store, no HTML: the care app and a
        // sync server share it.
        .target(
            name: "CareKitHTTP",
            dependencies: ["CMicroHTTPD", "CZlib"]
        ),

        // The care app served over HTTP. Its stylesheet, script and service worker are files in
        // Resources/, embedded in the binary (`PackageResources`: nothing to find at run time)
        // and checked by `make lint-assets`.
        .target(
            name: "CareKitWeb",
            dependencies: ["CareKit", "CareKitCalendar", "CareKitHTTP", "CareKitSecrets", "CareKitStore", "CareKitUI"],
            resources: [
                .embedInCode("Resources/app.css"), .embedInCode("Resources/app.js"), .embedInCode("Resources/keyboard.js"), .embedInCode("Resources/sw.js"),
                .embedInCode("Resources/Localization")
            ]
        ),

        // The tutorial's app, written against the public API only; `carekit serve --demo` runs it.
        .target(
            name: "ZombieKit",
            dependencies: ["CareKit", "CareKitFHIR", "CareKitStore", "CareKitUI", "CareKitWeb"],
            path: "Examples/ZombieKit"
        ),

        // Secrets kept as hashes, over libsodium: Argon2id for what people type (a clinician's
        // password, the patient app's passcode), BLAKE2b for random keys handed out (tokens).
        .target(name: "CareKitSecrets", dependencies: ["CSodium"]),

        // The age file format (age-encryption.org/v1) over libsodium: encrypted exports and
        // backups (docs/deploy.md, "Data that leaves the machine").
        .target(name: "CareKitAge", dependencies: ["CSodium"]),

        // A clinician's second factor: time-based one-time passwords (RFC 6238, HMAC-SHA-1 from
        // nettle) and the QR code (ISO/IEC 18004) an authenticator app scans, drawn as SVG.
        .target(name: "CareKitOTP", dependencies: ["CNettle"]),

        // Command lines declared once: each command's options, from which its parsing, its
        // usage line and its help are made. Every executable here parses with it.
        .target(name: "CareKitArguments", dependencies: ["CareKitLocalization"], resources: [.embedInCode("Resources/Localization")]),

        // The commands of `carekit` (`serve`, and store commands for scripts), as a library the
        // executable runs and the tests run in-process.
        .target(
            name: "CareKitCLI",
            dependencies: [
                "CareKit", "CareKitAge", "CareKitArguments", "CareKitCalendar", "CareKitFHIR", "CareKitRemote", "CareKitStore", "CareKitSyncServer", "CareKitTeam", "CareKitWeb", "ZombieKit"
            ],
            resources: [.embedInCode("Resources/Localization")]
        ),

        // The command-line tool: a few lines over CareKitCLI.
        .executableTarget(name: "carekit", dependencies: ["CareKitCLI"]),

        // Writes the CareKitUI catalog page (every view in its states and styles).
        .executableTarget(name: "carekit-catalog", dependencies: ["CareKitArguments", "CareKitUI", "CareKitUICatalog"]),

        // The release-mode benchmark (`swift run -c release carekit-bench`); not a test.
        .executableTarget(
            name: "carekit-bench",
            dependencies: [
                "CareKit", "CareKitArguments", "CareKitFHIR", "CareKitHTTP", "CareKitRemote", "CareKitStore", "CareKitSyncProtocol", "CareKitSyncServer", "CareKitTeam", "CareKitWeb", "CLibPQ",
                "CSQLite"
            ],
            path: "Benchmarks/carekit-bench"
        ),

        // Writes outcomes until killed; the store's crash-durability test runs it.
        .executableTarget(
            name: "carekit-crash-writer",
            dependencies: ["CareKitStore"],
            path: "Tests/Helpers/carekit-crash-writer"
        ),
        // poppler-utils and process helpers for the tests that read PDFs or run executables,
        // and a probe that sees whether a SQLite file was written.
        .target(
            name: "CareKitTestSupport",
            dependencies: ["CareKitSQLite"],
            path: "Tests/Helpers/CareKitTestSupport"
        ),
        .testTarget(
            name: "CareKitCalendarTests",
            dependencies: ["CareKitCalendar", "CareKitStore"]
        ),
        .testTarget(
            name: "CareKitFHIRTests",
            dependencies: ["CareKitFHIR", "CareKitStore", "CareKitTestSupport", "ZombieKit"],
            exclude: ["Fixtures"]  // FHIR fixtures, read through #filePath
        ),
        // What the sync server's and the dashboard's tests share: fixtures, an in-process server
        // for OCKHTTPRemote, the throwaway PostgreSQL's schemas, a clock moved by hand.
        .target(
            name: "CareKitSyncTestSupport",
            dependencies: ["CareKitRemote", "CareKitStore", "CareKitSyncProtocol", "CareKitSyncServer", "CareKitTestSupport"],
            path: "Tests/Helpers/CareKitSyncTestSupport",
            exclude: ["README.md"]  // the module's purpose, for people reading the folder
        ),
        .testTarget(
            name: "CareKitSyncServerTests",
            dependencies: [
                "CSQLite", "CareKitFHIR", "CareKitHTTP", "CareKitSQLite", "CareKitSyncProtocol", "CareKitSyncServer", "CareKitSyncTestSupport", "CareKitRemote", "CareKitStore",
                "CareKitTestSupport"
            ]
        ),
        .testTarget(
            name: "CareKitTeamTests",
            dependencies: [
                "CSQLite", "CareKit", "CareKitHTTP", "CareKitOTP", "CareKitSQLite", "CareKitStore", "CareKitSyncServer", "CareKitSyncTestSupport", "CareKitTeam", "CareKitTestSupport", "CareKitWeb",
                "ZombieKit"
            ]
        ),
        .testTarget(
            name: "CareKitStoreTests",
            dependencies: ["CareKitStore", "CareKitTestSupport", "carekit-crash-writer"]
        ),
        .testTarget(
            name: "CareKitOTPTests",
            dependencies: ["CareKitOTP", "CareKitTestSupport"]
        ),
        .testTarget(
            name: "CareKitHTTPTests",
            dependencies: ["CareKitHTTP", "CareKitTestSupport"]
        ),
        .testTarget(
            name: "CareKitWebTests",
            dependencies: ["CareKit", "CareKitHTTP", "CareKitSecrets", "CareKitStore", "CareKitTestSupport", "CareKitUI", "CareKitWeb", "ZombieKit"],
            exclude: ["Golden"]  // golden pages, read through #filePath
        ),
        .testTarget(
            name: "CareKitUITests",
            dependencies: ["CareKitTestSupport", "CareKitUI"],
            exclude: ["Golden"]  // golden files, read through #filePath
        ),
        .testTarget(
            name: "CareKitUICatalogTests",
            dependencies: ["CareKitTestSupport", "CareKitUI", "CareKitUICatalog"]
        ),
        .testTarget(
            name: "CareKitPDFTests",
            dependencies: ["CareKitPDF", "CareKitTestSupport", "CareKitUI"]
        ),
        .testTarget(
            name: "CareKitCLITests",
            dependencies: ["CareKitAge", "CareKitArguments", "CareKitCLI", "CareKitStore", "CareKitTestSupport"]
        ),
        .testTarget(
            name: "CareKitLocalizationTests",
            dependencies: ["CareKit", "CareKitArguments", "CareKitCLI", "CareKitLocalization", "CareKitPDF", "CareKitStore", "CareKitTeam", "CareKitTestSupport", "CareKitUI", "CareKitWeb"]
        ),
        .testTarget(
            name: "CareKitTests",
            dependencies: ["CareKit", "CareKitPDF", "CareKitStore", "CareKitTestSupport", "CareKitUI"],
            exclude: ["Golden"]  // golden files, read through #filePath
        )
    ],
    swiftLanguageModes: [.v6]
)
