/// CareKitWeb's text in German.
let _careKitWebGerman: [String: String] = [
    "Sections": "Bereiche",
    "Skip to content": "Zum Inhalt springen",
    "Back to the app": "Zurück zur App",
    "Language": "Sprache",
    "As my browser": "Wie mein Browser",
    "Saved. The app now speaks {language}.": "Gespeichert. Die App spricht jetzt {language}.",
    "The language of the app, its dates and its reports": "Die Sprache der App, ihrer Daten und ihrer Berichte",
    "Kept in this browser and in your care plan's store, so the app and its reports use it everywhere.":
        "Wird in diesem Browser und im Speicher Ihres Pflegeplans gespeichert, damit die App und ihre Berichte sie überall verwenden.",
    "Save": "Speichern",
    "Add to your calendar": "Zum Kalender hinzufügen",
    "'{language}' is not a language this app speaks. Choose one from the list.": "„{language}“ ist keine Sprache dieser App. Wählen Sie eine aus der Liste.",
    "Add a medication or task": "Medikament oder Aufgabe hinzufügen",
    "Care Card": "Pflegekarte",
    "Nothing to do on this day.": "An diesem Tag ist nichts zu tun.",
    "Symptom Tracker": "Symptomtagebuch",
    "No assessments on this day.": "An diesem Tag gibt es keine Erhebungen.",
    "Connect": "Kontakte",
    "Your care team, friends and family": "Ihr Pflegeteam, Freunde und Familie",
    "Insights": "Auswertung"
]
