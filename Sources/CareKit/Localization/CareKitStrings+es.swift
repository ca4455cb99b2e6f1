/// CareKit's text in Spanish.
let _careKitSpanish: [String: String] = [:]
