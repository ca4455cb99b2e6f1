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
    "The app speaks the language each browser asks for, else {language} (choose one with --language, which saves it in the store).":
        "La aplicación usa el idioma que pide cada navegador, o si no {language} (elige uno con --language, que lo guarda en el almacén).",
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
    "Password (at least {count} characters): |other": "Contraseña (al menos {count} caracteres): "
]
