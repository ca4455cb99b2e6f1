/// CareKitPDF's text in Spanish.
let _careKitPDFSpanish: [String: String] = [
    "Image not shown.": "Imagen no mostrada.",
    "Image not shown: {description}": "Imagen no mostrada: {description}",
    "No data": "Sin datos",
    "Page {page} of {count}|one": "Página {page} de {count}",
    "Page {page} of {count}|other": "Página {page} de {count}",
    "Series {number}": "Serie {number}"
]
