/// CareKitPDF's text in Spanish.
let _careKitPDFSpanish: [String: String] = [:]
