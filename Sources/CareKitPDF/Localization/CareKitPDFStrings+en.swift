/// English plural forms of CareKitPDF's text (every other English text is its key).
let _careKitPDFEnglish: [String: String] = [
    "Page {page} of {count}|one": "Page {page} of {count}",
    "Page {page} of {count}|other": "Page {page} of {count}"
]
