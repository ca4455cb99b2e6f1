/// CareKitArguments' text in German.
let _careKitArgumentsGerman: [String: String] = [
    "--{option} must be a whole number, not '{value}'.": "--{option} muss eine ganze Zahl sein, nicht „{value}“.",
    "usage: {synopsis}": "Aufruf: {synopsis}",
    "Arguments:": "Argumente:",
    "Shows this help.": "Zeigt diese Hilfe.",
    "Options:": "Optionen:",
    "--{option} was given more than once.": "--{option} wurde mehr als einmal angegeben.",
    "--{option} takes no value.": "--{option} nimmt keinen Wert.",
    "--{option} needs a value ({value}).": "--{option} braucht einen Wert ({value}).",
    "--{option} needs a value ({value}), not the option {given}.": "--{option} braucht einen Wert ({value}), nicht die Option {given}.",
    "`{command}` takes no positional arguments (got '{value}').": "`{command}` nimmt keine Argumente ohne Option (angegeben: „{value}“).",
    "`{command}` takes {expected}; '{value}' is one too many.": "`{command}` nimmt {expected}; „{value}“ ist zu viel.",
    "`{command}` needs {expected}.": "`{command}` braucht {expected}.",
    "Unknown option {option} for `{command}`.": "`{command}` kennt die Option {option} nicht.",
    "Did you mean --{option}?": "Meinten Sie --{option}?"
]
