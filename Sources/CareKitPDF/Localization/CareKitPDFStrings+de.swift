/// CareKitPDF's text in German.
let _careKitPDFGerman: [String: String] = [:]
