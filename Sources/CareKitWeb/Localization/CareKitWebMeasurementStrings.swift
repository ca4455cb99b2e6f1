/// The web app's texts about measurements (the confirm step, paired readings, deleted and
/// changed entries) in Spanish, German and Arabic, merged into CareKitWeb's table.
let _careKitWebMeasurementSpanish: [String: String] = [
    ", ": ", ",
    "Change it": "Cambiarlo",
    "Check this value": "Compruebe este valor",
    "Measure again if you can. Save it if it is what you measured.": "Vuelva a medir si puede. Guárdelo si es lo que midió.",
    "Save {value}": "Guardar {value}",
    "{measurement}: {sentence}": "{measurement}: {sentence}",
    "; ": "; ",
    "Deleted": "Eliminado",
    "Undo": "Deshacer",
    "Undo deleting {value}": "Deshacer la eliminación de {value}",
    "{value}, recorded {day} at {time}, deleted {deletedDay} at {deletedTime}": "{value}, registrado el {day} a las {time}, eliminado el {deletedDay} a las {deletedTime}",
    "Delete this entry?": "¿Eliminar esta entrada?",
    "{task}: {value}, recorded {day} at {time}.": "{task}: {value}, registrado el {day} a las {time}.",
    "It stays in the history as deleted, and you can undo it for {minutes} minutes.": "Queda en el historial como eliminado y puede deshacerlo durante {minutes} minutos.",
    "Delete {value}": "Eliminar {value}",
    "Keep it": "Conservarlo",
    "This store keeps no history of deleted entries.": "Este almacén no guarda historial de entradas eliminadas.",
    "That is not an entry that was deleted.": "Esa no es una entrada eliminada.",
    "That entry is no longer deleted, or was never recorded here. Reload the page to see the entries as they are.":
        "Esa entrada ya no está eliminada o nunca se registró aquí. Vuelva a cargar la página para ver las entradas como están.",
    "It is more than {minutes} minutes since it was deleted: record it again instead.": "Han pasado más de {minutes} minutos desde que se eliminó: regístrelo de nuevo.",
    "Enter both numbers, such as 128/84.": "Escriba los dos números, por ejemplo 128/84.",
    "For something else, its name, such as Peak flow; it is then recorded on the Symptom Tracker.":
        "Para otra cosa, su nombre, por ejemplo Flujo máximo; se registra entonces en el Registro de síntomas.",
    "Such as °F. Empty: the usual unit of the measurement chosen.": "Por ejemplo °F. Vacío: la unidad habitual de la medición elegida.",
    "Target range": "Intervalo objetivo",
    "Lowest and highest with a dash, such as 97-99.5; for blood pressure systolic then diastolic, such as 90-140/60-90.":
        "El más bajo y el más alto con un guion, por ejemplo 97-99.5; para la tensión arterial, sistólica y luego diastólica, por ejemplo 90-140/60-90.",
    "Possible values (something else only)": "Valores posibles (solo para otra cosa)",
    "The lowest and highest value that can be recorded at all, such as 0-10; a measurement in the list has its own.":
        "El valor más bajo y el más alto que se pueden registrar, por ejemplo 0-10; una medición de la lista tiene los suyos.",
    "None": "Ninguna",
    "Something else": "Otra cosa"
]

