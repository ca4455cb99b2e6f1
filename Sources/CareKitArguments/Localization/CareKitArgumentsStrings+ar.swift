/// CareKitArguments' text in Arabic.
let _careKitArgumentsArabic: [String: String] = [
    "--{option} must be a whole number, not '{value}'.": "يجب أن تكون قيمة --{option} عددًا صحيحًا، لا «{value}».",
    "usage: {synopsis}": "الاستخدام: {synopsis}",
    "Arguments:": "المعاملات:",
    "Shows this help.": "يعرض هذه المساعدة.",
    "Options:": "الخيارات:",
    "--{option} was given more than once.": "أُعطي الخيار --{option} أكثر من مرة.",
    "--{option} takes no value.": "الخيار --{option} لا يأخذ قيمة.",
    "--{option} needs a value ({value}).": "الخيار --{option} يحتاج إلى قيمة ({value}).",
    "--{option} needs a value ({value}), not the option {given}.": "الخيار --{option} يحتاج إلى قيمة ({value})، لا إلى الخيار {given}.",
    "`{command}` takes no positional arguments (got '{value}').": "الأمر `{command}` لا يأخذ معاملات موضعية (أُعطي «{value}»).",
    "`{command}` takes {expected}; '{value}' is one too many.": "الأمر `{command}` يأخذ {expected}؛ و«{value}» زائد.",
    "`{command}` needs {expected}.": "الأمر `{command}` يحتاج إلى {expected}.",
    "Unknown option {option} for `{command}`.": "الخيار {option} غير معروف للأمر `{command}`.",
    "Did you mean --{option}?": "هل تقصد --{option}؟"
]
