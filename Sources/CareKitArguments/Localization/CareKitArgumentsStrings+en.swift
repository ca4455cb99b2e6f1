/// English plural forms of CareKitArguments' text (every other English text is its key).
let _careKitArgumentsEnglish: [String: String] = [:]
