/// CareKitUI's text in Spanish.
let _careKitUISpanish: [String: String] = [
    "Completed": "Completado",
    "Mark as completed": "Marcar como completado",
    "No value": "Sin valor"
]
