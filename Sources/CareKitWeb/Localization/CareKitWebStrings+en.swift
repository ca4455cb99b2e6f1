/// English plural forms of CareKitWeb's text (every other English text is its key).
let _careKitWebEnglish: [String: String] = [:]
