/// English plural forms of CareKit's text (every other English text is its key).
let _careKitEnglish: [String: String] = [:]
