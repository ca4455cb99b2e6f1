/// English plural forms of CareKitUI's text (every other English text is its key).
let _careKitUIEnglish: [String: String] = [
    "Bar chart with {count} series.|one": "Bar chart with {count} series.",
    "Bar chart with {count} series.|other": "Bar chart with {count} series.",
    "Line chart with {count} series.|one": "Line chart with {count} series.",
    "Line chart with {count} series.|other": "Line chart with {count} series.",
    "Scatter chart with {count} series.|one": "Scatter chart with {count} series.",
    "Scatter chart with {count} series.|other": "Scatter chart with {count} series.",
    "{band}, {count} values outside it.|one": "{band}, {count} value outside it.",
    "{band}, {count} values outside it.|other": "{band}, {count} values outside it.",
    "{series}: {count} values, from {low} to {high}.|one": "{series}: {count} value, from {low} to {high}.",
    "{series}: {count} values, from {low} to {high}.|other": "{series}: {count} values, from {low} to {high}.",
    "{series}: {count} values, {value}.|one": "{series}: {count} value, {value}.",
    "{series}: {count} values, {value}.|other": "{series}: {count} values, {value}."
]
