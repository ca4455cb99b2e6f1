/// CareKitPDF's text in Arabic.
let _careKitPDFArabic: [String: String] = [:]
