/// CareKitWeb's text in German.
let _careKitWebGerman: [String: String] = [
    "Sections": "Bereiche",
    "Skip to content": "Zum Inhalt springen",
    "Back to the app": "Zurück zur App",
    "Language": "Sprache",
    "As my browser": "Wie mein Browser",
    "Saved. The app now speaks {language}.": "Gespeichert. Die App spricht jetzt {language}.",
    "“{value}” is not a number: enter a number in {units}, such as 37.2.": "„{value}“ ist keine Zahl: Geben Sie eine Zahl in {units} ein, zum Beispiel 37,2.",
    "'{units}' is not a system of units. Choose metric or US.": "„{units}“ ist kein Einheitensystem. Wählen Sie metrisch oder US.",
    "Metric (°C, kg)": "Metrisch (°C, kg)",
    "US (°F, lb)": "US (°F, lb)",
    "Units: how temperatures and weights are shown and typed": "Einheiten: wie Temperaturen und Gewichte angezeigt und eingegeben werden",
    "“{value}” is in {typed}, which is not a unit of this value: enter it in {units}, or as a number alone.":
        "„{value}“ ist in {typed} angegeben, das ist keine Einheit dieses Werts: Geben Sie ihn in {units} ein oder nur als Zahl.",
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
