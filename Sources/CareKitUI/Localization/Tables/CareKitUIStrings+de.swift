/// CareKitUI's text in German.
let _careKitUIGerman: [String: String] = [
    "Completed": "Erledigt",
    "Mark as completed": "Als erledigt markieren",
    "No value": "Kein Wert"
]
