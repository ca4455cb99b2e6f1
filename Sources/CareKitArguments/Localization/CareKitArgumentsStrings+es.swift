/// CareKitArguments' text in Spanish.
let _careKitArgumentsSpanish: [String: String] = [
    "--{option} must be a whole number, not '{value}'.": "--{option} debe ser un número entero, no «{value}».",
    "usage: {synopsis}": "uso: {synopsis}",
    "Arguments:": "Argumentos:",
    "Shows this help.": "Muestra esta ayuda.",
    "Options:": "Opciones:",
    "--{option} was given more than once.": "Has indicado --{option} más de una vez.",
    "--{option} takes no value.": "--{option} no lleva ningún valor.",
    "--{option} needs a value ({value}).": "--{option} necesita un valor ({value}).",
    "--{option} needs a value ({value}), not the option {given}.": "--{option} necesita un valor ({value}), no la opción {given}.",
    "`{command}` takes no positional arguments (got '{value}').": "`{command}` no lleva argumentos posicionales (has escrito «{value}»).",
    "`{command}` takes {expected}; '{value}' is one too many.": "`{command}` lleva {expected}; «{value}» sobra.",
    "`{command}` needs {expected}.": "`{command}` necesita {expected}.",
    "Unknown option {option} for `{command}`.": "`{command}` no tiene la opción {option}.",
    "Did you mean --{option}?": "¿Querías decir --{option}?"
]
