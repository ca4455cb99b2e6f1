/// CareKitCLI's text in German.
let _careKitCLIGerman: [String: String] = [:]
