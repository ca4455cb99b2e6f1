import Foundation

/// The measurements the app knows, and the one table of the values a body can have.
///
/// The plausible ranges are wide on purpose: they refuse what cannot be a reading (a slip of
/// the keyboard, a number typed in the wrong unit, a failed device), never a value that is
/// merely alarming. An alarming value is judged against the task's own target range, which
/// flags it and asks the patient to confirm it. Each measurement's ``OCKMeasurementKind/source``
/// says where its bounds come from.
///
/// | Measurement | Parts (LOINC) | Plausible |
/// |---|---|---|
/// | Body temperature | 8310-5 | 25–45 °C, 77–113 °F |
/// | Pulse (heart rate) | 8867-4 | 20–300 bpm |
/// | Blood pressure (85354-9) | systolic 8480-6, diastolic 8462-4 | 40–300, 20–200 mmHg; diastolic below systolic |
/// | Oxygen saturation | 59408-5 | 50–100 % |
/// | Respiratory rate | 9279-1 | 4–80 breaths/min |
/// | Body weight | 29463-7 | 0.2–650 kg, 0.44–1433 lb |
/// | Body height | 8302-2 | 20–275 cm, 8–108 in |
/// | Blood glucose | 2339-0 (mg/dL), 15074-8 (mmol/L) | 10–2700 mg/dL, 0.5–150 mmol/L |
/// | Pain | 72514-3 | 0–10, whole numbers |
extension OCKMeasurementKind {
    /// Every measurement the app knows, in the order the plan editor offers them.
    public static let all: [OCKMeasurementKind] = [
        single(
            "temperature", "Body temperature", OCKLOINCCode("8310-5", "Body temperature"),
            ranges: [range("°C", 25, 45), range("°F", 77, 113)],
            names: [
                "temperature", "body-temperature", "temp", "body-temp", "oral-temperature", "fever", "temperatura", "temperatura-corporal",
                "temperatur", "korpertemperatur", "fieber", "درجة-الحرارة", "الحرارة", "hkquantitytypeidentifierbodytemperature", "body-temperature-8310-5"
            ],
            source:
                "Clinical thermometers (ISO 80601-2-56) cover at least 35.5–42 °C. Below 25 °C a person is in a hypothermic arrest and above 45 °C in a heat stroke that few survive; the rare survivals outside (13.7 °C in 1999, 46.5 °C in 1980) were measured in hospitals, not typed at home."
        ),
        single(
            "pulse", "Pulse", OCKLOINCCode("8867-4", "Heart rate"), ranges: [range("bpm", 20, 300)],
            names: [
                "pulse", "heart-rate", "heartrate", "hr", "resting-heart-rate", "pulse-rate", "puls", "pulso", "frecuencia-cardiaca", "herzfrequenz",
                "ruhepuls", "النبض", "معدل-ضربات-القلب", "hkquantitytypeidentifierheartrate"
            ],
            source:
                "The slowest hearts recorded in healthy people beat about 26–27 times a minute and escape rhythms of complete heart block rarely fall under 20; above 300 a minute no pulse can be felt or counted (home cuffs and oximeters count 30–250 bpm)."
        ),
        OCKMeasurementKind(
            id: "blood-pressure", name: "Blood pressure", loinc: OCKLOINCCode("85354-9", "Blood pressure panel with all children optional"),
            components: [
                Component(
                    id: "systolic", name: "Systolic pressure", codes: [(nil, OCKLOINCCode("8480-6", "Systolic blood pressure"))],
                    plausibleRanges: [range("mmHg", 40, 300)], wholeNumbers: false,
                    aliases: [
                        "systolic", "sys", "sbp", "systole", "systolic-pressure", "systolic-blood-pressure", "blood-pressure-systolic", "bloodpressuresystolic",
                        "hkquantitytypeidentifierbloodpressuresystolic", "sistolica", "systolisch", "الانقباضي", "8480-6"
                    ]),
                Component(
                    id: "diastolic", name: "Diastolic pressure", codes: [(nil, OCKLOINCCode("8462-4", "Diastolic blood pressure"))],
                    plausibleRanges: [range("mmHg", 20, 200)], wholeNumbers: false,
                    aliases: [
                        "diastolic", "dia", "dbp", "diastole", "diastolic-pressure", "diastolic-blood-pressure", "blood-pressure-diastolic", "bloodpressurediastolic",
                        "hkquantitytypeidentifierbloodpressurediastolic", "diastolica", "diastolisch", "الانبساطي", "8462-4"
                    ])
            ],
            isVitalSign: true,
            source:
                "Cuffs validated under ISO 81060-2 measure 0–299 mmHg; under 40 mmHg systolic a cuff finds no pulse to measure, and a diastolic reading under 20 or over 200 mmHg is not one a cuff reports. The diastolic pressure is always below the systolic of the same beat.",
            names: ["blood-pressure", "bp", "blood-pressures", "presion-arterial", "tension-arterial", "blutdruck", "ضغط-الدم", "85354-9", "55284-4"]
        ),
        single(
            "oxygen-saturation", "Oxygen saturation", OCKLOINCCode("59408-5", "Oxygen saturation in Arterial blood by Pulse oximetry"),
            ranges: [range("%", 50, 100)],
            names: [
                "oxygen-saturation", "spo2", "sao2", "o2-saturation", "oxygen", "pulse-ox", "pulse-oximetry", "saturation", "saturacion-de-oxigeno",
                "saturacion", "sauerstoffsattigung", "تشبع-الأكسجين", "hkquantitytypeidentifieroxygensaturation", "2708-6"
            ],
            source:
                "Pulse oximeters (ISO 80601-2-61) state their accuracy from 70 to 100 %; a saturation can never exceed 100 %, and readings under 50 % are outside any oximeter's stated range."
        ),
        single(
            "respiratory-rate", "Respiratory rate", OCKLOINCCode("9279-1", "Respiratory rate"), ranges: [range("breaths/min", 4, 80)],
            names: [
                "respiratory-rate", "respiration-rate", "respiration", "breathing-rate", "breaths", "rr", "frecuencia-respiratoria", "atemfrequenz",
                "معدل-التنفس", "hkquantitytypeidentifierrespiratoryrate"
            ],
            source: "From 4 breaths a minute (opioid poisoning) to 80 (a newborn in distress): rates outside are not counted breaths."
        ),
        single(
            "weight", "Body weight", OCKLOINCCode("29463-7", "Body weight"), ranges: [range("kg", 0.2, 650), range("lb", 0.44, 1_433)],
            names: ["weight", "body-weight", "body-mass", "peso", "peso-corporal", "gewicht", "korpergewicht", "الوزن", "hkquantitytypeidentifierbodymass"],
            source: "From the smallest newborns that survive (about 0.25 kg) to the heaviest person recorded (635 kg)."
        ),
        single(
            "height", "Body height", OCKLOINCCode("8302-2", "Body height"), ranges: [range("cm", 20, 275), range("in", 8, 108)],
            names: ["height", "body-height", "altura", "estatura", "grosse", "korpergrosse", "الطول", "hkquantitytypeidentifierheight"],
            source: "From a premature newborn (about 25 cm) to the tallest person recorded (272 cm)."
        ),
        OCKMeasurementKind(
            id: "glucose", name: "Blood glucose", loinc: OCKLOINCCode("2339-0", "Glucose [Mass/volume] in Blood"),
            components: [
                Component(
                    id: "glucose", name: "Blood glucose",
                    codes: [("mg/dL", OCKLOINCCode("2339-0", "Glucose [Mass/volume] in Blood")), ("mmol/L", OCKLOINCCode("15074-8", "Glucose [Moles/volume] in Blood"))],
                    plausibleRanges: [range("mg/dL", 10, 2_700), range("mmol/L", 0.5, 150)], wholeNumbers: false,
                    aliases: ["glucose", "blood-glucose", "hkquantitytypeidentifierbloodglucose", "2339-0", "15074-8", "41653-7"])
            ],
            isVitalSign: false,
            source:
                "From the deepest hypoglycaemia measured (about 10 mg/dL, 0.5 mmol/L) to the highest blood glucose a person survived (2,656 mg/dL, 147 mmol/L, in 2008); home meters show 20–600 mg/dL.",
            names: [
                "glucose", "blood-glucose", "blood-sugar", "sugar", "bg", "glycemia", "glucosa", "glucemia", "glukose", "blutzucker", "blutglukose", "سكر-الدم",
                "الجلوكوز", "hkquantitytypeidentifierbloodglucose"
            ]
        ),
        OCKMeasurementKind(
            id: "pain", name: "Pain", loinc: OCKLOINCCode("72514-3", "Pain severity - 0-10 verbal numeric rating [Score] - Reported"),
            components: [
                Component(
                    id: "pain", name: "Pain", codes: [(nil, OCKLOINCCode("72514-3", "Pain severity - 0-10 verbal numeric rating [Score] - Reported"))],
                    plausibleRanges: [OCKPlausibleRange(units: nil, lowerBound: 0, upperBound: 10), range("/10", 0, 10)], wholeNumbers: true,
                    aliases: ["pain", "pain-score", "pain-level", "pain-severity", "72514-3"])
            ],
            isVitalSign: false, source: "The 0–10 numeric rating scale: 0 is no pain, 10 the worst imaginable; whole numbers only.",
            names: ["pain", "pain-score", "pain-level", "pain-severity", "dolor", "nivel-de-dolor", "schmerz", "schmerzen", "schmerzstarke", "الألم", "72514-3"]
        )
    ]

    /// A measurement of one part, whose part shares its id and names.
    private static func single(_ id: String, _ name: String, _ loinc: OCKLOINCCode, ranges: [OCKPlausibleRange], names: [String], source: String) -> OCKMeasurementKind {
        OCKMeasurementKind(
            id: id, name: name, loinc: loinc,
            components: [Component(id: id, name: name, codes: [(nil, loinc)], plausibleRanges: ranges, wholeNumbers: false, aliases: names)],
            isVitalSign: true, source: source, names: names)
    }

    private static func range(_ units: String, _ low: Double, _ high: Double) -> OCKPlausibleRange {
        OCKPlausibleRange(units: units, lowerBound: low, upperBound: high)
    }

    private init(id: String, name: String, loinc: OCKLOINCCode?, components: [Component], isVitalSign: Bool, source: String, names: [String]) {
        self.id = id
        self.name = name
        self.loinc = loinc
        self.components = components
        self.isVitalSign = isVitalSign
        self.source = source
        self.names = Set(names.map(Self.normalized))
    }
}