let _careKitWebMeasurementGerman: [String: String] = [
    ", ": ", ",
    "Change it": "Ändern",
    "Check this value": "Prüfen Sie diesen Wert",
    "Measure again if you can. Save it if it is what you measured.": "Messen Sie nach, wenn Sie können. Speichern Sie ihn, wenn Sie das gemessen haben.",
    "Save {value}": "{value} speichern",
    "{measurement}: {sentence}": "{measurement}: {sentence}",
    "; ": "; ",
    "Deleted": "Gelöscht",
    "Undo": "Rückgängig",
    "Undo deleting {value}": "Löschen von {value} rückgängig machen",
    "{value}, recorded {day} at {time}, deleted {deletedDay} at {deletedTime}": "{value}, erfasst am {day} um {time}, gelöscht am {deletedDay} um {deletedTime}",
    "Delete this entry?": "Diesen Eintrag löschen?",
    "{task}: {value}, recorded {day} at {time}.": "{task}: {value}, erfasst am {day} um {time}.",
    "It stays in the history as deleted, and you can undo it for {minutes} minutes.": "Er bleibt als gelöscht im Verlauf, und Sie können das {minutes} Minuten lang rückgängig machen.",
    "Delete {value}": "{value} löschen",
    "Keep it": "Behalten",
    "This store keeps no history of deleted entries.": "Dieser Speicher führt keinen Verlauf gelöschter Einträge.",
    "That is not an entry that was deleted.": "Das ist kein gelöschter Eintrag.",
    "That entry is no longer deleted, or was never recorded here. Reload the page to see the entries as they are.":
        "Dieser Eintrag ist nicht mehr gelöscht oder wurde hier nie erfasst. Laden Sie die Seite neu, um die Einträge zu sehen, wie sie sind.",
    "It is more than {minutes} minutes since it was deleted: record it again instead.": "Das Löschen ist mehr als {minutes} Minuten her: Erfassen Sie den Wert stattdessen neu.",
    "Enter both numbers, such as 128/84.": "Geben Sie beide Zahlen ein, etwa 128/84.",
    "For something else, its name, such as Peak flow; it is then recorded on the Symptom Tracker.": "Für etwas anderes dessen Name, etwa Peak-Flow; es wird dann im Symptomtagebuch erfasst.",
    "Such as °F. Empty: the usual unit of the measurement chosen.": "Etwa °F. Leer: die übliche Einheit des gewählten Messwerts.",
    "Target range": "Zielbereich",
    "Lowest and highest with a dash, such as 97-99.5; for blood pressure systolic then diastolic, such as 90-140/60-90.":
        "Niedrigster und höchster Wert mit Bindestrich, etwa 97-99.5; beim Blutdruck systolisch, dann diastolisch, etwa 90-140/60-90.",
    "Possible values (something else only)": "Mögliche Werte (nur für etwas anderes)",
    "The lowest and highest value that can be recorded at all, such as 0-10; a measurement in the list has its own.":
        "Der niedrigste und der höchste Wert, der überhaupt erfasst werden kann, etwa 0-10; ein Messwert der Liste hat eigene.",
    "None": "Keiner",
    "Something else": "Etwas anderes"
]

let _careKitWebMeasurementArabic: [String: String] = [
    ", ": "، ",
    "Change it": "تغييره",
    "Check this value": "تحقق من هذه القيمة",
    "Measure again if you can. Save it if it is what you measured.": "أعد القياس إن استطعت. احفظها إن كانت هي ما قسته.",
    "Save {value}": "حفظ {value}",
    "{measurement}: {sentence}": "{measurement}: {sentence}",
    "; ": "؛ ",
    "Deleted": "محذوف",
    "Undo": "تراجع",
    "Undo deleting {value}": "التراجع عن حذف {value}",
    "{value}, recorded {day} at {time}, deleted {deletedDay} at {deletedTime}": "{value}، سُجّل في {day} الساعة {time}، وحُذف في {deletedDay} الساعة {deletedTime}",
    "Delete this entry?": "هل تحذف هذا الإدخال؟",
    "{task}: {value}, recorded {day} at {time}.": "{task}: {value}، سُجّل في {day} الساعة {time}.",
    "It stays in the history as deleted, and you can undo it for {minutes} minutes.": "يبقى في السجل بوصفه محذوفًا، ويمكنك التراجع عن ذلك خلال {minutes} دقيقة.",
    "Delete {value}": "حذف {value}",
    "Keep it": "الإبقاء عليه",
    "This store keeps no history of deleted entries.": "لا يحتفظ هذا المخزن بسجل للإدخالات المحذوفة.",
    "That is not an entry that was deleted.": "هذا ليس إدخالًا محذوفًا.",
    "That entry is no longer deleted, or was never recorded here. Reload the page to see the entries as they are.":
        "لم يعد هذا الإدخال محذوفًا، أو لم يُسجَّل هنا قط. أعد تحميل الصفحة لترى الإدخالات كما هي.",
    "It is more than {minutes} minutes since it was deleted: record it again instead.": "مضى على حذفه أكثر من {minutes} دقيقة: سجّله من جديد بدلًا من ذلك.",
    "Enter both numbers, such as 128/84.": "أدخل الرقمين، مثل 128/84.",
    "For something else, its name, such as Peak flow; it is then recorded on the Symptom Tracker.": "لشيء آخر، اسمه، مثل ذروة التدفق؛ ويُسجَّل حينها في متتبع الأعراض.",
    "Such as °F. Empty: the usual unit of the measurement chosen.": "مثل °F. فارغ: الوحدة المعتادة للقياس المختار.",
    "Target range": "النطاق المستهدف",
    "Lowest and highest with a dash, such as 97-99.5; for blood pressure systolic then diastolic, such as 90-140/60-90.":
        "الأدنى والأعلى بينهما شرطة، مثل 97-99.5؛ ولضغط الدم الانقباضي ثم الانبساطي، مثل 90-140/60-90.",
    "Possible values (something else only)": "القيم الممكنة (لشيء آخر فقط)",
    "The lowest and highest value that can be recorded at all, such as 0-10; a measurement in the list has its own.":
        "أدنى قيمة وأعلى قيمة يمكن تسجيلهما أصلًا، مثل 0-10؛ لقياسات القائمة قيمها الخاصة.",
    "None": "لا شيء",
    "Something else": "شيء آخر"
]
