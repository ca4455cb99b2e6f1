/// CareKitWeb's text in Spanish.
let _careKitWebSpanish: [String: String] = [
    "Sections": "Secciones",
    "Skip to content": "Ir al contenido",
    "Back to the app": "Volver a la aplicación",
    "Language": "Idioma",
    "As my browser": "Como mi navegador",
    "Saved. The app now speaks {language}.": "Guardado. La aplicación ahora está en {language}.",
    "“{value}” is not a number: enter a number in {units}, such as 37.2.": "«{value}» no es un número: escribe un número en {units}, por ejemplo 37,2.",
    "'{units}' is not a system of units. Choose metric or US.": "«{units}» no es un sistema de unidades. Elige métrico o EE. UU.",
    "Metric (°C, kg)": "Métrico (°C, kg)",
    "US (°F, lb)": "EE. UU. (°F, lb)",
    "Units: how temperatures and weights are shown and typed": "Unidades: cómo se muestran y se escriben las temperaturas y los pesos",
    "“{value}” is in {typed}, which is not a unit of this value: enter it in {units}, or as a number alone.":
        "«{value}» está en {typed}, que no es una unidad de este valor: escríbelo en {units} o solo como número.",
    "The language of the app, its dates and its reports": "El idioma de la aplicación, sus fechas y sus informes",
    "Kept in this browser and in your care plan's store, so the app and its reports use it everywhere.":
        "Se guarda en este navegador y en el almacén de tu plan de cuidados, para que la aplicación y sus informes lo usen en todas partes.",
    "Save": "Guardar",
    "Add to your calendar": "Añadir a tu calendario",
    "'{language}' is not a language this app speaks. Choose one from the list.": "«{language}» no es un idioma de esta aplicación. Elige uno de la lista.",
    "Add a medication or task": "Añadir un medicamento o una tarea",
    "Care Card": "Tarjeta de cuidados",
    "Nothing to do on this day.": "Nada que hacer este día.",
    "Symptom Tracker": "Registro de síntomas",
    "No assessments on this day.": "No hay evaluaciones este día.",
    "Connect": "Contactos",
    "Your care team, friends and family": "Tu equipo de cuidados, amigos y familia",
    "Insights": "Resumen"
]
