/// English plural forms of CareKitPDF's text (every other English text is its key).
let _careKitPDFEnglish: [String: String] = [:]
