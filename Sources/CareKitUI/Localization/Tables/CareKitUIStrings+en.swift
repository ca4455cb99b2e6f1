/// English plural forms of CareKitUI's text (every other English text is its key).
let _careKitUIEnglish: [String: String] = [:]
