/// CareKitWeb's text in Arabic.
let _careKitWebArabic: [String: String] = [
    "Sections": "الأقسام",
    "Skip to content": "انتقل إلى المحتوى",
    "Back to the app": "العودة إلى التطبيق",
    "Language": "اللغة",
    "As my browser": "مثل متصفحي",
    "Saved. The app now speaks {language}.": "تم الحفظ. أصبح التطبيق الآن باللغة {language}.",
    "“{value}” is not a number: enter a number in {units}, such as 37.2.": "«{value}» ليس رقمًا: اكتب رقمًا بوحدة {units}، مثل ٣٧٫٢.",
    "'{units}' is not a system of units. Choose metric or US.": "«{units}» ليس نظام وحدات. اختر النظام المتري أو الأمريكي.",
    "Metric (°C, kg)": "متري (°C، kg)",
    "US (°F, lb)": "أمريكي (°F، lb)",
    "Units: how temperatures and weights are shown and typed": "الوحدات: كيف تُعرض درجات الحرارة والأوزان وتُكتب",
    "“{value}” is in {typed}, which is not a unit of this value: enter it in {units}, or as a number alone.":
        "«{value}» مكتوبة بوحدة {typed}، وهي ليست وحدة لهذه القيمة: اكتبها بوحدة {units} أو رقمًا فقط.",
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
