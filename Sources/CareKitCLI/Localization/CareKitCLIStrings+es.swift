/// CareKitCLI's text in Spanish.
let _careKitCLISpanish: [String: String] = [
    // Export and import
    "--format must be carekit, fhir or fhir-transaction, not '{value}'.": "--format debe ser carekit, fhir o fhir-transaction, no «{value}».",
    "{count} entity versions|one": "{count} versión de entidad",
    "{count} entity versions|other": "{count} versiones de entidades",
    "a FHIR Bundle of {count} resources ({types})|one": "un Bundle FHIR de {count} recurso ({types})",
    "a FHIR Bundle of {count} resources ({types})|other": "un Bundle FHIR de {count} recursos ({types})",
    "Not written: {note}": "No se ha escrito: {note}",
    "Exported {what} to {path}.": "Se han exportado {what} a {path}.",
    "Every version was read.": "Se han leído todas las versiones.",
    "The store is damaged (SQLite's check found {damage}) The export holds the {count} versions that could be read. {lost} Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.|one":
        "El almacén está dañado (la comprobación de SQLite encontró {damage}) La exportación contiene la {count} versión que se pudo leer. {lost} Impórtala en un almacén nuevo con `carekit import FILE --store NEW` o restaura una copia de seguridad.",
    "The store is damaged (SQLite's check found {damage}) The export holds the {count} versions that could be read. {lost} Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.|other":
        "El almacén está dañado (la comprobación de SQLite encontró {damage}) La exportación contiene las {count} versiones que se pudieron leer. {lost} Impórtala en un almacén nuevo con `carekit import FILE --store NEW` o restaura una copia de seguridad.",
    "Could not read {path}: {reason}. Nothing was imported.": "No se pudo leer {path}: {reason}. No se ha importado nada.",
    "Note: {note}": "Nota: {note}",
    "{file} is a FHIR {type}, not a Bundle: {reason}. Nothing was imported.": "{file} es un {type} de FHIR, no un Bundle: {reason}. No se ha importado nada.",
    "and {count} more|one": "y {count} más",
    "and {count} more|other": "y {count} más",
    "{file}: {count} FHIR resources cannot be placed in a CareKit store. Nothing was imported.|one":
        "{file}: {count} recurso FHIR no cabe en un almacén de CareKit. No se ha importado nada.",
    "{file}: {count} FHIR resources cannot be placed in a CareKit store. Nothing was imported.|other":
        "{file}: {count} recursos FHIR no caben en un almacén de CareKit. No se ha importado nada.",
    "{file} is a '{format}' file, not a CareKit export. Nothing was imported.": "{file} es un archivo «{format}», no una exportación de CareKit. No se ha importado nada.",
    "{file} was written by a newer carekit (export version {version}; this one reads up to {supported}). Update carekit. Nothing was imported.":
        "{file} lo escribió un carekit más reciente (versión de exportación {version}; este lee hasta la {supported}). Actualiza carekit. No se ha importado nada.",
    "{file} is not a CareKit export: {reason}. Nothing was imported.": "{file} no es una exportación de CareKit: {reason}. No se ha importado nada.",
    // Calendar
    "--years must be between 1 and 20.": "--years debe estar entre 1 y 20.",
    "Wrote the calendar of {count} tasks to {path}.|one": "Se ha escrito el calendario de {count} tarea en {path}.",
    "Wrote the calendar of {count} tasks to {path}.|other": "Se ha escrito el calendario de {count} tareas en {path}.",
    // Overview and errors
    "carekit — CareKit for Linux": "carekit — CareKit para Linux",
    "USAGE": "USO",
    "Without --store, the store is $XDG_DATA_HOME/CareKit/carekit.sqlite": "Sin --store, el almacén es $XDG_DATA_HOME/CareKit/carekit.sqlite",
    "(~/.local/share/CareKit/carekit.sqlite). Only `import`, `add-task`, `serve --demo` and `sync --create` create a store.":
        "(~/.local/share/CareKit/carekit.sqlite). Solo `import`, `add-task`, `serve --demo` y `sync --create` crean un almacén.",
    "Run `carekit COMMAND --help` for details.": "Ejecuta `carekit COMMAND --help` para ver los detalles.",
    "Exit codes: 0 success, 1 the operation failed, 2 the command was called wrongly.":
        "Códigos de salida: 0 éxito, 1 la operación falló, 2 la orden se escribió mal.",
    "carekit: unknown command '{command}'.": "carekit: la orden «{command}» no existe.",
    "Did you mean '{name}'?": "¿Querías decir «{name}»?",
    "Run `{command} --help` for usage.": "Ejecuta `{command} --help` para ver cómo se usa.",
    "The time zone saved in the store (set it with carekit serve --timezone)": "La zona horaria guardada en el almacén (se cambia con carekit serve --timezone)",
    "{source} must name a language CareKit speaks: {languages}, optionally with a region (es-MX); not '{tag}'.":
        "{source} debe indicar un idioma de CareKit: {languages}, con una región si quieres (es-MX); no «{tag}».",
    "{source} must name a time zone such as Europe/Madrid or America/New_York (the names in /usr/share/zoneinfo), not '{zone}'.":
        "{source} debe indicar una zona horaria como Europe/Madrid o America/New_York (los nombres de /usr/share/zoneinfo), no «{zone}».",
    "There is no store at {path}. Check --store; nothing was created. `carekit add-task`, `carekit import FILE`, `carekit serve --demo` or `carekit sync --create` create a store.":
        "No hay ningún almacén en {path}. Revisa --store; no se ha creado nada. `carekit add-task`, `carekit import FILE`, `carekit serve --demo` o `carekit sync --create` crean un almacén.",
    "--{option} must be a date written YYYY-MM-DD, not '{value}'.": "--{option} debe ser una fecha escrita AAAA-MM-DD (YYYY-MM-DD), no «{value}».",
    "--{option} must be a date written YYYY-MM-DD that the calendar has, not '{value}' (months run from 01 to 12, days to the month's last).":
        "--{option} debe ser una fecha AAAA-MM-DD (YYYY-MM-DD) que exista en el calendario, no «{value}» (los meses van del 01 al 12 y los días hasta el último del mes).",
    // Formatting
    "all day": "todo el día",
    "daily {time}": "a diario {time}",
    "weekly {time}": "cada semana {time}",
    "every {interval} {time}": "cada {interval} {time}",
    "{count} patient versions|one": "{count} versión de paciente",
    "{count} patient versions|other": "{count} versiones de paciente",
    "{count} care plan versions|one": "{count} versión de plan de cuidados",
    "{count} care plan versions|other": "{count} versiones de planes de cuidados",
    "{count} contact versions|one": "{count} versión de contacto",
    "{count} contact versions|other": "{count} versiones de contactos",
    "{count} task versions|one": "{count} versión de tarea",
    "{count} task versions|other": "{count} versiones de tareas",
    "{count} outcome versions|one": "{count} versión de resultado",
    "{count} outcome versions|other": "{count} versiones de resultados",
    "Imported nothing new.": "No se ha importado nada nuevo.",
    "Imported {versions}.": "Se han importado {versions}.",
    ", ": ", ",
    "{count} versions were already in the store and left as they were.|one": "{count} versión ya estaba en el almacén y se ha dejado como estaba.",
    "{count} versions were already in the store and left as they were.|other": "{count} versiones ya estaban en el almacén y se han dejado como estaban.",
    "{count} HealthKit task versions were left out: this store cannot hold HealthKit tasks.|one":
        "Se ha omitido {count} versión de tarea de HealthKit: este almacén no puede guardar tareas de HealthKit.",
    "{count} HealthKit task versions were left out: this store cannot hold HealthKit tasks.|other":
        "Se han omitido {count} versiones de tareas de HealthKit: este almacén no puede guardar tareas de HealthKit.",
    "it is not valid JSON ({detail})": "no es JSON válido ({detail})",
    "it is not valid JSON at {path} ({detail})": "no es JSON válido en {path} ({detail})",
    "'{key}' is missing": "falta «{key}»",
    "'{key}' is missing at {path}": "falta «{key}» en {path}",
    "{detail} at {path}": "{detail} en {path}",
    "there is no such file": "el archivo no existe",
    "permission denied": "permiso denegado",
    // Files
    "{path} is {kind}, not a regular file; nothing was written to it. Choose a file name with -o.":
        "{path} es {kind}, no un archivo normal; no se ha escrito nada en él. Elige un nombre de archivo con -o.",
    "{path} could not be written: {reason}.": "No se pudo escribir {path}: {reason}.",
    "{path} could not be written: cannot create a file in {folder} ({reason}). Nothing was written.":
        "No se pudo escribir {path}: no se puede crear un archivo en {folder} ({reason}). No se ha escrito nada.",
    "the current folder": "la carpeta actual",
    "{path} could not be written: {reason}. Nothing was changed.": "No se pudo escribir {path}: {reason}. No se ha cambiado nada.",
    "a symbolic link": "un enlace simbólico",
    "a folder": "una carpeta",
    "a pipe (FIFO)": "una tubería (FIFO)",
    "a device": "un dispositivo",
    "a socket": "un socket",
    "not a regular file": "algo que no es un archivo normal",
    // The plan
    "Added {task} (id {id}): {summary}.": "Se ha añadido {task} (id {id}): {summary}.",
    "{task}'s schedule was made by its app in a way edit-task cannot show, so editing it here would lose part of it; nothing was changed. `carekit stop-task {id}` stops it.":
        "El horario de {task} lo hizo su aplicación de una forma que edit-task no puede mostrar, así que editarlo aquí perdería una parte; no se ha cambiado nada. `carekit stop-task {id}` la detiene.",
    "Give --adherence or --no-adherence, not both.": "Indica --adherence o --no-adherence, no los dos.",
    "Changed {task} (id {id}) from {day}: {summary}.": "Se ha cambiado {task} (id {id}) desde el {day}: {summary}.",
    "Stopped {task} after {day}; its history stays.": "Se ha detenido {task} después del {day}; su historial se conserva.",
    // The patient
    "Example: carekit patient set --name \"Ada Lovelace\" --birthday 1960-03-15": "Ejemplo: carekit patient set --name \"Ada Lovelace\" --birthday 1960-03-15",
    "Give --name (or --given and --family), --birthday, or both.": "Indica --name (o --given y --family), --birthday, o ambos.",
    "Give --name, or --given and --family, not both.": "Indica --name, o --given y --family, no ambas cosas.",
    "No patient is recorded. `carekit patient set --name NAME` records one.": "No hay ningún paciente registrado. `carekit patient set --name NAME` registra uno.",
    "Saved: {patient}.": "Guardado: {patient}.",
    "Saves the patient's name and birthday: the store's patient, or a new version of it (what is not given stays).":
        "Guarda el nombre y la fecha de nacimiento del paciente: el paciente del almacén, o una nueva versión de él (lo que no se indica se mantiene).",
    "The birthday; \"none\" removes it.": "La fecha de nacimiento; «none» la quita.",
    "The family name (with --given).": "El apellido (con --given).",
    "The given names, for a name that does not split at its last word (with --family).": "Los nombres de pila, para un nombre que no se divide en su última palabra (con --family).",
    "The patient's name and birthday, as the report opens with them.": "El nombre y la fecha de nacimiento del paciente, con los que empieza el informe.",
    "The whole name; its last word is the family name (\"Ada King Lovelace\").": "El nombre completo; su última palabra es el apellido («Ada King Lovelace»).",
    "{name}, born {day} (age {age})": "{name}, nacido/a el {day} ({age} años)",
    // Report
    "Care report": "Informe de cuidados",
    "--title must not be empty.": "--title no puede estar vacío.",
    "Wrote the PDF report for {from} to {to} ({count} days) to {path}.|one": "Se ha escrito el informe PDF del {from} al {to} ({count} día) en {path}.",
    "Wrote the PDF report for {from} to {to} ({count} days) to {path}.|other": "Se ha escrito el informe PDF del {from} al {to} ({count} días) en {path}.",
    "Wrote the HTML report for {from} to {to} ({count} days) to {path}.|one": "Se ha escrito el informe HTML del {from} al {to} ({count} día) en {path}.",
    "Wrote the HTML report for {from} to {to} ({count} days) to {path}.|other": "Se ha escrito el informe HTML del {from} al {to} ({count} días) en {path}.",
    "The date is out of range.": "La fecha está fuera del rango posible.",
    "--from ({from}) must not be after --to ({to}).": "--from ({from}) no puede ser posterior a --to ({to}).",
    "The report covers {count} days; at most {maximum} are allowed.|one": "El informe abarca {count} día; se permiten como máximo {maximum}.",
    "The report covers {count} days; at most {maximum} are allowed.|other": "El informe abarca {count} días; se permiten como máximo {maximum}.",
    "--format must be pdf or html, not '{value}'.": "--format debe ser pdf o html, no «{value}».",
    "--paper must be a4 or letter, not '{value}'.": "--paper debe ser a4 o letter, no «{value}».",
    // Serve
    "--port must be between 0 and 65535.": "--port debe estar entre 0 y 65535.",
    "--token-file goes with --sync URL.": "--token-file va con --sync URL.",
    "Created a new, empty store; the app opens on its welcome page.": "Se ha creado un almacén nuevo y vacío; la aplicación se abre en su página de bienvenida.",
    "WARNING: the app will show this store but refuse every change. {reason}": "AVISO: la aplicación mostrará este almacén pero rechazará cualquier cambio. {reason}",
    "Seeded ZombieKit's care plan into the store.": "Se ha cargado el plan de cuidados de ZombieKit en el almacén.",
    "The store already has tasks; ZombieKit uses them as they are.": "El almacén ya tiene tareas; ZombieKit las usa tal como están.",
    "WARNING: listening on {host}: anyone on the network who has the token can read and change this health data.":
        "AVISO: escuchando en {host}: cualquier persona de la red que tenga el token puede leer y cambiar estos datos de salud.",
    "{app} is running at {address}": "{app} está funcionando en {address}",
    "Store: {path}. Press Ctrl-C to stop.": "Almacén: {path}. Pulsa Ctrl-C para detenerlo.",
    "in memory": "en memoria",
    "Stopping…": "Deteniendo…",
    "Stopped.": "Detenido.",
    "Days and times follow the time zone {zone} (change it with --timezone, which saves it in the store).":
        "Los días y las horas siguen la zona horaria {zone} (cámbiala con --timezone, que la guarda en el almacén).",
    "Days and times follow the time zone {zone}, saved in the store: later runs and commands on this store follow it too.":
        "Los días y las horas siguen la zona horaria {zone}, guardada en el almacén: las próximas ejecuciones y órdenes con este almacén también la siguen.",
    "Days and times follow the time zone {zone} for this run only; it could not be saved in the store: {reason}.":
        "Los días y las horas siguen la zona horaria {zone} solo en esta ejecución; no se pudo guardar en el almacén: {reason}.",
    "The app speaks {language}, saved in the store, unless a browser chooses another on its Settings page (change it with --language).":
        "La aplicación está en {language}, guardado en el almacén, salvo que un navegador elija otro en su página de Ajustes (cámbialo con --language).",
    "The app speaks {language} (from CAREKIT_LANGUAGE) unless a browser chooses another on its Settings page.":
        "La aplicación está en {language} (de CAREKIT_LANGUAGE), salvo que un navegador elija otro en su página de Ajustes.",
    "The app speaks the language each browser asks for, else English (choose one with --language, which saves it in the store).":
        "La aplicación usa el idioma que pide cada navegador, o si no inglés (elige uno con --language, que lo guarda en el almacén).",
    "The app speaks {language}, saved in the store: later runs and commands on this store speak it too.":
        "La aplicación está en {language}, guardado en el almacén: las próximas ejecuciones y órdenes con este almacén también lo usan.",
    "The app speaks {language} for this run only; it could not be saved in the store: {reason}":
        "La aplicación está en {language} solo en esta ejecución; no se pudo guardar en el almacén: {reason}",
    "Synchronizing works again.": "La sincronización vuelve a funcionar.",
    "Synchronizing failed (retrying every few seconds): {reason}": "La sincronización ha fallado (se reintenta cada pocos segundos): {reason}",
    // Tasks and events
    "No tasks on {day}.": "No hay tareas el {day}.",
    "yes": "sí",
    "no": "no",
    "ID": "ID",
    "TITLE": "TÍTULO",
    "SCHEDULE": "HORARIO",
    "COUNTS": "CUENTA",
    "Give --date, or --from and --to, not both.": "Indica --date, o --from y --to, no ambos.",
    "--from must not be after --to.": "--from no puede ser posterior a --to.",
    "--from and --to go together.": "--from y --to van juntos.",
    "No events on {day}.": "No hay eventos el {day}.",
    "done": "hecho",
    "TIME": "HORA",
    "TASK": "TAREA",
    "OCCURRENCE": "OCURRENCIA",
    "STATUS": "ESTADO",
    "VALUES": "VALORES",
    "{task} at {time} was already done.": "{task} a las {time} ya estaba hecho.",
    "Done: {task} at {time} (occurrence {occurrence}).": "Hecho: {task} a las {time} (ocurrencia {occurrence}).",
    "Logged {value} for {task} at {time}.": "Se ha registrado {value} para {task} a las {time}.",
    "Task '{task}' has no event on {day}. Run `carekit events` to see the day's events.":
        "La tarea «{task}» no tiene ningún evento el {day}. Ejecuta `carekit events` para ver los eventos del día.",
    "No task '{task}' (did you mean '{guess}'?). Run `carekit tasks` to see the tasks.":
        "No hay ninguna tarea «{task}» (¿querías decir «{guess}»?). Ejecuta `carekit tasks` para ver las tareas.",
    "No task '{task}'. Run `carekit tasks` to see the tasks.": "No hay ninguna tarea «{task}». Ejecuta `carekit tasks` para ver las tareas.",
    // Sync
    "--server needs the server's address, such as https://care.example.org/.": "--server necesita la dirección del servidor, como https://care.example.org/.",
    "--page-size must be between 1 and 5000.": "--page-size debe estar entre 1 y 5000.",
    "pulled {count} new versions|one": "{count} versión nueva recibida",
    "pulled {count} new versions|other": "{count} versiones nuevas recibidas",
    "pushed {count}|one": "{count} enviada",
    "pushed {count}|other": "{count} enviadas",
    "this store was a copy or a restore of another store file: it took a new identity and pushed again what the server had not acknowledged":
        "este almacén era una copia o una restauración de otro archivo de almacén: tomó una identidad nueva y volvió a enviar lo que el servidor no había confirmado",
    "resolved {count} conflicts|one": "{count} conflicto resuelto",
    "resolved {count} conflicts|other": "{count} conflictos resueltos",
    "{count} waiting for versions they follow (the next sync brings them)|one":
        "{count} a la espera de las versiones que la preceden (la próxima sincronización las trae)",
    "{count} waiting for versions they follow (the next sync brings them)|other":
        "{count} a la espera de las versiones que las preceden (la próxima sincronización las trae)",
    "Synchronized with {server}: {parts}.": "Sincronizado con {server}: {parts}.",
    "carekit sync: not stored: {problem}": "carekit sync: no se ha guardado: {problem}",
    "'{address}' is not a sync server's address, such as https://care.example.org/.":
        "«{address}» no es la dirección de un servidor de sincronización, como https://care.example.org/.",
    "{address} would send the device token and health data unencrypted; use https:// (http:// only for this machine).":
        "{address} enviaría el token del dispositivo y los datos de salud sin cifrar; usa https:// (http:// solo para este equipo).",
    "--token-file is needed: the file with this patient's device token.": "Falta --token-file: el archivo con el token de dispositivo de este paciente.",
    "Could not read the token file {path}: {reason}.": "No se pudo leer el archivo del token {path}: {reason}.",
    "{path} does not hold a device token (64 hex digits, as `carekit sync-server add-patient` prints).":
        "{path} no contiene un token de dispositivo (64 dígitos hexadecimales, como los que muestra `carekit sync-server add-patient`).",
    "carekit sync: warning: {path} can be read by other users (mode {mode}); `chmod 600 {path}`.":
        "carekit sync: aviso: otros usuarios pueden leer {path} (modo {mode}); `chmod 600 {path}`.",
    // Sync server
    "--tls-cert and --tls-key go together.": "--tls-cert y --tls-key van juntos.",
    "Listening on {address} would send device tokens and health data unencrypted: give --tls-cert and --tls-key, or --behind-proxy when a proxy in front speaks HTTPS.":
        "Escuchar en {address} enviaría los tokens de dispositivo y los datos de salud sin cifrar: indica --tls-cert y --tls-key, o --behind-proxy si un proxy delante habla HTTPS.",
    "The CareKit sync server is running at {address} (the protocol: /sync/v1/openapi.json; FHIR R4: /fhir/R4/metadata).":
        "El servidor de sincronización de CareKit está funcionando en {address} (el protocolo: /sync/v1/openapi.json; FHIR R4: /fhir/R4/metadata).",
    "Press Ctrl-C to stop.": "Pulsa Ctrl-C para detenerlo.",
    "Added {patient}. This is the device token; it is shown once (put it in a file only you can read, for --token-file):":
        "Se ha añadido a {patient}. Este es el token del dispositivo; se muestra una sola vez (guárdalo en un archivo que solo tú puedas leer, para --token-file):",
    "A new device token for {patient}; it is shown once:": "Un token de dispositivo nuevo para {patient}; se muestra una sola vez:",
    "No patients yet; `carekit sync-server add-patient NAME` adds one.": "Todavía no hay pacientes; `carekit sync-server add-patient NAME` añade uno.",
    "PATIENT": "PACIENTE",
    "ADDED": "AÑADIDO",
    "Added the clinician {email}. `carekit sync-server assign {email} PATIENT` lets them see a patient.":
        "Se ha añadido al profesional sanitario {email}. `carekit sync-server assign {email} PATIENT` le permite ver a un paciente.",
    "{clinician} now sees {patient} on the dashboard.": "{clinician} ya ve a {patient} en el panel.",
    "Password (at least {count} characters): |one": "Contraseña (al menos {count} carácter): ",
    "Password (at least {count} characters): |other": "Contraseña (al menos {count} caracteres): ",
    // Help
    "carekit (the default): the whole history in CareKit's format, which `carekit import` restores exactly. fhir: an HL7 FHIR R4 Bundle (type collection) for health systems: the patient, care plans with their tasks as activities and schedules as Timing, outcomes as Observations, contacts (docs/fhir.md). fhir-transaction: the same as a transaction Bundle to POST to a FHIR server, each resource PUT at its id.":
        "carekit (predeterminado): todo el historial en el formato de CareKit, que `carekit import` restaura tal cual. fhir: un Bundle HL7 FHIR R4 (de tipo collection) para sistemas sanitarios: el paciente, los planes de cuidados con sus tareas como actividades y sus horarios como Timing, los resultados como Observations, los contactos (docs/fhir.md). fhir-transaction: lo mismo como un Bundle de transacción para enviar con POST a un servidor FHIR, cada recurso con PUT en su id.",
    "A complete backup: every version of every entity (edits, deletions and their history), as JSON in CareKit's format ({\"type\", \"object\"} entities). `carekit import` restores it. With --format fhir, the plan and its results as a FHIR R4 Bundle.":
        "Una copia de seguridad completa: cada versión de cada entidad (ediciones, eliminaciones y su historial), como JSON en el formato de CareKit (entidades {\"type\", \"object\"}). `carekit import` la restaura. Con --format fhir, el plan y sus resultados como un Bundle FHIR R4.",
    "Without -o the JSON goes to standard output. A damaged store is exported as far as it can be read: what could not be read is listed, and the command exits 1. With --encrypt-to or --passphrase-file the file is encrypted in the age format (age-encryption.org/v1), which `age -d` and `carekit import` read.":
        "Sin -o, el JSON va a la salida estándar. Un almacén dañado se exporta hasta donde se puede leer: se lista lo que no se pudo leer y la orden termina con 1. Con --encrypt-to o --passphrase-file el archivo se cifra en el formato age (age-encryption.org/v1), que leen `age -d` y `carekit import`.",
    "Restores a file written by `carekit export` (or a JSON array of CareKit {\"type\", \"object\"} entities) with its whole history, in one transaction: everything or nothing. Versions the store already has are skipped, so importing a file twice adds nothing the second time. A FHIR R4 Bundle is read too: its CarePlans' activities become tasks with schedules, its Observations outcomes on their events. The store is created if it does not exist.":
        "Restaura un archivo escrito por `carekit export` (o un array JSON de entidades {\"type\", \"object\"} de CareKit) con todo su historial, en una sola transacción: todo o nada. Las versiones que el almacén ya tiene se saltan, así que importar un archivo dos veces no añade nada la segunda vez. También se lee un Bundle FHIR R4: las actividades de sus CarePlans se convierten en tareas con horarios, y sus Observations en resultados de sus eventos. El almacén se crea si no existe.",
    "The JSON file, or an age file of it; \"-\" reads standard input.": "El archivo JSON, o un archivo age de él; «-» lee la entrada estándar.",
    "A FHIR resource that cannot be placed (an activity without a Timing CareKit can follow, an Observation on no event) is listed with the reason, and nothing is imported. Resources CareKit has no place for (a Condition, an Encounter) are listed as skipped. Times without a time zone are read in the patient's (--timezone, else $CAREKIT_TIMEZONE, else TZ).":
        "Un recurso FHIR que no se puede colocar (una actividad sin un Timing que CareKit pueda seguir, una Observation sin evento) se lista con el motivo, y no se importa nada. Los recursos para los que CareKit no tiene sitio (una Condition, un Encounter) se listan como omitidos. Las horas sin zona horaria se leen en la del paciente (--timezone, si no $CAREKIT_TIMEZONE, si no TZ).",
    "The calendar's name shown by calendar apps (default \"Care plan\").":
        "El nombre del calendario que muestran las aplicaciones de calendario (predeterminado «Care plan»).",
    "How many years ahead schedules that cannot be written as a rule are listed (default 3, at most 20).":
        "Cuántos años por delante se listan los horarios que no se pueden escribir como regla (predeterminado 3, como máximo 20).",
    "Writes the care plan as an iCalendar (RFC 5545) file: every task's events with their times, time zones and reminders, for a phone's calendar to show and remind without the app.":
        "Escribe el plan de cuidados como un archivo iCalendar (RFC 5545): los eventos de cada tarea con sus horas, zonas horarias y recordatorios, para que el calendario del teléfono los muestre y avise sin la aplicación.",
    "Without -o the calendar goes to standard output. A task changed or stopped in the store ends in the calendar where it changed.":
        "Sin -o, el calendario va a la salida estándar. Una tarea cambiada o detenida en el almacén termina en el calendario donde cambió.",
    "The store (default $XDG_DATA_HOME/CareKit/carekit.sqlite).":
        "El almacén (predeterminado $XDG_DATA_HOME/CareKit/carekit.sqlite).",
    "The day, in local time (default: today).":
        "El día, en hora local (predeterminado: hoy).",
    "Writes JSON instead of a table.":
        "Escribe JSON en lugar de una tabla.",
    "The task's occurrence N (counted from 0 since the schedule's start) instead of the day's.":
        "La ocurrencia N de la tarea (contada desde 0 a partir del inicio del horario) en lugar de la del día.",
    "The patient's time zone, where days begin and end: an IANA name such as Europe/Madrid (default: $CAREKIT_TIMEZONE, else the machine's).":
        "La zona horaria del paciente, donde empiezan y terminan los días: un nombre IANA como Europe/Madrid (predeterminado: $CAREKIT_TIMEZONE, si no la del equipo).",
    "The language of messages and reports: en, es, de or ar, optionally with a region (es-MX) (default: $CAREKIT_LANGUAGE, else the store's, else $LANG's, else English).":
        "El idioma de los mensajes y los informes: en, es, de o ar, con una región si quieres (es-MX) (predeterminado: $CAREKIT_LANGUAGE, si no el del almacén, si no el de $LANG, si no inglés).",
    "Where to write (created private to you, 0600); \"-\" is standard output.":
        "Dónde escribir (se crea privado para ti, 0600); «-» es la salida estándar.",
    "Instructions or dose, such as \"500 mg with food\".":
        "Instrucciones o dosis, como «500 mg con comida».",
    "Times of day on a 24-hour clock, comma-separated: 08:00,20:00 (8 pm is 20:00; 8am and 25:00 are refused).":
        "Horas del día en formato de 24 horas, separadas por comas: 08:00,20:00 (las 8 de la tarde son 20:00; 8am y 25:00 se rechazan).",
    "Weekdays, comma-separated: mon,thu (default every day).":
        "Días de la semana, separados por comas: mon,thu (predeterminado: todos los días).",
    "Every N days from the first day instead of weekdays (2: every other day).":
        "Cada N días desde el primer día en lugar de días de la semana (2: un día sí y otro no).",
    "The first day (default today).":
        "El primer día (predeterminado: hoy).",
    "The last day, included (default: no end).":
        "El último día, incluido (predeterminado: sin fin).",
    "Once a day, all day, instead of at times.":
        "Una vez al día, todo el día, en lugar de a ciertas horas.",
    "The events do not count towards adherence (a task to log when it happens).":
        "Los eventos no cuentan para la adherencia (una tarea que se registra cuando ocurre).",
    "A value to record at each event, such as Temperature (it goes on the Symptom Tracker).":
        "Un valor que se registra en cada evento, como Temperatura (aparece en el Registro de síntomas).",
    "The measurement's unit, such as °F.":
        "La unidad de la medición, como °F.",
    "Remind this many minutes before each event (0: at its start); calendar feeds carry it.":
        "Avisa tantos minutos antes de cada evento (0: al empezar); los calendarios suscritos lo incluyen.",
    "The task's name, such as Metformin.":
        "El nombre de la tarea, como Metformina.",
    "Adds a task to the plan: a medication, an exercise or a measurement, at times on chosen days (creating the store if there is none).":
        "Añade una tarea al plan: un medicamento, un ejercicio o una medición, a ciertas horas en los días elegidos (crea el almacén si no hay ninguno).",
    "Example: carekit add-task Metformin --instructions \"500 mg with food\" --times 08:00,20:00 --days mon,thu --from 2026-12-01":
        "Ejemplo: carekit add-task Metformina --instructions \"500 mg con comida\" --times 08:00,20:00 --days mon,thu --from 2026-12-01",
    "A new name.":
        "Un nombre nuevo.",
    "The events count towards adherence again.":
        "Los eventos vuelven a contar para la adherencia.",
    "Records no value any more.":
        "Ya no se registra ningún valor.",
    "The day the change starts (default today: today's earlier events stay as they were).":
        "El día en que empieza el cambio (predeterminado hoy: los eventos anteriores de hoy se quedan como estaban).",
    "The last day, included; \"none\" for no end.":
        "El último día, incluido; «none» para que no tenga fin.",
    "Remind this many minutes before each event (0: at its start); \"off\" for no reminder.":
        "Avisa tantos minutos antes de cada evento (0: al empezar); «off» para no avisar.",
    "Changes TASK's schedule or details from a day on (a new version of the task: what was recorded before stays).":
        "Cambia el horario o los detalles de TASK a partir de un día (una versión nueva de la tarea: lo registrado antes se conserva).",
    "Options not given keep their values. A change may not start before a day with entries recorded after it: the message names the day to choose.":
        "Las opciones que no indiques mantienen sus valores. Un cambio no puede empezar antes de un día con registros posteriores: el mensaje indica qué día elegir.",
    "The last day the task happens, included (default today).":
        "El último día en que se hace la tarea, incluido (predeterminado: hoy).",
    "Stops TASK after a day (today by default): its schedule ends, and what was recorded stays in its history.":
        "Detiene TASK después de un día (hoy de forma predeterminada): su horario termina y lo registrado se queda en su historial.",
    "The first day of the report (local time). By default the last 7 days, ending today; --from alone runs 7 days from it.":
        "El primer día del informe (hora local). De forma predeterminada, los últimos 7 días hasta hoy; --from solo abarca 7 días desde esa fecha.",
    "The last day of the report; --to alone ends the 7 days on it.":
        "El último día del informe; --to solo termina los 7 días en esa fecha.",
    "pdf (the default) or html (a standalone, print-friendly page). Without it, an -o FILE ending in .html or .htm writes HTML.":
        "pdf (predeterminado) o html (una página independiente, fácil de imprimir). Sin esta opción, un -o FILE que termine en .html o .htm escribe HTML.",
    "Where to write (created private to you, 0600); by default carekit-report-FROM-TO.pdf (or .html) in the current folder. \"-\" writes to standard output.":
        "Dónde escribir (se crea privado para ti, 0600); de forma predeterminada carekit-report-FROM-TO.pdf (o .html) en la carpeta actual. «-» escribe en la salida estándar.",
    "The report's title (default \"Care report\").":
        "El título del informe (predeterminado «Care report»).",
    "The paper size: a4 (the default) or letter.":
        "El tamaño del papel: a4 (predeterminado) o letter.",
    "The care report for a care team: per task the completion per day, the assessment values with their units, the adherence chart, and the patient's name.":
        "El informe de cuidados para un equipo sanitario: por tarea, lo completado cada día, los valores de las evaluaciones con sus unidades, el gráfico de adherencia y el nombre del paciente.",
    "The TCP port (default 8080; 0 picks a free one).":
        "El puerto TCP (predeterminado 8080; 0 elige uno libre).",
    "The address to listen on (default 127.0.0.1). Any other address exposes health data to the network and needs --token.":
        "La dirección en la que escuchar (predeterminada 127.0.0.1). Cualquier otra dirección expone los datos de salud a la red y necesita --token.",
    "A secret of at least 16 characters the browser must present (open the printed link once). Every local user can read it in the process list: prefer --access-token-file or $CAREKIT_ACCESS_TOKEN.":
        "Un secreto de al menos 16 caracteres que el navegador debe presentar (abre una vez el enlace que se muestra). Cualquier usuario local puede leerlo en la lista de procesos: mejor use --access-token-file o $CAREKIT_ACCESS_TOKEN.",
    "Runs ZombieKit, the tutorial's app, and seeds its care plan if the store has no tasks yet; creates the store if it does not exist.":
        "Ejecuta ZombieKit, la aplicación del tutorial, y carga su plan de cuidados si el almacén aún no tiene tareas; crea el almacén si no existe.",
    "Other names the browser may use to reach the app (a reverse proxy's, one in /etc/hosts), comma-separated; requests naming any other host are refused.":
        "Otros nombres que el navegador puede usar para llegar a la aplicación (el de un proxy inverso, uno de /etc/hosts), separados por comas; se rechazan las peticiones que nombran cualquier otro host.",
    "Renders every page from the store (pages are otherwise kept until the store changes).":
        "Genera cada página desde el almacén (si no, las páginas se guardan hasta que el almacén cambia).",
    "Synchronizes the store with this sync server: after every change, and every few seconds for the other devices' (needs --token-file). The store is created when missing.":
        "Sincroniza el almacén con este servidor de sincronización: después de cada cambio, y cada pocos segundos para los de los otros dispositivos (necesita --token-file). El almacén se crea si falta.",
    "Serves the care app (Care Card, Symptom Tracker, Insights, Connect) on http://127.0.0.1:8080 from the store.":
        "Sirve la aplicación de cuidados (Care Card, Symptom Tracker, Insights, Connect) en http://127.0.0.1:8080 desde el almacén.",
    "Ctrl-C stops the server after the requests in progress (and their writes) finish. A read-only or damaged store is served for reading: every change is refused with the reason.":
        "Ctrl-C detiene el servidor cuando terminan las peticiones en curso (y sus escrituras). Un almacén de solo lectura o dañado se sirve para leer: cada cambio se rechaza con el motivo.",
    "The tasks in effect on the day (today by default).":
        "Las tareas vigentes el día indicado (hoy de forma predeterminada).",
    "The first day of a range of days (instead of --date).":
        "El primer día de un rango de días (en lugar de --date).",
    "The last day of the range (with --from).":
        "El último día del rango (con --from).",
    "Every event of the day (today by default), or of the days --from through --to, with its outcome.":
        "Cada evento del día (hoy de forma predeterminada), o de los días de --from a --to, con su resultado.",
    "The task's id (see `carekit tasks`).":
        "El id de la tarea (consulta `carekit tasks`).",
    "Marks an event of TASK done: occurrence N, or the day's first event not yet done. Completing an event that is done changes nothing.":
        "Marca como hecho un evento de TASK: la ocurrencia N, o el primer evento del día que aún no está hecho. Completar un evento que ya está hecho no cambia nada.",
    "The value's unit, such as °F or mg.":
        "La unidad del valor, como °F o mg.",
    "What the value is, such as systolic (CareKit's outcome value kind).":
        "Qué es el valor, como systolic (el tipo de valor de resultado de CareKit).",
    "Records VALUE on the day's current event of TASK (or occurrence N); values add up, nothing is replaced.":
        "Registra VALUE en el evento actual del día de TASK (o en la ocurrencia N); los valores se suman, no se reemplaza nada.",
    "A whole number (negative ones too: -5), a decimal with a point or a comma (98.6, 98,6; not 1,234, which could be either), optionally with units that convert (\"98.6 F\", \"37,2 °C\", \"70 kg\"), yes or no, or text.":
        "Un número entero (también negativo: -5), un decimal con punto o con coma (98.6, 98,6; no 1,234, que podría ser cualquiera de los dos), opcionalmente con unidades que se convierten («98.6 F», «37,2 °C», «70 kg»), yes o no, o texto.",
    "The sync server, e.g. https://care.example.org/ (http:// only for this machine).":
        "El servidor de sincronización, p. ej. https://care.example.org/ (http:// solo para este equipo).",
    "A file holding this patient's device token (from `carekit sync-server add-patient`); keep it private (0600).":
        "Un archivo con el token de dispositivo de este paciente (de `carekit sync-server add-patient`); mantenlo privado (0600).",
    "Creates the store when it does not exist yet (a new device of the patient).":
        "Crea el almacén si aún no existe (un dispositivo nuevo del paciente).",
    "The most versions in one request (default 2000): smaller on a slow or unreliable network.":
        "El máximo de versiones en una petición (predeterminado 2000): menos en una red lenta o poco fiable.",
    "Synchronizes the store with a sync server once: pulls what the patient's other devices wrote, resolves conflicts, pushes what the server has not seen.":
        "Sincroniza una vez el almacén con un servidor de sincronización: recibe lo que escribieron los otros dispositivos del paciente, resuelve conflictos y envía lo que el servidor no ha visto.",
    "Exit 0 when both directions completed; 1 when something failed (what was pulled is kept, and the next sync completes the rest); 130 when stopped by Ctrl-C.":
        "Sale con 0 si las dos direcciones se completaron; con 1 si algo falló (lo recibido se conserva y la próxima sincronización completa el resto); con 130 si se detuvo con Ctrl-C.",
    "stopped by Ctrl-C. Nothing is half-written: each step lands whole or not at all, and the store keeps what finished. Run `carekit sync` again to complete the rest.":
        "detenido con Ctrl-C. Nada quedó a medias: cada paso se guarda entero o no se guarda, y el almacén conserva lo que terminó. Ejecute `carekit sync` de nuevo para completar el resto.",
    "The server's database: a SQLite file (default $XDG_DATA_HOME/CareKit/sync-server.sqlite; created private to you, 0600) or PostgreSQL, postgres://user@host/dbname (several servers can share one).":
        "La base de datos del servidor: un archivo SQLite (predeterminado $XDG_DATA_HOME/CareKit/sync-server.sqlite; se crea privado para ti, 0600) o PostgreSQL, postgres://user@host/dbname (varios servidores pueden compartir una).",
    "The TCP port (default 8443; 0 picks a free one).":
        "El puerto TCP (predeterminado 8443; 0 elige uno libre).",
    "The proxies whose X-Forwarded-For names the client, comma-separated addresses or networks (10.0.0.5, 10.0.0.0/8, ::1); --behind-proxy alone trusts 127.0.0.1 and ::1. Every other peer keeps its own address, whatever it claims.":
        "Los proxies cuyo X-Forwarded-For nombra al cliente, direcciones o redes separadas por comas (10.0.0.5, 10.0.0.0/8, ::1); --behind-proxy solo confía en 127.0.0.1 y ::1. Cualquier otro interlocutor conserva su propia dirección, diga lo que diga.",
    "The address to listen on (default 127.0.0.1). Any other address needs --tls-cert and --tls-key, or --behind-proxy.":
        "La dirección en la que escuchar (predeterminada 127.0.0.1). Cualquier otra dirección necesita --tls-cert y --tls-key, o --behind-proxy.",
    "Serves HTTPS with this certificate (PEM).":
        "Sirve HTTPS con este certificado (PEM).",
    "The certificate's private key (PEM).":
        "La clave privada del certificado (PEM).",
    "Serves plain HTTP beyond this machine because a proxy in front speaks HTTPS to the devices.":
        "Sirve HTTP sin cifrar fuera de este equipo porque un proxy delante habla HTTPS con los dispositivos.",
    "What the device is, to recognise its token later (default \"device\").":
        "Qué es el dispositivo, para reconocer su token más adelante (predeterminado «device»).",
    "The patient's name on this server (unique).":
        "El nombre del paciente en este servidor (único).",
    "The clinician's e-mail address, which they sign in with.":
        "La dirección de correo del profesional sanitario, con la que inicia sesión.",
    "The identifier's system, a URI (a hospital's MRN namespace, such as urn:oid:1.2.36.146.595.217.0.1).":
        "El sistema del identificador, una URI (el espacio de números de historia clínica de un hospital, como urn:oid:1.2.36.146.595.217.0.1).",
    "The identifier in that system (the MRN).":
        "El identificador en ese sistema (el número de historia clínica).",
    "Gives a patient an identifier in another system (their MRN), served on their FHIR Patient; one per system, a new one replaces it.":
        "Da a un paciente un identificador en otro sistema (su número de historia clínica), que lleva su Patient de FHIR; uno por sistema, uno nuevo lo reemplaza.",
    "{patient} is {value} in {system}; their FHIR Patient says so.":
        "{patient} es {value} en {system}; su Patient de FHIR lo dice.",
    "The name of a patient of this server.":
        "El nombre de un paciente de este servidor.",
    "Runs the sync server: a patient's devices pull and push their care-plan versions through it (docs/sync.md). Its OpenAPI document is at /sync/v1/openapi.json.":
        "Ejecuta el servidor de sincronización: los dispositivos de un paciente reciben y envían a través de él las versiones de su plan de cuidados (docs/sync.md). Su documento OpenAPI está en /sync/v1/openapi.json.",
    "Ctrl-C stops it after the requests in progress finish. Accounts: `carekit sync-server add-patient NAME`.":
        "Ctrl-C lo detiene cuando terminan las peticiones en curso. Cuentas: `carekit sync-server add-patient NAME`.",
    "Adds a patient to the sync server and prints the first device's token (256 random bits). Only a hash of it is kept: store it now, in a file only you can read.":
        "Añade un paciente al servidor de sincronización y muestra el token del primer dispositivo (256 bits aleatorios). Solo se guarda un hash: guárdalo ahora, en un archivo que solo tú puedas leer.",
    "Prints a new device token for a patient of the sync server (another phone, a tablet).":
        "Muestra un token de dispositivo nuevo para un paciente del servidor de sincronización (otro teléfono, una tableta).",
    "Lists the patients of the sync server.":
        "Lista los pacientes del servidor de sincronización.",
    "Adds a clinician who signs in to the dashboard (/team) with an e-mail address and a password (at least 12 characters), read from standard input or asked for; never give it as an argument. Only an Argon2id hash is kept.":
        "Añade un profesional sanitario que inicia sesión en el panel (/team) con una dirección de correo y una contraseña (al menos 12 caracteres), leída de la entrada estándar o pedida; nunca la pases como argumento. Solo se guarda un hash Argon2id.",
    "Lets a clinician see a patient on the dashboard; a clinician sees only the patients assigned to them.":
        "Permite que un profesional sanitario vea a un paciente en el panel; cada profesional solo ve a los pacientes que tiene asignados.",
    "The range the measurement should stay in, such as 97-99.5 (blood pressure: 90-140/60-90).":
        "El intervalo en que debe mantenerse la medición, por ejemplo 97-99.5 (tensión arterial: 90-140/60-90).",
    "For a measurement the app does not know: the lowest and highest value that can be recorded at all, such as 0-10.":
        "Para una medición que la app no conoce: el valor más bajo y el más alto que se pueden registrar, por ejemplo 0-10.",
    // The sync server's administration and audit trail
    "Warning: the server runs as the owner of the audit table, so it could switch its protection off. Run it as a role that may only INSERT and SELECT on it (docs/deploy.md, \"Two roles\").":
        "Aviso: el servidor se ejecuta como propietario de la tabla de auditoría, así que podría desactivar su protección. Ejecútelo con un rol que solo pueda hacer INSERT y SELECT en ella (docs/deploy.md, «Two roles»).",
    "Only this patient's.": "Solo los de este paciente.",
    "The device token's number, as `sync-server devices` lists it (at least 8 of its digits).": "El número del token del dispositivo, como lo lista `sync-server devices` (al menos 8 de sus dígitos).",
    "verify: checks every link of the chain. export: writes the trail out.": "verify: comprueba cada eslabón de la cadena. export: escribe el registro.",
    "For export: jsonl (the default), each line as stored with its hashes; fhir, FHIR R4 AuditEvent resources, one a line.":
        "Para export: jsonl (por defecto), cada línea tal como se guardó con sus hashes; fhir, recursos AuditEvent de FHIR R4, uno por línea.",
    "Lists the device tokens (by number, never the token), with when each was last used (to the hour) and whether it was revoked.":
        "Lista los tokens de dispositivo (por número, nunca el token), con su último uso (a la hora) y si se revocaron.",
    "Revokes a device token (a lost phone, a retired system): it is refused from its next request on, on every server of the database.":
        "Revoca un token de dispositivo (un teléfono perdido, un sistema retirado): se rechaza desde su siguiente petición, en todos los servidores de la base de datos.",
    "Disables a clinician's account: their sessions end at once and they cannot sign in until `enable`.":
        "Desactiva la cuenta de un profesional: sus sesiones terminan al instante y no puede iniciar sesión hasta `enable`.",
    "Lets a disabled clinician sign in again.": "Permite que un profesional desactivado vuelva a iniciar sesión.",
    "Removes a clinician for good: their sessions and assignments end; the account stays, disabled, so that the audit trail still names them.":
        "Elimina a un profesional para siempre: terminan sus sesiones y asignaciones; la cuenta se conserva, desactivada, para que el registro de auditoría lo siga nombrando.",
    "Stops a clinician seeing a patient on the dashboard, from their next page on.": "Deja de mostrar un paciente a un profesional en el panel, desde su siguiente página.",
    "Sets a clinician's password (at least 12 characters), read from standard input or asked for; their sessions end.":
        "Establece la contraseña de un profesional (al menos 12 caracteres), leída de la entrada estándar o pedida; sus sesiones terminan.",
    "Every clinician signs in with a code from an authenticator app after the password; one who has not set it up does so at their next sign-in, before seeing any patient.":
        "Cada profesional inicia sesión con un código de una app de autenticación después de la contraseña; quien aún no lo ha configurado lo hace en su próximo inicio de sesión, antes de ver a ningún paciente.",
    "Removes a clinician's two-step sign-in and recovery codes (a lost phone); their sessions end, and they set it up again at their next sign-in.":
        "Quita el inicio de sesión en dos pasos y los códigos de recuperación de un profesional (un teléfono perdido); sus sesiones terminan y lo vuelve a configurar en su próximo inicio de sesión.",
    "Two-step sign-in of {email} was reset; their sessions have ended. They set it up again at their next sign-in.":
        "Se restableció el inicio de sesión en dos pasos de {email}; sus sesiones han terminado. Lo vuelve a configurar en su próximo inicio de sesión.",
    "VALUE is empty: give what to record, such as 1, 98.6 F, yes, or a few words in quotes.":
        "VALUE está vacío: indique qué registrar, como 1, 98.6 F, yes o unas palabras entre comillas.",
    "VALUE has {count} characters; a value may have at most {limit}. Keep long text in a file of your own and record a short note.":
        "VALUE tiene {count} caracteres; un valor puede tener como máximo {limit}. Guarde el texto largo en un archivo propio y registre una nota breve.",
    "{path} is {kind}, not a database file; nothing was opened. Give the path of a file.":
        "{path} es {kind}, no un archivo de base de datos; no se abrió nada. Indique la ruta de un archivo.",
    "There is no sync-server database at {path}; nothing was created. Check --db, or start with `carekit sync-server add-patient NAME` or `carekit sync-server`, which create it.":
        "No hay base de datos del servidor de sincronización en {path}; no se creó nada. Revise --db, o empiece con `carekit sync-server add-patient NAME` o `carekit sync-server`, que la crean.",
    "Gives a clinician a new random password, shown once to hand over; their sessions end.":
        "Da a un profesional una contraseña aleatoria nueva, mostrada una vez para entregarla; sus sesiones terminan.",
    "Checks the audit trail's hash chain and names the first broken link (verify), or writes the trail out (export), to standard output or -o FILE.":
        "Comprueba la cadena de hashes del registro de auditoría y nombra el primer eslabón roto (verify), o escribe el registro (export), en la salida estándar o en -o FILE.",
    "No device tokens yet; `carekit sync-server add-patient NAME` adds a patient and its first one.":
        "Aún no hay tokens de dispositivo; `carekit sync-server add-patient NAME` añade un paciente y su primer token.",
    "DEVICE": "DISPOSITIVO",
    "LABEL": "ETIQUETA",
    "LAST USED": "ÚLTIMO USO",
    "STATE": "ESTADO",
    "never": "nunca",
    "revoked {day}": "revocado el {day}",
    "works": "válido",
    "Revoked the device token {device} ({label} of {patient}); it is refused from now on.": "Se revocó el token de dispositivo {device} ({label} de {patient}); se rechaza desde ahora.",
    "{email} can sign in again.": "{email} puede volver a iniciar sesión.",
    "{email} is disabled: signed out everywhere, and cannot sign in until `enable`.": "{email} está desactivado: sesión cerrada en todas partes, y no puede iniciar sesión hasta `enable`.",
    "{email} is removed: signed out everywhere, with no patients.": "{email} está eliminado: sesión cerrada en todas partes, sin pacientes.",
    "{clinician} no longer sees {patient} on the dashboard.": "{clinician} ya no ve a {patient} en el panel.",
    "Changed the password of {email}; their sessions have ended.": "Se cambió la contraseña de {email}; sus sesiones han terminado.",
    "A new password for {email}; it is shown once. Their sessions have ended. Hand it over in person:":
        "Una contraseña nueva para {email}; se muestra una sola vez. Sus sesiones han terminado. Entréguela en persona:",
    "the entry before it was changed, removed or inserted": "la entrada anterior se cambió, eliminó o insertó",
    "its content does not match its hash: it was changed": "su contenido no coincide con su hash: se cambió",
    "The audit trail is broken at entry {id}: {reason}. The {count} entries before it are intact. Keep the database as it is for the investigation; restore the audit from a backup to a new database.":
        "El registro de auditoría está roto en la entrada {id}: {reason}. Las {count} entradas anteriores están intactas. Deje la base de datos como está para la investigación; restaure el registro desde una copia de seguridad en una base de datos nueva.",
    "Every link of the audit trail's {count} entries holds. The last hash is {hash}: note it somewhere else; entries cut from the end would change it.":
        "Todos los eslabones de las {count} entradas del registro de auditoría se sostienen. El último hash es {hash}: anótelo en otro lugar; las entradas recortadas del final lo cambiarían.",
    "--format must be jsonl or fhir, not '{value}'.": "--format debe ser jsonl o fhir, no «{value}».",
    "Wrote the {count} entries of the audit trail to {path}.": "Se escribieron las {count} entradas del registro de auditoría en {path}.",
    "Say verify or export, not '{value}'.": "Indique verify o export, no «{value}».",
    // Encrypted exports and backups
    "Exported {what} to {path}, encrypted.": "Se exportó {what} a {path}, cifrado.",
    "Encrypts the file in the age format to these recipients: age1… public keys (`age-keygen` makes them), or files of them, one a line, separated by commas.":
        "Cifra el archivo en el formato age para estos destinatarios: claves públicas age1… (las crea `age-keygen`), o archivos de ellas, una por línea, separadas por comas.",
    "Encrypts (or decrypts) the file in the age format with the passphrase on the first line of FILE (scrypt), instead of keys.":
        "Cifra (o descifra) el archivo en el formato age con la frase de paso de la primera línea de FILE (scrypt), en lugar de claves.",
    "Decrypts an age file with the secret keys of FILE (`age-keygen`'s output).": "Descifra un archivo age con las claves secretas de FILE (la salida de `age-keygen`).",
    "Give --encrypt-to or --passphrase-file, not both: a passphrase file is readable by its passphrase alone.":
        "Indique --encrypt-to o --passphrase-file, no ambos: un archivo con frase de paso se lee solo con la frase.",
    "'{value}' is neither an age1… public key nor a file of them.": "«{value}» no es una clave pública age1… ni un archivo de ellas.",
    "{file} holds '{value}', which is not an age1… public key.": "{file} contiene «{value}», que no es una clave pública age1….",
    "--encrypt-to names no recipient.": "--encrypt-to no nombra ningún destinatario.",
    "Could not read the identity file {file}.": "No se pudo leer el archivo de identidad {file}.",
    "{file} is encrypted (age): give --identity FILE or --passphrase-file FILE to read it. Nothing was imported.":
        "{file} está cifrado (age): indique --identity FILE o --passphrase-file FILE para leerlo. No se importó nada.",
    "{file}: {reason} Nothing was imported.": "{file}: {reason} No se importó nada.",
    "Could not read the passphrase file {file}.": "No se pudo leer el archivo de frase de paso {file}.",
    "The passphrase in {file} is shorter than 8 characters.": "La frase de paso de {file} tiene menos de 8 caracteres.",
    "none of the given keys opens it.": "ninguna de las claves dadas lo abre.",
    "the passphrase does not open it.": "la frase de paso no lo abre.",
    "it was changed or damaged after it was written.": "se cambió o se dañó después de escribirse.",
    "it is cut short.": "está cortado.",
    "its passphrase needs more work than this machine allows.": "su frase de paso exige más trabajo del que permite esta máquina.",
    "{file} holds no AGE-SECRET-KEY-1… key.": "{file} no contiene ninguna clave AGE-SECRET-KEY-1….",
    "a passphrase cannot be combined with other recipients.": "una frase de paso no se puede combinar con otros destinatarios.",
    "it is not an age file.": "no es un archivo age.",
    "the system's random source or libsodium could not be used.": "no se pudo usar la fuente aleatoria del sistema o libsodium.",
    "Writes a consistent copy of the SQLite database, encrypted in the age format (--encrypt-to or --passphrase-file; `age -d` restores the file). For PostgreSQL, encrypt pg_dump's output with age (docs/deploy.md).":
        "Escribe una copia coherente de la base de datos SQLite, cifrada en el formato age (--encrypt-to o --passphrase-file; `age -d` restaura el archivo). Para PostgreSQL, cifre la salida de pg_dump con age (docs/deploy.md).",
    "Say where the backup goes: -o FILE.": "Indique dónde va la copia: -o FILE.",
    "A backup holds every patient's history: give --encrypt-to RECIPIENT or --passphrase-file FILE.":
        "Una copia de seguridad contiene el historial de todos los pacientes: indique --encrypt-to RECIPIENT o --passphrase-file FILE.",
    "This database is PostgreSQL: back it up with `pg_dump --format=custom carekit` and encrypt that with `age -r RECIPIENT` (docs/deploy.md).":
        "Esta base de datos es PostgreSQL: haga la copia con `pg_dump --format=custom carekit` y cífrela con `age -r RECIPIENT` (docs/deploy.md).",
    "Wrote an encrypted backup of the sync server's database to {path}; `age -d` gives back the SQLite file.":
        "Se escribió una copia cifrada de la base de datos del servidor de sincronización en {path}; `age -d` devuelve el archivo SQLite.",
    // Secrets of carekit serve
    "Reads the access token (as --token) from the first line of FILE, which only you may read (0600).":
        "Lee el token de acceso (como --token) de la primera línea de FILE, que solo usted puede leer (0600).",
    "Give --token or --access-token-file, not both.": "Indique --token o --access-token-file, no ambos.",
    "Could not read the access token file {path}: {reason}.": "No se pudo leer el archivo del token de acceso {path}: {reason}.",
    "{path} can be read by other users (mode {mode}), so the access token in it is not secret: `chmod 600 {path}`.":
        "Otros usuarios pueden leer {path} (modo {mode}), así que el token de acceso que contiene no es secreto: `chmod 600 {path}`.",
    "{path} holds no access token on its first line.": "{path} no contiene ningún token de acceso en su primera línea.",
    "WARNING: --token is visible to every user of this machine (in /proc); use --access-token-file or $CAREKIT_ACCESS_TOKEN.":
        "AVISO: --token es visible para todos los usuarios de esta máquina (en /proc); use --access-token-file o $CAREKIT_ACCESS_TOKEN.",
    "The link leaves out the access token: add ?token=TOKEN (from your token file) when you first open it.":
        "El enlace omite el token de acceso: añada ?token=TOKEN (de su archivo de token) la primera vez que lo abra.",
    "Removed the app's passcode: it opens without one until a new one is set on its Passcode page.":
        "Se quitó el código de acceso de la app: se abre sin él hasta que se ponga uno nuevo en su página Código de acceso.",
    "Removes the app's passcode (one forgotten) before serving; the care plan stays as it is. Whoever can run this can read the store anyway.":
        "Quita el código de acceso de la app (uno olvidado) antes de servirla; el plan de cuidados queda como está. Quien puede ejecutar esto puede leer el almacén de todos modos.",
    "The app asks for its passcode after some minutes without use (forgotten: --remove-passcode).": "La app pide su código de acceso tras unos minutos sin uso (si lo olvidó: --remove-passcode)."
]
