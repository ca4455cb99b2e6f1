/// CareKitPDF's text in German.
let _careKitPDFGerman: [String: String] = [
    "Image not shown.": "Bild nicht angezeigt.",
    "Image not shown: {description}": "Bild nicht angezeigt: {description}",
    "No data": "Keine Daten",
    "Page {page} of {count}|one": "Seite {page} von {count}",
    "Page {page} of {count}|other": "Seite {page} von {count}",
    "Series {number}": "Datenreihe {number}"
]
