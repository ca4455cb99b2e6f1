/// CareKitCLI's text in German.
let _careKitCLIGerman: [String: String] = [
    // Export and import
    "--format must be carekit, fhir or fhir-transaction, not '{value}'.": "--format muss carekit, fhir oder fhir-transaction sein, nicht „{value}“.",
    "{count} entity versions|one": "{count} Version einer Entität",
    "{count} entity versions|other": "{count} Versionen von Entitäten",
    "a FHIR Bundle of {count} resources ({types})|one": "ein FHIR-Bundle mit {count} Ressource ({types})",
    "a FHIR Bundle of {count} resources ({types})|other": "ein FHIR-Bundle mit {count} Ressourcen ({types})",
    "Not written: {note}": "Nicht geschrieben: {note}",
    "Exported {what} to {path}.": "{what} nach {path} exportiert.",
    "Every version was read.": "Alle Versionen wurden gelesen.",
    "The store is damaged (SQLite's check found {damage}) The export holds the {count} versions that could be read. {lost} Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.|one":
        "Der Speicher ist beschädigt (die Prüfung von SQLite fand {damage}) Der Export enthält die {count} Version, die gelesen werden konnte. {lost} Importieren Sie ihn mit `carekit import FILE --store NEW` in einen neuen Speicher, oder stellen Sie eine Sicherung wieder her.",
    "The store is damaged (SQLite's check found {damage}) The export holds the {count} versions that could be read. {lost} Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.|other":
        "Der Speicher ist beschädigt (die Prüfung von SQLite fand {damage}) Der Export enthält die {count} Versionen, die gelesen werden konnten. {lost} Importieren Sie ihn mit `carekit import FILE --store NEW` in einen neuen Speicher, oder stellen Sie eine Sicherung wieder her.",
    "Could not read {path}: {reason}. Nothing was imported.": "{path} konnte nicht gelesen werden: {reason}. Es wurde nichts importiert.",
    "Note: {note}": "Hinweis: {note}",
    "{file} is a FHIR {type}, not a Bundle: {reason}. Nothing was imported.": "{file} ist ein FHIR-{type}, kein Bundle: {reason}. Es wurde nichts importiert.",
    "and {count} more|one": "und {count} weitere",
    "and {count} more|other": "und {count} weitere",
    "{file}: {count} FHIR resources cannot be placed in a CareKit store. Nothing was imported.|one":
        "{file}: {count} FHIR-Ressource passt nicht in einen CareKit-Speicher. Es wurde nichts importiert.",
    "{file}: {count} FHIR resources cannot be placed in a CareKit store. Nothing was imported.|other":
        "{file}: {count} FHIR-Ressourcen passen nicht in einen CareKit-Speicher. Es wurde nichts importiert.",
    "{file} is a '{format}' file, not a CareKit export. Nothing was imported.": "{file} ist eine „{format}“-Datei, kein CareKit-Export. Es wurde nichts importiert.",
    "{file} was written by a newer carekit (export version {version}; this one reads up to {supported}). Update carekit. Nothing was imported.":
        "{file} wurde von einem neueren carekit geschrieben (Exportversion {version}; dieses liest bis {supported}). Aktualisieren Sie carekit. Es wurde nichts importiert.",
    "{file} is not a CareKit export: {reason}. Nothing was imported.": "{file} ist kein CareKit-Export: {reason}. Es wurde nichts importiert.",
    // Calendar
    "--years must be between 1 and 20.": "--years muss zwischen 1 und 20 liegen.",
    "Wrote the calendar of {count} tasks to {path}.|one": "Den Kalender mit {count} Aufgabe nach {path} geschrieben.",
    "Wrote the calendar of {count} tasks to {path}.|other": "Den Kalender mit {count} Aufgaben nach {path} geschrieben.",
    // Overview and errors
    "carekit — CareKit for Linux": "carekit — CareKit für Linux",
    "USAGE": "AUFRUF",
    "Without --store, the store is $XDG_DATA_HOME/CareKit/carekit.sqlite": "Ohne --store ist der Speicher $XDG_DATA_HOME/CareKit/carekit.sqlite",
    "(~/.local/share/CareKit/carekit.sqlite). Only `import`, `add-task`, `serve --demo` and `sync --create` create a store.":
        "(~/.local/share/CareKit/carekit.sqlite). Nur `import`, `add-task`, `serve --demo` und `sync --create` legen einen Speicher an.",
    "Run `carekit COMMAND --help` for details.": "Einzelheiten zeigt `carekit COMMAND --help`.",
    "Exit codes: 0 success, 1 the operation failed, 2 the command was called wrongly.":
        "Exit-Codes: 0 Erfolg, 1 der Vorgang ist fehlgeschlagen, 2 der Befehl wurde falsch aufgerufen.",
    "carekit: unknown command '{command}'.": "carekit: unbekannter Befehl „{command}“.",
    "Did you mean '{name}'?": "Meinten Sie „{name}“?",
    "Run `{command} --help` for usage.": "Die Verwendung zeigt `{command} --help`.",
    "The time zone saved in the store (set it with carekit serve --timezone)": "Die im Speicher gesicherte Zeitzone (festgelegt mit carekit serve --timezone)",
    "{source} must name a language CareKit speaks: {languages}, optionally with a region (es-MX); not '{tag}'.":
        "{source} muss eine Sprache von CareKit nennen: {languages}, auf Wunsch mit Region (es-MX); nicht „{tag}“.",
    "{source} must name a time zone such as Europe/Madrid or America/New_York (the names in /usr/share/zoneinfo), not '{zone}'.":
        "{source} muss eine Zeitzone wie Europe/Madrid oder America/New_York nennen (die Namen in /usr/share/zoneinfo), nicht „{zone}“.",
    "There is no store at {path}. Check --store; nothing was created. `carekit add-task`, `carekit import FILE`, `carekit serve --demo` or `carekit sync --create` create a store.":
        "Unter {path} gibt es keinen Speicher. Prüfen Sie --store; es wurde nichts angelegt. `carekit add-task`, `carekit import FILE`, `carekit serve --demo` oder `carekit sync --create` legen einen Speicher an.",
    "--{option} must be a date written YYYY-MM-DD, not '{value}'.": "--{option} muss ein Datum in der Form JJJJ-MM-TT (YYYY-MM-DD) sein, nicht „{value}“.",
    "--{option} must be a date written YYYY-MM-DD that the calendar has, not '{value}' (months run from 01 to 12, days to the month's last).":
        "--{option} muss ein Datum in der Form JJJJ-MM-TT (YYYY-MM-DD) sein, das es im Kalender gibt, nicht „{value}“ (Monate gehen von 01 bis 12, Tage bis zum letzten des Monats).",
    // Formatting
    "all day": "ganztägig",
    "daily {time}": "täglich {time}",
    "weekly {time}": "wöchentlich {time}",
    "every {interval} {time}": "alle {interval} {time}",
    "{count} patient versions|one": "{count} Version eines Patienten",
    "{count} patient versions|other": "{count} Versionen von Patienten",
    "{count} care plan versions|one": "{count} Version eines Pflegeplans",
    "{count} care plan versions|other": "{count} Versionen von Pflegeplänen",
    "{count} contact versions|one": "{count} Version eines Kontakts",
    "{count} contact versions|other": "{count} Versionen von Kontakten",
    "{count} task versions|one": "{count} Version einer Aufgabe",
    "{count} task versions|other": "{count} Versionen von Aufgaben",
    "{count} outcome versions|one": "{count} Version eines Ergebnisses",
    "{count} outcome versions|other": "{count} Versionen von Ergebnissen",
    "Imported nothing new.": "Nichts Neues importiert.",
    "Imported {versions}.": "Importiert: {versions}.",
    ", ": ", ",
    "{count} versions were already in the store and left as they were.|one": "{count} Version war schon im Speicher und blieb, wie sie war.",
    "{count} versions were already in the store and left as they were.|other": "{count} Versionen waren schon im Speicher und blieben, wie sie waren.",
    "{count} HealthKit task versions were left out: this store cannot hold HealthKit tasks.|one":
        "{count} Version einer HealthKit-Aufgabe wurde ausgelassen: Dieser Speicher kann keine HealthKit-Aufgaben aufnehmen.",
    "{count} HealthKit task versions were left out: this store cannot hold HealthKit tasks.|other":
        "{count} Versionen von HealthKit-Aufgaben wurden ausgelassen: Dieser Speicher kann keine HealthKit-Aufgaben aufnehmen.",
    "it is not valid JSON ({detail})": "es ist kein gültiges JSON ({detail})",
    "it is not valid JSON at {path} ({detail})": "es ist kein gültiges JSON bei {path} ({detail})",
    "'{key}' is missing": "„{key}“ fehlt",
    "'{key}' is missing at {path}": "„{key}“ fehlt bei {path}",
    "{detail} at {path}": "{detail} bei {path}",
    "there is no such file": "die Datei gibt es nicht",
    "permission denied": "Zugriff verweigert",
    // Files
    "{path} is {kind}, not a regular file; nothing was written to it. Choose a file name with -o.":
        "{path} ist {kind}, keine gewöhnliche Datei; es wurde nichts hineingeschrieben. Wählen Sie mit -o einen Dateinamen.",
    "{path} could not be written: {reason}.": "{path} konnte nicht geschrieben werden: {reason}.",
    "{path} could not be written: cannot create a file in {folder} ({reason}). Nothing was written.":
        "{path} konnte nicht geschrieben werden: In {folder} lässt sich keine Datei anlegen ({reason}). Es wurde nichts geschrieben.",
    "the current folder": "dem aktuellen Ordner",
    "{path} could not be written: {reason}. Nothing was changed.": "{path} konnte nicht geschrieben werden: {reason}. Es wurde nichts geändert.",
    "a symbolic link": "ein symbolischer Link",
    "a folder": "ein Ordner",
    "a pipe (FIFO)": "eine Pipe (FIFO)",
    "a device": "ein Gerät",
    "a socket": "ein Socket",
    "not a regular file": "etwas anderes als eine Datei",
    // The plan
    "Added {task} (id {id}): {summary}.": "{task} hinzugefügt (ID {id}): {summary}.",
    "{task}'s schedule was made by its app in a way edit-task cannot show, so editing it here would lose part of it; nothing was changed. `carekit stop-task {id}` stops it.":
        "Den Zeitplan von {task} hat seine App so angelegt, dass edit-task ihn nicht darstellen kann; eine Änderung hier würde einen Teil davon verlieren. Es wurde nichts geändert. `carekit stop-task {id}` beendet die Aufgabe.",
    "Give --adherence or --no-adherence, not both.": "Geben Sie --adherence oder --no-adherence an, nicht beides.",
    "Changed {task} (id {id}) from {day}: {summary}.": "{task} (ID {id}) ab {day} geändert: {summary}.",
    "Stopped {task} after {day}; its history stays.": "{task} nach dem {day} beendet; der Verlauf bleibt erhalten.",
    // Report
    "Care report": "Pflegebericht",
    "--title must not be empty.": "--title darf nicht leer sein.",
    "Wrote the PDF report for {from} to {to} ({count} days) to {path}.|one": "Den PDF-Bericht vom {from} bis {to} ({count} Tag) nach {path} geschrieben.",
    "Wrote the PDF report for {from} to {to} ({count} days) to {path}.|other": "Den PDF-Bericht vom {from} bis {to} ({count} Tage) nach {path} geschrieben.",
    "Wrote the HTML report for {from} to {to} ({count} days) to {path}.|one": "Den HTML-Bericht vom {from} bis {to} ({count} Tag) nach {path} geschrieben.",
    "Wrote the HTML report for {from} to {to} ({count} days) to {path}.|other": "Den HTML-Bericht vom {from} bis {to} ({count} Tage) nach {path} geschrieben.",
    "The date is out of range.": "Das Datum liegt außerhalb des möglichen Bereichs.",
    "--from ({from}) must not be after --to ({to}).": "--from ({from}) darf nicht nach --to ({to}) liegen.",
    "The report covers {count} days; at most {maximum} are allowed.|one": "Der Bericht umfasst {count} Tag; höchstens {maximum} sind erlaubt.",
    "The report covers {count} days; at most {maximum} are allowed.|other": "Der Bericht umfasst {count} Tage; höchstens {maximum} sind erlaubt.",
    "--format must be pdf or html, not '{value}'.": "--format muss pdf oder html sein, nicht „{value}“.",
    "--paper must be a4 or letter, not '{value}'.": "--paper muss a4 oder letter sein, nicht „{value}“.",
    // Serve
    "--port must be between 0 and 65535.": "--port muss zwischen 0 und 65535 liegen.",
    "--token-file goes with --sync URL.": "--token-file gehört zu --sync URL.",
    "Created a new, empty store; the app opens on its welcome page.": "Ein neuer, leerer Speicher wurde angelegt; die App öffnet sich mit ihrer Willkommensseite.",
    "WARNING: the app will show this store but refuse every change. {reason}": "WARNUNG: Die App zeigt diesen Speicher, lehnt aber jede Änderung ab. {reason}",
    "Seeded ZombieKit's care plan into the store.": "Der Pflegeplan von ZombieKit wurde in den Speicher geladen.",
    "The store already has tasks; ZombieKit uses them as they are.": "Der Speicher hat schon Aufgaben; ZombieKit verwendet sie, wie sie sind.",
    "WARNING: listening on {host}: anyone on the network who has the token can read and change this health data.":
        "WARNUNG: Empfang auf {host}: Jeder im Netzwerk, der das Token hat, kann diese Gesundheitsdaten lesen und ändern.",
    "{app} is running at {address}": "{app} läuft unter {address}",
    "Store: {path}. Press Ctrl-C to stop.": "Speicher: {path}. Mit Strg-C (Ctrl-C) beenden.",
    "in memory": "im Arbeitsspeicher",
    "Stopping…": "Wird beendet…",
    "Stopped.": "Beendet.",
    "Days and times follow the time zone {zone} (change it with --timezone, which saves it in the store).":
        "Tage und Uhrzeiten folgen der Zeitzone {zone} (ändern Sie sie mit --timezone, das sie im Speicher sichert).",
    "Days and times follow the time zone {zone}, saved in the store: later runs and commands on this store follow it too.":
        "Tage und Uhrzeiten folgen der Zeitzone {zone}, im Speicher gesichert: Spätere Starts und Befehle mit diesem Speicher folgen ihr auch.",
    "Days and times follow the time zone {zone} for this run only; it could not be saved in the store: {reason}.":
        "Tage und Uhrzeiten folgen der Zeitzone {zone} nur bei diesem Start; sie konnte nicht im Speicher gesichert werden: {reason}.",
    "The app speaks the language each browser asks for, else {language} (choose one with --language, which saves it in the store).":
        "Die App spricht die Sprache, die jeder Browser wünscht, sonst {language} (wählen Sie eine mit --language, das sie im Speicher sichert).",
    "The app speaks {language}, saved in the store: later runs and commands on this store speak it too.":
        "Die App spricht {language}, im Speicher gesichert: Spätere Starts und Befehle mit diesem Speicher sprechen sie auch.",
    "The app speaks {language} for this run only; it could not be saved in the store: {reason}":
        "Die App spricht {language} nur bei diesem Start; die Sprache konnte nicht im Speicher gesichert werden: {reason}",
    "Synchronizing works again.": "Die Synchronisierung funktioniert wieder.",
    "Synchronizing failed (retrying every few seconds): {reason}": "Die Synchronisierung ist fehlgeschlagen (neuer Versuch alle paar Sekunden): {reason}",
    // Tasks and events
    "No tasks on {day}.": "Keine Aufgaben am {day}.",
    "yes": "ja",
    "no": "nein",
    "ID": "ID",
    "TITLE": "TITEL",
    "SCHEDULE": "ZEITPLAN",
    "COUNTS": "ZÄHLT",
    "Give --date, or --from and --to, not both.": "Geben Sie --date oder --from und --to an, nicht beides.",
    "--from must not be after --to.": "--from darf nicht nach --to liegen.",
    "--from and --to go together.": "--from und --to gehören zusammen.",
    "No events on {day}.": "Keine Termine am {day}.",
    "done": "erledigt",
    "TIME": "ZEIT",
    "TASK": "AUFGABE",
    "OCCURRENCE": "VORKOMMEN",
    "STATUS": "STATUS",
    "VALUES": "WERTE",
    "{task} at {time} was already done.": "{task} um {time} war schon erledigt.",
    "Done: {task} at {time} (occurrence {occurrence}).": "Erledigt: {task} um {time} (Vorkommen {occurrence}).",
    "Logged {value} for {task} at {time}.": "{value} für {task} um {time} eingetragen.",
    "Task '{task}' has no event on {day}. Run `carekit events` to see the day's events.":
        "Die Aufgabe „{task}“ hat am {day} keinen Termin. `carekit events` zeigt die Termine des Tages.",
    "No task '{task}' (did you mean '{guess}'?). Run `carekit tasks` to see the tasks.":
        "Keine Aufgabe „{task}“ (meinten Sie „{guess}“?). `carekit tasks` zeigt die Aufgaben.",
    "No task '{task}'. Run `carekit tasks` to see the tasks.": "Keine Aufgabe „{task}“. `carekit tasks` zeigt die Aufgaben.",
    // Sync
    "--server needs the server's address, such as https://care.example.org/.": "--server braucht die Adresse des Servers, etwa https://care.example.org/.",
    "--page-size must be between 1 and 5000.": "--page-size muss zwischen 1 und 5000 liegen.",
    "pulled {count} new versions|one": "{count} neue Version geholt",
    "pulled {count} new versions|other": "{count} neue Versionen geholt",
    "pushed {count}|one": "{count} gesendet",
    "pushed {count}|other": "{count} gesendet",
    "resolved {count} conflicts|one": "{count} Konflikt gelöst",
    "resolved {count} conflicts|other": "{count} Konflikte gelöst",
    "{count} waiting for versions they follow (the next sync brings them)|one":
        "{count} wartet auf Versionen, auf die sie folgt (die nächste Synchronisierung bringt sie)",
    "{count} waiting for versions they follow (the next sync brings them)|other":
        "{count} warten auf Versionen, auf die sie folgen (die nächste Synchronisierung bringt sie)",
    "Synchronized with {server}: {parts}.": "Mit {server} synchronisiert: {parts}.",
    "carekit sync: not stored: {problem}": "carekit sync: nicht gespeichert: {problem}",
    "'{address}' is not a sync server's address, such as https://care.example.org/.":
        "„{address}“ ist keine Adresse eines Synchronisierungsservers wie https://care.example.org/.",
    "{address} would send the device token and health data unencrypted; use https:// (http:// only for this machine).":
        "{address} würde das Geräte-Token und die Gesundheitsdaten unverschlüsselt senden; verwenden Sie https:// (http:// nur für diesen Rechner).",
    "--token-file is needed: the file with this patient's device token.": "--token-file wird gebraucht: die Datei mit dem Geräte-Token dieses Patienten.",
    "Could not read the token file {path}: {reason}.": "Die Token-Datei {path} konnte nicht gelesen werden: {reason}.",
    "{path} does not hold a device token (64 hex digits, as `carekit sync-server add-patient` prints).":
        "{path} enthält kein Geräte-Token (64 Hexadezimalziffern, wie sie `carekit sync-server add-patient` ausgibt).",
    "carekit sync: warning: {path} can be read by other users (mode {mode}); `chmod 600 {path}`.":
        "carekit sync: Warnung: {path} ist für andere Benutzer lesbar (Modus {mode}); `chmod 600 {path}`.",
    // Sync server
    "--tls-cert and --tls-key go together.": "--tls-cert und --tls-key gehören zusammen.",
    "Listening on {address} would send device tokens and health data unencrypted: give --tls-cert and --tls-key, or --behind-proxy when a proxy in front speaks HTTPS.":
        "Empfang auf {address} würde Geräte-Tokens und Gesundheitsdaten unverschlüsselt senden: Geben Sie --tls-cert und --tls-key an, oder --behind-proxy, wenn ein vorgeschalteter Proxy HTTPS spricht.",
    "The CareKit sync server is running at {address} (the protocol: /sync/v1/openapi.json; FHIR R4: /fhir/R4/metadata).":
        "Der CareKit-Synchronisierungsserver läuft unter {address} (das Protokoll: /sync/v1/openapi.json; FHIR R4: /fhir/R4/metadata).",
    "Press Ctrl-C to stop.": "Mit Strg-C (Ctrl-C) beenden.",
    "Added {patient}. This is the device token; it is shown once (put it in a file only you can read, for --token-file):":
        "{patient} hinzugefügt. Dies ist das Geräte-Token; es wird nur einmal gezeigt (legen Sie es für --token-file in eine Datei, die nur Sie lesen können):",
    "A new device token for {patient}; it is shown once:": "Ein neues Geräte-Token für {patient}; es wird nur einmal gezeigt:",
    "No patients yet; `carekit sync-server add-patient NAME` adds one.": "Noch keine Patienten; `carekit sync-server add-patient NAME` fügt einen hinzu.",
    "PATIENT": "PATIENT",
    "ADDED": "HINZUGEFÜGT",
    "Added the clinician {email}. `carekit sync-server assign {email} PATIENT` lets them see a patient.":
        "Die Fachkraft {email} wurde hinzugefügt. Mit `carekit sync-server assign {email} PATIENT` sieht sie einen Patienten.",
    "{clinician} now sees {patient} on the dashboard.": "{clinician} sieht {patient} jetzt im Dashboard.",
    "Password (at least {count} characters): |one": "Passwort (mindestens {count} Zeichen): ",
    "Password (at least {count} characters): |other": "Passwort (mindestens {count} Zeichen): "
]
