/// CareKitUI's text in Arabic.
let _careKitUIArabic: [String: String] = [
    "Completed": "مكتمل",
    "Mark as completed": "وضع علامة كمكتمل",
    "No value": "لا توجد قيمة"
]
