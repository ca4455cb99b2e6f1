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
    // The patient
    "Example: carekit patient set --name \"Ada Lovelace\" --birthday 1960-03-15": "Beispiel: carekit patient set --name \"Ada Lovelace\" --birthday 1960-03-15",
    "Give --name (or --given and --family), --birthday, or both.": "Geben Sie --name (oder --given und --family), --birthday oder beides an.",
    "Give --name, or --given and --family, not both.": "Geben Sie --name oder --given und --family an, nicht beides.",
    "No patient is recorded. `carekit patient set --name NAME` records one.": "Es ist kein Patient erfasst. `carekit patient set --name NAME` erfasst einen.",
    "Saved: {patient}.": "Gespeichert: {patient}.",
    "Saves the patient's name and birthday: the store's patient, or a new version of it (what is not given stays).":
        "Speichert Name und Geburtsdatum des Patienten: den Patienten des Speichers oder eine neue Version davon (was nicht angegeben ist, bleibt).",
    "The birthday; \"none\" removes it.": "Das Geburtsdatum; „none“ entfernt es.",
    "The family name (with --given).": "Der Nachname (mit --given).",
    "The given names, for a name that does not split at its last word (with --family).": "Die Vornamen, für einen Namen, der sich nicht beim letzten Wort teilt (mit --family).",
    "The patient's name and birthday, as the report opens with them.": "Name und Geburtsdatum des Patienten, mit denen der Bericht beginnt.",
    "The whole name; its last word is the family name (\"Ada King Lovelace\").": "Der ganze Name; sein letztes Wort ist der Nachname („Ada King Lovelace“).",
    "{name}, born {day} (age {age})": "{name}, geboren am {day} ({age} Jahre)",
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
    "The app speaks {language}, saved in the store, unless a browser chooses another on its Settings page (change it with --language).":
        "Die App spricht {language}, im Speicher gesichert, sofern ein Browser auf seiner Einstellungsseite keine andere wählt (ändern Sie sie mit --language).",
    "The app speaks {language} (from CAREKIT_LANGUAGE) unless a browser chooses another on its Settings page.":
        "Die App spricht {language} (aus CAREKIT_LANGUAGE), sofern ein Browser auf seiner Einstellungsseite keine andere wählt.",
    "The app speaks the language each browser asks for, else English (choose one with --language, which saves it in the store).":
        "Die App spricht die Sprache, die jeder Browser wünscht, sonst Englisch (wählen Sie eine mit --language, das sie im Speicher sichert).",
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
    "this store was a copy or a restore of another store file: it took a new identity and pushed again what the server had not acknowledged":
        "dieser Speicher war eine Kopie oder Wiederherstellung einer anderen Speicherdatei: er hat eine neue Identität angenommen und erneut gesendet, was der Server nicht bestätigt hatte",
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
    "Password (at least {count} characters): |other": "Passwort (mindestens {count} Zeichen): ",
    // Help
    "carekit (the default): the whole history in CareKit's format, which `carekit import` restores exactly. fhir: an HL7 FHIR R4 Bundle (type collection) for health systems: the patient, care plans with their tasks as activities and schedules as Timing, outcomes as Observations, contacts (docs/fhir.md). fhir-transaction: the same as a transaction Bundle to POST to a FHIR server, each resource PUT at its id.":
        "carekit (Standard): der ganze Verlauf im Format von CareKit, das `carekit import` genau wiederherstellt. fhir: ein HL7-FHIR-R4-Bundle (Typ collection) für Gesundheitssysteme: der Patient, Pflegepläne mit ihren Aufgaben als Aktivitäten und Zeitplänen als Timing, Ergebnisse als Observations, Kontakte (docs/fhir.md). fhir-transaction: dasselbe als Transaktions-Bundle für einen POST an einen FHIR-Server, jede Ressource per PUT unter ihrer ID.",
    "A complete backup: every version of every entity (edits, deletions and their history), as JSON in CareKit's format ({\"type\", \"object\"} entities). `carekit import` restores it. With --format fhir, the plan and its results as a FHIR R4 Bundle.":
        "Eine vollständige Sicherung: jede Version jeder Entität (Änderungen, Löschungen und ihr Verlauf) als JSON im Format von CareKit ({\"type\", \"object\"}-Entitäten). `carekit import` stellt sie wieder her. Mit --format fhir der Plan und seine Ergebnisse als FHIR-R4-Bundle.",
    "Without -o the JSON goes to standard output. A damaged store is exported as far as it can be read: what could not be read is listed, and the command exits 1. With --encrypt-to or --passphrase-file the file is encrypted in the age format (age-encryption.org/v1), which `age -d` and `carekit import` read.":
        "Ohne -o geht das JSON auf die Standardausgabe. Ein beschädigter Speicher wird exportiert, soweit er sich lesen lässt: Was nicht gelesen werden konnte, wird aufgelistet, und der Befehl endet mit 1. Mit --encrypt-to oder --passphrase-file wird die Datei im age-Format (age-encryption.org/v1) verschlüsselt, das `age -d` und `carekit import` lesen.",
    "Restores a file written by `carekit export` (or a JSON array of CareKit {\"type\", \"object\"} entities) with its whole history, in one transaction: everything or nothing. Versions the store already has are skipped, so importing a file twice adds nothing the second time. A FHIR R4 Bundle is read too: its CarePlans' activities become tasks with schedules, its Observations outcomes on their events. The store is created if it does not exist.":
        "Stellt eine von `carekit export` geschriebene Datei (oder ein JSON-Array von CareKit-{\"type\", \"object\"}-Entitäten) mit ihrem ganzen Verlauf wieder her, in einer Transaktion: alles oder nichts. Versionen, die der Speicher schon hat, werden übersprungen, sodass ein zweiter Import derselben Datei nichts hinzufügt. Auch ein FHIR-R4-Bundle wird gelesen: Die Aktivitäten seiner CarePlans werden zu Aufgaben mit Zeitplänen, seine Observations zu Ergebnissen ihrer Termine. Der Speicher wird angelegt, wenn es ihn nicht gibt.",
    "The JSON file, or an age file of it; \"-\" reads standard input.": "Die JSON-Datei oder eine age-Datei davon; „-“ liest die Standardeingabe.",
    "A FHIR resource that cannot be placed (an activity without a Timing CareKit can follow, an Observation on no event) is listed with the reason, and nothing is imported. Resources CareKit has no place for (a Condition, an Encounter) are listed as skipped. Times without a time zone are read in the patient's (--timezone, else $CAREKIT_TIMEZONE, else TZ).":
        "Eine FHIR-Ressource, die sich nicht einordnen lässt (eine Aktivität ohne ein Timing, dem CareKit folgen kann, eine Observation ohne Termin), wird mit dem Grund aufgelistet, und es wird nichts importiert. Ressourcen, für die CareKit keinen Platz hat (eine Condition, ein Encounter), werden als übersprungen aufgelistet. Zeiten ohne Zeitzone werden in der des Patienten gelesen (--timezone, sonst $CAREKIT_TIMEZONE, sonst TZ).",
    "The calendar's name shown by calendar apps (default \"Care plan\").":
        "Der Name des Kalenders, den Kalender-Apps zeigen (Standard „Care plan“).",
    "How many years ahead schedules that cannot be written as a rule are listed (default 3, at most 20).":
        "Wie viele Jahre im Voraus Zeitpläne aufgelistet werden, die sich nicht als Regel schreiben lassen (Standard 3, höchstens 20).",
    "Writes the care plan as an iCalendar (RFC 5545) file: every task's events with their times, time zones and reminders, for a phone's calendar to show and remind without the app.":
        "Schreibt den Pflegeplan als iCalendar-Datei (RFC 5545): die Termine jeder Aufgabe mit ihren Zeiten, Zeitzonen und Erinnerungen, damit der Kalender eines Telefons sie ohne die App zeigt und daran erinnert.",
    "Without -o the calendar goes to standard output. A task changed or stopped in the store ends in the calendar where it changed.":
        "Ohne -o geht der Kalender auf die Standardausgabe. Eine im Speicher geänderte oder beendete Aufgabe endet im Kalender dort, wo sie sich geändert hat.",
    "The store (default $XDG_DATA_HOME/CareKit/carekit.sqlite).":
        "Der Speicher (Standard $XDG_DATA_HOME/CareKit/carekit.sqlite).",
    "The day, in local time (default: today).":
        "Der Tag, in Ortszeit (Standard: heute).",
    "Writes JSON instead of a table.":
        "Schreibt JSON statt einer Tabelle.",
    "The task's occurrence N (counted from 0 since the schedule's start) instead of the day's.":
        "Das Vorkommen N der Aufgabe (ab 0 gezählt seit Beginn des Zeitplans) statt des heutigen.",
    "The patient's time zone, where days begin and end: an IANA name such as Europe/Madrid (default: $CAREKIT_TIMEZONE, else the machine's).":
        "Die Zeitzone des Patienten, in der Tage beginnen und enden: ein IANA-Name wie Europe/Madrid (Standard: $CAREKIT_TIMEZONE, sonst die des Rechners).",
    "The language of messages and reports: en, es, de or ar, optionally with a region (es-MX) (default: $CAREKIT_LANGUAGE, else the store's, else $LANG's, else English).":
        "Die Sprache der Meldungen und Berichte: en, es, de oder ar, auf Wunsch mit Region (es-MX) (Standard: $CAREKIT_LANGUAGE, sonst die des Speichers, sonst die von $LANG, sonst Englisch).",
    "Where to write (created private to you, 0600); \"-\" is standard output.":
        "Wohin geschrieben wird (nur für Sie lesbar angelegt, 0600); „-“ ist die Standardausgabe.",
    "Instructions or dose, such as \"500 mg with food\".":
        "Hinweise oder Dosis, etwa „500 mg zum Essen“.",
    "Times of day on a 24-hour clock, comma-separated: 08:00,20:00 (8 pm is 20:00; 8am and 25:00 are refused).":
        "Uhrzeiten im 24-Stunden-Format, durch Kommas getrennt: 08:00,20:00 (20 Uhr ist 20:00; 8am und 25:00 werden abgelehnt).",
    "Weekdays, comma-separated: mon,thu (default every day).":
        "Wochentage, durch Kommas getrennt: mon,thu (Standard: jeden Tag).",
    "Every N days from the first day instead of weekdays (2: every other day).":
        "Alle N Tage ab dem ersten Tag statt an Wochentagen (2: jeden zweiten Tag).",
    "The first day (default today).":
        "Der erste Tag (Standard: heute).",
    "The last day, included (default: no end).":
        "Der letzte Tag, eingeschlossen (Standard: kein Ende).",
    "Once a day, all day, instead of at times.":
        "Einmal am Tag, ganztägig, statt zu Uhrzeiten.",
    "The events do not count towards adherence (a task to log when it happens).":
        "Die Termine zählen nicht zur Therapietreue (eine Aufgabe, die man einträgt, wenn sie vorkommt).",
    "A value to record at each event, such as Temperature (it goes on the Symptom Tracker).":
        "Ein Wert, der bei jedem Termin erfasst wird, etwa Temperatur (er erscheint im Symptom-Tracker).",
    "The measurement's unit, such as °F.":
        "Die Einheit der Messung, etwa °F.",
    "Remind this many minutes before each event (0: at its start); calendar feeds carry it.":
        "Erinnert so viele Minuten vor jedem Termin (0: zu Beginn); Kalender-Abos übernehmen es.",
    "The task's name, such as Metformin.":
        "Der Name der Aufgabe, etwa Metformin.",
    "Adds a task to the plan: a medication, an exercise or a measurement, at times on chosen days (creating the store if there is none).":
        "Fügt dem Plan eine Aufgabe hinzu: ein Medikament, eine Übung oder eine Messung, zu Uhrzeiten an gewählten Tagen (legt den Speicher an, wenn es keinen gibt).",
    "Example: carekit add-task Metformin --instructions \"500 mg with food\" --times 08:00,20:00 --days mon,thu --from 2026-12-01":
        "Beispiel: carekit add-task Metformin --instructions \"500 mg zum Essen\" --times 08:00,20:00 --days mon,thu --from 2026-12-01",
    "A new name.":
        "Ein neuer Name.",
    "The events count towards adherence again.":
        "Die Termine zählen wieder zur Therapietreue.",
    "Records no value any more.":
        "Es wird kein Wert mehr erfasst.",
    "The day the change starts (default today: today's earlier events stay as they were).":
        "Der Tag, an dem die Änderung beginnt (Standard heute: die früheren Termine von heute bleiben, wie sie waren).",
    "The last day, included; \"none\" for no end.":
        "Der letzte Tag, eingeschlossen; „none“ für kein Ende.",
    "Remind this many minutes before each event (0: at its start); \"off\" for no reminder.":
        "Erinnert so viele Minuten vor jedem Termin (0: zu Beginn); „off“ für keine Erinnerung.",
    "Changes TASK's schedule or details from a day on (a new version of the task: what was recorded before stays).":
        "Ändert Zeitplan oder Angaben von TASK ab einem Tag (eine neue Version der Aufgabe: Was vorher erfasst wurde, bleibt).",
    "Options not given keep their values. A change may not start before a day with entries recorded after it: the message names the day to choose.":
        "Nicht angegebene Optionen behalten ihre Werte. Eine Änderung darf nicht vor einem Tag beginnen, nach dem schon Einträge erfasst wurden: Die Meldung nennt den Tag, den Sie wählen können.",
    "The last day the task happens, included (default today).":
        "Der letzte Tag, an dem die Aufgabe stattfindet, eingeschlossen (Standard: heute).",
    "Stops TASK after a day (today by default): its schedule ends, and what was recorded stays in its history.":
        "Beendet TASK nach einem Tag (standardmäßig heute): Der Zeitplan endet, und was erfasst wurde, bleibt im Verlauf.",
    "The first day of the report (local time). By default the last 7 days, ending today; --from alone runs 7 days from it.":
        "Der erste Tag des Berichts (Ortszeit). Standardmäßig die letzten 7 Tage bis heute; --from allein umfasst 7 Tage ab diesem Tag.",
    "The last day of the report; --to alone ends the 7 days on it.":
        "Der letzte Tag des Berichts; --to allein lässt die 7 Tage an diesem Tag enden.",
    "pdf (the default) or html (a standalone, print-friendly page). Without it, an -o FILE ending in .html or .htm writes HTML.":
        "pdf (Standard) oder html (eine eigenständige, druckfreundliche Seite). Ohne diese Option schreibt ein -o FILE, das auf .html oder .htm endet, HTML.",
    "Where to write (created private to you, 0600); by default carekit-report-FROM-TO.pdf (or .html) in the current folder. \"-\" writes to standard output.":
        "Wohin geschrieben wird (nur für Sie lesbar angelegt, 0600); standardmäßig carekit-report-FROM-TO.pdf (oder .html) im aktuellen Ordner. „-“ schreibt auf die Standardausgabe.",
    "The report's title (default \"Care report\").":
        "Der Titel des Berichts (Standard „Care report“).",
    "The paper size: a4 (the default) or letter.":
        "Das Papierformat: a4 (Standard) oder letter.",
    "The care report for a care team: per task the completion per day, the assessment values with their units, the adherence chart, and the patient's name.":
        "Der Pflegebericht für ein Behandlungsteam: je Aufgabe die Erledigung pro Tag, die Messwerte mit ihren Einheiten, das Diagramm der Therapietreue und der Name des Patienten.",
    "The TCP port (default 8080; 0 picks a free one).":
        "Der TCP-Port (Standard 8080; 0 wählt einen freien).",
    "The address to listen on (default 127.0.0.1). Any other address exposes health data to the network and needs --token.":
        "Die Adresse, auf der empfangen wird (Standard 127.0.0.1). Jede andere Adresse macht Gesundheitsdaten im Netzwerk zugänglich und braucht --token.",
    "A secret of at least 16 characters the browser must present (open the printed link once). Every local user can read it in the process list: prefer --access-token-file or $CAREKIT_ACCESS_TOKEN.":
        "Ein Geheimnis aus mindestens 16 Zeichen, das der Browser vorzeigen muss (öffnen Sie den ausgegebenen Link einmal). Jeder lokale Benutzer kann es in der Prozessliste lesen: Nehmen Sie lieber --access-token-file oder $CAREKIT_ACCESS_TOKEN.",
    "Runs ZombieKit, the tutorial's app, and seeds its care plan if the store has no tasks yet; creates the store if it does not exist.":
        "Startet ZombieKit, die App des Tutorials, und lädt ihren Pflegeplan, wenn der Speicher noch keine Aufgaben hat; legt den Speicher an, wenn es ihn nicht gibt.",
    "Other names the browser may use to reach the app (a reverse proxy's, one in /etc/hosts), comma-separated; requests naming any other host are refused.":
        "Weitere Namen, unter denen der Browser die App erreichen darf (der eines Reverse-Proxys, einer aus /etc/hosts), durch Kommas getrennt; Anfragen an jeden anderen Host werden abgelehnt.",
    "Renders every page from the store (pages are otherwise kept until the store changes).":
        "Erzeugt jede Seite aus dem Speicher (sonst werden Seiten aufbewahrt, bis sich der Speicher ändert).",
    "Synchronizes the store with this sync server: after every change, and every few seconds for the other devices' (needs --token-file). The store is created when missing.":
        "Synchronisiert den Speicher mit diesem Synchronisierungsserver: nach jeder Änderung und alle paar Sekunden für die der anderen Geräte (braucht --token-file). Der Speicher wird angelegt, wenn er fehlt.",
    "Serves the care app (Care Card, Symptom Tracker, Insights, Connect) on http://127.0.0.1:8080 from the store.":
        "Stellt die Pflege-App (Care Card, Symptom Tracker, Insights, Connect) unter http://127.0.0.1:8080 aus dem Speicher bereit.",
    "Ctrl-C stops the server after the requests in progress (and their writes) finish. A read-only or damaged store is served for reading: every change is refused with the reason.":
        "Strg-C (Ctrl-C) beendet den Server, sobald die laufenden Anfragen (und ihre Schreibvorgänge) fertig sind. Ein schreibgeschützter oder beschädigter Speicher wird zum Lesen bereitgestellt: Jede Änderung wird mit dem Grund abgelehnt.",
    "The tasks in effect on the day (today by default).":
        "Die Aufgaben, die an dem Tag gelten (standardmäßig heute).",
    "The first day of a range of days (instead of --date).":
        "Der erste Tag eines Zeitraums (statt --date).",
    "The last day of the range (with --from).":
        "Der letzte Tag des Zeitraums (mit --from).",
    "Every event of the day (today by default), or of the days --from through --to, with its outcome.":
        "Jeder Termin des Tages (standardmäßig heute) oder der Tage von --from bis --to, mit seinem Ergebnis.",
    "The task's id (see `carekit tasks`).":
        "Die ID der Aufgabe (siehe `carekit tasks`).",
    "Marks an event of TASK done: occurrence N, or the day's first event not yet done. Completing an event that is done changes nothing.":
        "Markiert einen Termin von TASK als erledigt: das Vorkommen N oder den ersten noch nicht erledigten Termin des Tages. Einen erledigten Termin zu erledigen ändert nichts.",
    "The value's unit, such as °F or mg.":
        "Die Einheit des Werts, etwa °F oder mg.",
    "What the value is, such as systolic (CareKit's outcome value kind).":
        "Was der Wert ist, etwa systolic (die Art des Ergebniswerts in CareKit).",
    "Records VALUE on the day's current event of TASK (or occurrence N); values add up, nothing is replaced.":
        "Erfasst VALUE beim aktuellen Termin von TASK an diesem Tag (oder beim Vorkommen N); Werte kommen hinzu, nichts wird ersetzt.",
    "A whole number (negative ones too: -5), a decimal with a point or a comma (98.6, 98,6; not 1,234, which could be either), optionally with units that convert (\"98.6 F\", \"37,2 °C\", \"70 kg\"), yes or no, or text.":
        "Eine ganze Zahl (auch negativ: -5), eine Dezimalzahl mit Punkt oder Komma (98.6, 98,6; nicht 1,234, das beides sein könnte), auf Wunsch mit umrechenbaren Einheiten („98.6 F“, „37,2 °C“, „70 kg“), yes oder no, oder Text.",
    "The sync server, e.g. https://care.example.org/ (http:// only for this machine).":
        "Der Synchronisierungsserver, z. B. https://care.example.org/ (http:// nur für diesen Rechner).",
    "A file holding this patient's device token (from `carekit sync-server add-patient`); keep it private (0600).":
        "Eine Datei mit dem Geräte-Token dieses Patienten (von `carekit sync-server add-patient`); halten Sie sie privat (0600).",
    "Creates the store when it does not exist yet (a new device of the patient).":
        "Legt den Speicher an, wenn es ihn noch nicht gibt (ein neues Gerät des Patienten).",
    "The most versions in one request (default 2000): smaller on a slow or unreliable network.":
        "Die meisten Versionen in einer Anfrage (Standard 2000): weniger bei einem langsamen oder unzuverlässigen Netzwerk.",
    "Synchronizes the store with a sync server once: pulls what the patient's other devices wrote, resolves conflicts, pushes what the server has not seen.":
        "Synchronisiert den Speicher einmal mit einem Synchronisierungsserver: holt, was die anderen Geräte des Patienten geschrieben haben, löst Konflikte und sendet, was der Server noch nicht hat.",
    "Exit 0 when both directions completed; 1 when something failed (what was pulled is kept, and the next sync completes the rest); 130 when stopped by Ctrl-C.":
        "Exit 0, wenn beide Richtungen vollständig waren; 1, wenn etwas fehlgeschlagen ist (was geholt wurde, bleibt, und die nächste Synchronisierung erledigt den Rest); 130, wenn mit Strg-C abgebrochen.",
    "stopped by Ctrl-C. Nothing is half-written: each step lands whole or not at all, and the store keeps what finished. Run `carekit sync` again to complete the rest.":
        "mit Strg-C abgebrochen. Nichts ist halb geschrieben: Jeder Schritt wird ganz oder gar nicht gespeichert, und der Speicher behält, was fertig wurde. Führen Sie `carekit sync` erneut aus, um den Rest zu erledigen.",
    "The server's database: a SQLite file (default $XDG_DATA_HOME/CareKit/sync-server.sqlite; created private to you, 0600) or PostgreSQL, postgres://user@host/dbname (several servers can share one).":
        "Die Datenbank des Servers: eine SQLite-Datei (Standard $XDG_DATA_HOME/CareKit/sync-server.sqlite; nur für Sie lesbar angelegt, 0600) oder PostgreSQL, postgres://user@host/dbname (mehrere Server können eine teilen).",
    "The TCP port (default 8443; 0 picks a free one).":
        "Der TCP-Port (Standard 8443; 0 wählt einen freien).",
    "The proxies whose X-Forwarded-For names the client, comma-separated addresses or networks (10.0.0.5, 10.0.0.0/8, ::1); --behind-proxy alone trusts 127.0.0.1 and ::1. Every other peer keeps its own address, whatever it claims.":
        "Die Proxys, deren X-Forwarded-For den Client nennt, als kommagetrennte Adressen oder Netze (10.0.0.5, 10.0.0.0/8, ::1); --behind-proxy allein vertraut 127.0.0.1 und ::1. Jede andere Gegenstelle behält ihre eigene Adresse, was immer sie behauptet.",
    "The address to listen on (default 127.0.0.1). Any other address needs --tls-cert and --tls-key, or --behind-proxy.":
        "Die Adresse, auf der empfangen wird (Standard 127.0.0.1). Jede andere Adresse braucht --tls-cert und --tls-key oder --behind-proxy.",
    "Serves HTTPS with this certificate (PEM).":
        "Stellt HTTPS mit diesem Zertifikat bereit (PEM).",
    "The certificate's private key (PEM).":
        "Der private Schlüssel des Zertifikats (PEM).",
    "Serves plain HTTP beyond this machine because a proxy in front speaks HTTPS to the devices.":
        "Stellt unverschlüsseltes HTTP über diesen Rechner hinaus bereit, weil ein vorgeschalteter Proxy mit den Geräten HTTPS spricht.",
    "What the device is, to recognise its token later (default \"device\").":
        "Was das Gerät ist, um sein Token später wiederzuerkennen (Standard „device“).",
    "The patient's name on this server (unique).":
        "Der Name des Patienten auf diesem Server (eindeutig).",
    "The clinician's e-mail address, which they sign in with.":
        "Die E-Mail-Adresse der Fachkraft, mit der sie sich anmeldet.",
    "The identifier's system, a URI (a hospital's MRN namespace, such as urn:oid:1.2.36.146.595.217.0.1).":
        "Das System der Kennung, eine URI (der Namensraum der Patientennummern eines Krankenhauses, etwa urn:oid:1.2.36.146.595.217.0.1).",
    "The identifier in that system (the MRN).":
        "Die Kennung in diesem System (die Patientennummer).",
    "Gives a patient an identifier in another system (their MRN), served on their FHIR Patient; one per system, a new one replaces it.":
        "Gibt einem Patienten eine Kennung in einem anderen System (seine Patientennummer), die sein FHIR-Patient trägt; eine je System, eine neue ersetzt sie.",
    "{patient} is {value} in {system}; their FHIR Patient says so.":
        "{patient} ist {value} in {system}; sein FHIR-Patient sagt es.",
    "The name of a patient of this server.":
        "Der Name eines Patienten dieses Servers.",
    "Runs the sync server: a patient's devices pull and push their care-plan versions through it (docs/sync.md). Its OpenAPI document is at /sync/v1/openapi.json.":
        "Startet den Synchronisierungsserver: Die Geräte eines Patienten holen und senden über ihn die Versionen ihres Pflegeplans (docs/sync.md). Sein OpenAPI-Dokument liegt unter /sync/v1/openapi.json.",
    "Ctrl-C stops it after the requests in progress finish. Accounts: `carekit sync-server add-patient NAME`.":
        "Strg-C (Ctrl-C) beendet ihn, sobald die laufenden Anfragen fertig sind. Konten: `carekit sync-server add-patient NAME`.",
    "Adds a patient to the sync server and prints the first device's token (256 random bits). Only a hash of it is kept: store it now, in a file only you can read.":
        "Fügt dem Synchronisierungsserver einen Patienten hinzu und gibt das Token des ersten Geräts aus (256 Zufallsbits). Nur ein Hash davon wird aufbewahrt: Sichern Sie es jetzt in einer Datei, die nur Sie lesen können.",
    "Prints a new device token for a patient of the sync server (another phone, a tablet).":
        "Gibt ein neues Geräte-Token für einen Patienten des Synchronisierungsservers aus (ein weiteres Telefon, ein Tablet).",
    "Lists the patients of the sync server.":
        "Listet die Patienten des Synchronisierungsservers auf.",
    "Adds a clinician who signs in to the dashboard (/team) with an e-mail address and a password (at least 12 characters), read from standard input or asked for; never give it as an argument. Only an Argon2id hash is kept.":
        "Fügt eine Fachkraft hinzu, die sich mit E-Mail-Adresse und Passwort (mindestens 12 Zeichen) am Dashboard (/team) anmeldet; das Passwort wird von der Standardeingabe gelesen oder abgefragt, geben Sie es nie als Argument an. Nur ein Argon2id-Hash wird aufbewahrt.",
    "Lets a clinician see a patient on the dashboard; a clinician sees only the patients assigned to them.":
        "Lässt eine Fachkraft einen Patienten im Dashboard sehen; eine Fachkraft sieht nur die ihr zugewiesenen Patienten.",
    "The range the measurement should stay in, such as 97-99.5 (blood pressure: 90-140/60-90).": "Der Bereich, in dem der Messwert bleiben soll, etwa 97-99.5 (Blutdruck: 90-140/60-90).",
    "For a measurement the app does not know: the lowest and highest value that can be recorded at all, such as 0-10.":
        "Für einen Messwert, den die App nicht kennt: der niedrigste und der höchste Wert, der überhaupt erfasst werden kann, etwa 0-10.",
    // The sync server's administration and audit trail
    "Warning: the server runs as the owner of the audit table, so it could switch its protection off. Run it as a role that may only INSERT and SELECT on it (docs/deploy.md, \"Two roles\").":
        "Warnung: Der Server läuft als Eigentümer der Audit-Tabelle und könnte deren Schutz abschalten. Betreiben Sie ihn mit einer Rolle, die darauf nur INSERT und SELECT darf (docs/deploy.md, „Two roles“).",
    "Only this patient's.": "Nur die dieses Patienten.",
    "The device token's number, as `sync-server devices` lists it (at least 8 of its digits).": "Die Nummer des Gerätetokens, wie `sync-server devices` sie auflistet (mindestens 8 ihrer Ziffern).",
    "verify: checks every link of the chain. export: writes the trail out.": "verify: prüft jedes Glied der Kette. export: schreibt das Protokoll aus.",
    "For export: jsonl (the default), each line as stored with its hashes; fhir, FHIR R4 AuditEvent resources, one a line.":
        "Für export: jsonl (Standard), jede Zeile wie gespeichert mit ihren Hashes; fhir, FHIR-R4-AuditEvent-Ressourcen, eine pro Zeile.",
    "Lists the device tokens (by number, never the token), with when each was last used (to the hour) and whether it was revoked.":
        "Listet die Gerätetokens auf (nach Nummer, nie das Token), mit ihrer letzten Nutzung (auf die Stunde) und ob sie widerrufen wurden.",
    "Revokes a device token (a lost phone, a retired system): it is refused from its next request on, on every server of the database.":
        "Widerruft ein Gerätetoken (ein verlorenes Telefon, ein stillgelegtes System): Ab seiner nächsten Anfrage wird es abgewiesen, auf jedem Server der Datenbank.",
    "Disables a clinician's account: their sessions end at once and they cannot sign in until `enable`.":
        "Deaktiviert das Konto einer Fachkraft: Ihre Sitzungen enden sofort, und sie kann sich bis `enable` nicht anmelden.",
    "Lets a disabled clinician sign in again.": "Lässt eine deaktivierte Fachkraft sich wieder anmelden.",
    "Removes a clinician for good: their sessions and assignments end; the account stays, disabled, so that the audit trail still names them.":
        "Entfernt eine Fachkraft endgültig: Ihre Sitzungen und Zuweisungen enden; das Konto bleibt deaktiviert erhalten, damit das Audit-Protokoll sie weiter nennt.",
    "Stops a clinician seeing a patient on the dashboard, from their next page on.": "Eine Fachkraft sieht einen Patienten ab ihrer nächsten Seite nicht mehr im Dashboard.",
    "Sets a clinician's password (at least 12 characters), read from standard input or asked for; their sessions end.":
        "Setzt das Passwort einer Fachkraft (mindestens 12 Zeichen), von der Standardeingabe gelesen oder abgefragt; ihre Sitzungen enden.",
    "Every clinician signs in with a code from an authenticator app after the password; one who has not set it up does so at their next sign-in, before seeing any patient.":
        "Jedes Mitglied des Behandlungsteams meldet sich nach dem Passwort mit einem Code aus einer Authenticator-App an; wer das noch nicht eingerichtet hat, tut es bei der nächsten Anmeldung, bevor ein Patient zu sehen ist.",
    "Removes a clinician's two-step sign-in and recovery codes (a lost phone); their sessions end, and they set it up again at their next sign-in.":
        "Entfernt die Zwei-Schritt-Anmeldung und die Wiederherstellungscodes eines Teammitglieds (ein verlorenes Telefon); seine Sitzungen enden, und es richtet sie bei der nächsten Anmeldung neu ein.",
    "Two-step sign-in of {email} was reset; their sessions have ended. They set it up again at their next sign-in.":
        "Die Zwei-Schritt-Anmeldung von {email} wurde zurückgesetzt; die Sitzungen sind beendet. Sie wird bei der nächsten Anmeldung neu eingerichtet.",
    "VALUE is empty: give what to record, such as 1, 98.6 F, yes, or a few words in quotes.":
        "VALUE ist leer: Geben Sie an, was erfasst werden soll, etwa 1, 98.6 F, yes oder ein paar Wörter in Anführungszeichen.",
    "VALUE has {count} characters; a value may have at most {limit}. Keep long text in a file of your own and record a short note.":
        "VALUE hat {count} Zeichen; ein Wert darf höchstens {limit} haben. Bewahren Sie langen Text in einer eigenen Datei auf und erfassen Sie eine kurze Notiz.",
    "{path} is {kind}, not a database file; nothing was opened. Give the path of a file.":
        "{path} ist {kind}, keine Datenbankdatei; nichts wurde geöffnet. Geben Sie den Pfad einer Datei an.",
    "There is no sync-server database at {path}; nothing was created. Check --db, or start with `carekit sync-server add-patient NAME` or `carekit sync-server`, which create it.":
        "Unter {path} gibt es keine Sync-Server-Datenbank; nichts wurde angelegt. Prüfen Sie --db, oder beginnen Sie mit `carekit sync-server add-patient NAME` oder `carekit sync-server`, die sie anlegen.",
    "Gives a clinician a new random password, shown once to hand over; their sessions end.":
        "Gibt einer Fachkraft ein neues zufälliges Passwort, einmal angezeigt zum Übergeben; ihre Sitzungen enden.",
    "Checks the audit trail's hash chain and names the first broken link (verify), or writes the trail out (export), to standard output or -o FILE.":
        "Prüft die Hash-Kette des Audit-Protokolls und nennt das erste gebrochene Glied (verify), oder schreibt das Protokoll aus (export), auf die Standardausgabe oder nach -o FILE.",
    "No device tokens yet; `carekit sync-server add-patient NAME` adds a patient and its first one.":
        "Noch keine Gerätetokens; `carekit sync-server add-patient NAME` fügt einen Patienten und sein erstes hinzu.",
    "DEVICE": "GERÄT",
    "LABEL": "BEZEICHNUNG",
    "LAST USED": "ZULETZT GENUTZT",
    "STATE": "STATUS",
    "never": "nie",
    "revoked {day}": "widerrufen am {day}",
    "works": "gültig",
    "Revoked the device token {device} ({label} of {patient}); it is refused from now on.": "Das Gerätetoken {device} ({label} von {patient}) wurde widerrufen; es wird ab jetzt abgewiesen.",
    "{email} can sign in again.": "{email} kann sich wieder anmelden.",
    "{email} is disabled: signed out everywhere, and cannot sign in until `enable`.": "{email} ist deaktiviert: überall abgemeldet, und eine Anmeldung ist bis `enable` nicht möglich.",
    "{email} is removed: signed out everywhere, with no patients.": "{email} ist entfernt: überall abgemeldet, ohne Patienten.",
    "{clinician} no longer sees {patient} on the dashboard.": "{clinician} sieht {patient} nicht mehr im Dashboard.",
    "Changed the password of {email}; their sessions have ended.": "Das Passwort von {email} wurde geändert; ihre Sitzungen sind beendet.",
    "A new password for {email}; it is shown once. Their sessions have ended. Hand it over in person:":
        "Ein neues Passwort für {email}; es wird nur einmal angezeigt. Die Sitzungen sind beendet. Übergeben Sie es persönlich:",
    "the entry before it was changed, removed or inserted": "der Eintrag davor wurde geändert, entfernt oder eingefügt",
    "its content does not match its hash: it was changed": "sein Inhalt passt nicht zu seinem Hash: er wurde geändert",
    "The audit trail is broken at entry {id}: {reason}. The {count} entries before it are intact. Keep the database as it is for the investigation; restore the audit from a backup to a new database.":
        "Das Audit-Protokoll ist bei Eintrag {id} gebrochen: {reason}. Die {count} Einträge davor sind unversehrt. Lassen Sie die Datenbank für die Untersuchung, wie sie ist; stellen Sie das Protokoll aus einer Sicherung in einer neuen Datenbank wieder her.",
    "Every link of the audit trail's {count} entries holds. The last hash is {hash}: note it somewhere else; entries cut from the end would change it.":
        "Jedes Glied der {count} Einträge des Audit-Protokolls hält. Der letzte Hash ist {hash}: Notieren Sie ihn an anderer Stelle; am Ende abgeschnittene Einträge würden ihn ändern.",
    "--format must be jsonl or fhir, not '{value}'.": "--format muss jsonl oder fhir sein, nicht „{value}“.",
    "Wrote the {count} entries of the audit trail to {path}.": "Die {count} Einträge des Audit-Protokolls wurden nach {path} geschrieben.",
    "Say verify or export, not '{value}'.": "Geben Sie verify oder export an, nicht „{value}“.",
    // Encrypted exports and backups
    "Exported {what} to {path}, encrypted.": "Exportiert: {what} nach {path}, verschlüsselt.",
    "Encrypts the file in the age format to these recipients: age1… public keys (`age-keygen` makes them), or files of them, one a line, separated by commas.":
        "Verschlüsselt die Datei im age-Format für diese Empfänger: öffentliche age1…-Schlüssel (`age-keygen` erzeugt sie) oder Dateien davon, einer pro Zeile, durch Kommas getrennt.",
    "Encrypts (or decrypts) the file in the age format with the passphrase on the first line of FILE (scrypt), instead of keys.":
        "Verschlüsselt (oder entschlüsselt) die Datei im age-Format mit der Passphrase in der ersten Zeile von FILE (scrypt) statt mit Schlüsseln.",
    "Decrypts an age file with the secret keys of FILE (`age-keygen`'s output).": "Entschlüsselt eine age-Datei mit den geheimen Schlüsseln aus FILE (der Ausgabe von `age-keygen`).",
    "Give --encrypt-to or --passphrase-file, not both: a passphrase file is readable by its passphrase alone.":
        "Geben Sie --encrypt-to oder --passphrase-file an, nicht beides: Eine Datei mit Passphrase lässt sich allein mit der Passphrase lesen.",
    "'{value}' is neither an age1… public key nor a file of them.": "„{value}“ ist weder ein öffentlicher age1…-Schlüssel noch eine Datei davon.",
    "{file} holds '{value}', which is not an age1… public key.": "{file} enthält „{value}“, keinen öffentlichen age1…-Schlüssel.",
    "--encrypt-to names no recipient.": "--encrypt-to nennt keinen Empfänger.",
    "Could not read the identity file {file}.": "Die Schlüsseldatei {file} konnte nicht gelesen werden.",
    "{file} is encrypted (age): give --identity FILE or --passphrase-file FILE to read it. Nothing was imported.":
        "{file} ist verschlüsselt (age): Geben Sie --identity FILE oder --passphrase-file FILE an, um sie zu lesen. Es wurde nichts importiert.",
    "{file}: {reason} Nothing was imported.": "{file}: {reason} Es wurde nichts importiert.",
    "Could not read the passphrase file {file}.": "Die Passphrasendatei {file} konnte nicht gelesen werden.",
    "The passphrase in {file} is shorter than 8 characters.": "Die Passphrase in {file} ist kürzer als 8 Zeichen.",
    "none of the given keys opens it.": "keiner der angegebenen Schlüssel öffnet sie.",
    "the passphrase does not open it.": "die Passphrase öffnet sie nicht.",
    "it was changed or damaged after it was written.": "sie wurde nach dem Schreiben verändert oder beschädigt.",
    "it is cut short.": "sie ist abgeschnitten.",
    "its passphrase needs more work than this machine allows.": "ihre Passphrase verlangt mehr Arbeit, als diese Maschine erlaubt.",
    "{file} holds no AGE-SECRET-KEY-1… key.": "{file} enthält keinen AGE-SECRET-KEY-1…-Schlüssel.",
    "a passphrase cannot be combined with other recipients.": "eine Passphrase lässt sich nicht mit anderen Empfängern verbinden.",
    "it is not an age file.": "es ist keine age-Datei.",
    "the system's random source or libsodium could not be used.": "die Zufallsquelle des Systems oder libsodium konnte nicht genutzt werden.",
    "Writes a consistent copy of the SQLite database, encrypted in the age format (--encrypt-to or --passphrase-file; `age -d` restores the file). For PostgreSQL, encrypt pg_dump's output with age (docs/deploy.md).":
        "Schreibt eine konsistente Kopie der SQLite-Datenbank, im age-Format verschlüsselt (--encrypt-to oder --passphrase-file; `age -d` stellt die Datei wieder her). Bei PostgreSQL verschlüsseln Sie die Ausgabe von pg_dump mit age (docs/deploy.md).",
    "Say where the backup goes: -o FILE.": "Sagen Sie, wohin die Sicherung geht: -o FILE.",
    "A backup holds every patient's history: give --encrypt-to RECIPIENT or --passphrase-file FILE.":
        "Eine Sicherung enthält den Verlauf aller Patienten: Geben Sie --encrypt-to RECIPIENT oder --passphrase-file FILE an.",
    "This database is PostgreSQL: back it up with `pg_dump --format=custom carekit` and encrypt that with `age -r RECIPIENT` (docs/deploy.md).":
        "Diese Datenbank ist PostgreSQL: Sichern Sie sie mit `pg_dump --format=custom carekit` und verschlüsseln Sie das mit `age -r RECIPIENT` (docs/deploy.md).",
    "Wrote an encrypted backup of the sync server's database to {path}; `age -d` gives back the SQLite file.":
        "Eine verschlüsselte Sicherung der Datenbank des Sync-Servers wurde nach {path} geschrieben; `age -d` gibt die SQLite-Datei zurück.",
    // Secrets of carekit serve
    "Reads the access token (as --token) from the first line of FILE, which only you may read (0600).":
        "Liest das Zugangstoken (wie --token) aus der ersten Zeile von FILE, die nur Sie lesen dürfen (0600).",
    "Give --token or --access-token-file, not both.": "Geben Sie --token oder --access-token-file an, nicht beides.",
    "Could not read the access token file {path}: {reason}.": "Die Zugangstoken-Datei {path} konnte nicht gelesen werden: {reason}.",
    "{path} can be read by other users (mode {mode}), so the access token in it is not secret: `chmod 600 {path}`.":
        "{path} ist für andere Benutzer lesbar (Modus {mode}), also ist das Zugangstoken darin nicht geheim: `chmod 600 {path}`.",
    "{path} holds no access token on its first line.": "{path} enthält in der ersten Zeile kein Zugangstoken.",
    "WARNING: --token is visible to every user of this machine (in /proc); use --access-token-file or $CAREKIT_ACCESS_TOKEN.":
        "WARNUNG: --token ist für jeden Benutzer dieser Maschine sichtbar (in /proc); nehmen Sie --access-token-file oder $CAREKIT_ACCESS_TOKEN.",
    "The link leaves out the access token: add ?token=TOKEN (from your token file) when you first open it.":
        "Der Link lässt das Zugangstoken weg: Hängen Sie beim ersten Öffnen ?token=TOKEN (aus Ihrer Token-Datei) an.",
    "Removed the app's passcode: it opens without one until a new one is set on its Passcode page.":
        "Der Code der App wurde entfernt: Sie öffnet sich ohne, bis auf ihrer Seite „Code“ ein neuer festgelegt wird.",
    "Removes the app's passcode (one forgotten) before serving; the care plan stays as it is. Whoever can run this can read the store anyway.":
        "Entfernt den Code der App (einen vergessenen), bevor sie bereitgestellt wird; der Pflegeplan bleibt, wie er ist. Wer dies ausführen kann, kann den Speicher ohnehin lesen.",
    "The app asks for its passcode after some minutes without use (forgotten: --remove-passcode).": "Die App fragt nach einigen Minuten ohne Benutzung nach ihrem Code (vergessen: --remove-passcode)."
]
