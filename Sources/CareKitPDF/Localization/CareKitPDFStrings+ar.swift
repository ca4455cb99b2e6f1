/// CareKitPDF's text in Arabic.
let _careKitPDFArabic: [String: String] = [
    "Image not shown.": "لم تُعرض الصورة.",
    "Image not shown: {description}": "لم تُعرض الصورة: {description}",
    "No data": "لا توجد بيانات",
    "Page {page} of {count}|few": "الصفحة {page} من {count}",
    "Page {page} of {count}|many": "الصفحة {page} من {count}",
    "Page {page} of {count}|one": "الصفحة {page} من {count}",
    "Page {page} of {count}|other": "الصفحة {page} من {count}",
    "Page {page} of {count}|two": "الصفحة {page} من {count}",
    "Page {page} of {count}|zero": "الصفحة {page} من {count}",
    "Series {number}": "السلسلة {number}"
]
