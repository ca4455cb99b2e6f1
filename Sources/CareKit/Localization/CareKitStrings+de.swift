/// CareKit's text in German.
let _careKitGerman: [String: String] = [:]
