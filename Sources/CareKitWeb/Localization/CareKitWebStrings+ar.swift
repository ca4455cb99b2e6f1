/// CareKitWeb's text in Arabic.
let _careKitWebArabic: [String: String] = [
    "Sections": "الأقسام",
    "Skip to content": "انتقل إلى المحتوى",
    "Back to the app": "العودة إلى التطبيق",
    "Language": "اللغة",
    "As my browser": "مثل متصفحي",
    "Saved. The app now speaks {language}.": "تم الحفظ. أصبح التطبيق الآن باللغة {language}.",
    "The language of the app, its dates and its reports": "لغة التطبيق وتواريخه وتقاريره",
    "Kept in this browser and in your care plan's store, so the app and its reports use it everywhere.":
        "تُحفظ في هذا المتصفح وفي مخزن خطة رعايتك، ليستخدمها التطبيق وتقاريره في كل مكان.",
    "Save": "حفظ",
    "Add to your calendar": "أضف إلى تقويمك",
    "'{language}' is not a language this app speaks. Choose one from the list.": "«{language}» ليست لغة يتحدثها هذا التطبيق. اختر واحدة من القائمة.",
    "Add a medication or task": "إضافة دواء أو مهمة",
    "Care Card": "بطاقة الرعاية",
    "Nothing to do on this day.": "لا شيء للقيام به في هذا اليوم.",
    "Symptom Tracker": "متابعة الأعراض",
    "No assessments on this day.": "لا توجد تقييمات في هذا اليوم.",
    "Connect": "التواصل",
    "Your care team, friends and family": "فريق رعايتك وأصدقاؤك وعائلتك",
    "Insights": "الملخص"
]
