/// English plural forms of CareKitWeb's text (every other English text is its key).
let _careKitWebEnglish: [String: String] = [
    "After {count} minutes without use|one": "After {count} minute without use",
    "After {count} minutes without use|other": "After {count} minutes without use",
    "The app locks after {count} minutes without use.|one": "The app locks after {count} minute without use.",
    "The app locks after {count} minutes without use.|other": "The app locks after {count} minutes without use.",
    "This page hid itself after {count} minutes without use.|one": "This page hid itself after {count} minute without use.",
    "This page hid itself after {count} minutes without use.|other": "This page hid itself after {count} minutes without use.",
    "Too many wrong passcodes. Try again in {count} minutes.|one": "Too many wrong passcodes. Try again in {count} minute.",
    "Too many wrong passcodes. Try again in {count} minutes.|other": "Too many wrong passcodes. Try again in {count} minutes.",
    "Too many wrong passcodes. Try again in {count} seconds.|one": "Too many wrong passcodes. Try again in {count} second.",
    "Too many wrong passcodes. Try again in {count} seconds.|other": "Too many wrong passcodes. Try again in {count} seconds."
]
