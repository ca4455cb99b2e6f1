/// CareKitCLI's text in Spanish.
let _careKitCLISpanish: [String: String] = [:]
