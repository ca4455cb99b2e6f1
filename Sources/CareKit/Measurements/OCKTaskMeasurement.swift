import CareKitStore
import CareKitUI
import Foundation

/// What a task measures, read from its definition: the number questions of its survey (or, for
/// a task without one, its name and the units of its targets), each with the known measurement
/// part it records (``CareKitStore/OCKMeasurementKind``) and the values it accepts.
///
/// Every writer's values are judged by this, never by the `kind` tag a value carries: the web
/// app's forms, `carekit log`, FHIR import and records from Apple's CareKit, whose values
/// usually name no kind.
public struct OCKTaskMeasurement: Hashable, Sendable {
    /// One number the task records.
    public struct Part: Hashable, Sendable {
        /// The kind of the values that record it (the survey question's id), or nil for a task
        /// whose values name none.
        public var valueKind: String?
        /// What the patient is asked ("What is your temperature?"), or the task's name.
        public var prompt: String
        /// The units the task takes it in.
        public var units: String?
        /// The known measurement part it is, if the app knows it.
        public var component: OCKMeasurementKind.Component?
        /// The values accepted: the question's own bounds, narrowed by what a body can have
        /// when the part is known; nil when neither says anything.
        public var limits: OCKPlausibleRange?

        /// The name to use in messages and headings: the known part's, in the current language, else the prompt.
        public var name: String {
            component.map { OCKMeasurementNames.name(of: $0) } ?? prompt
        }
    }

    /// The known measurement, when the app knows it (blood pressure, temperature, …).
    public var kind: OCKMeasurementKind?
    /// The numbers recorded, in the survey's order.
    public var parts: [Part]

    /// Whether one reading is several numbers read as one ("128/84 mmHg").
    public var isPaired: Bool { parts.count > 1 && kind?.isPaired == true }

    /// What `task` measures; nil for a task that records no number.
    public init?(task: OCKTask) {
        if let survey = task.survey {
            self.init(survey: survey, title: task.title ?? task.id)
            return
        }
        // A task without a survey measures what its name says, in the units of its targets.
        let targets = task.schedule.elements.flatMap(\.targetValues).filter { $0.numericValue != nil }
        let units = targets.first?.units
        guard let kind = OCKMeasurementKind.recognizing(name: task.title, units: units) ?? OCKMeasurementKind.recognizing(name: task.id, units: units),
            kind.components.count == 1, let component = kind.components.first
        else { return nil }
        let targetKind = Set(targets.map(\.kind)).count == 1 ? targets.first?.kind : nil
        self.init(kind: kind, parts: [Part(valueKind: targetKind, prompt: task.title ?? task.id, units: units, component: component, limits: component.plausibleRange(units: units))])
    }

    /// A measurement of these parts.
    public init(kind: OCKMeasurementKind?, parts: [Part]) {
        self.kind = kind
        self.parts = parts
    }

    /// What a survey's number (and scale) questions measure; `title` (the task's name) names a
    /// survey of one question whose id and prompt say nothing the catalog knows. Nil for a
    /// survey without such questions.
    public init?(survey: OCKSurvey, title: String?) {
        let questions = survey.questions.filter { question in
            switch question.kind {
            case .number, .scale: return true
            default: return false
            }
        }
        guard !questions.isEmpty else { return nil }
        let kind = Self.kind(of: questions, title: title)
        self.kind = kind
        self.parts = questions.map { question in
            let component = kind.flatMap { kind in
                kind.components.first { $0.matches(valueKind: question.id) || $0.matches(valueKind: question.prompt) } ?? (questions.count == 1 ? kind.components.first : nil)
            }
            return Part(valueKind: question.id, prompt: question.prompt, units: question.unit, component: component, limits: Self.limits(of: question, component: component))
        }
    }

    /// The known measurement a survey's questions record: a paired one when its parts are
    /// distinct questions; else the one a lone question's id, prompt or the task's name says.
    private static func kind(of questions: [OCKSurveyQuestion], title: String?) -> OCKMeasurementKind? {
        for kind in OCKMeasurementKind.all where kind.isPaired {
            let found = kind.components.map { part in
                questions.firstIndex { ($0.unit == nil || part.isTaken(in: $0.unit)) && (part.matches(valueKind: $0.id) || part.matches(valueKind: $0.prompt)) }
            }
            if found.allSatisfy({ $0 != nil }), Set(found).count == found.count { return kind }
        }
        guard questions.count == 1, let question = questions.first else {
            // Several numbers that are not one paired measurement: each is its own part, unknown.
            return nil
        }
        let units = question.unit
        for name in [question.id, question.prompt, title] {
            if let kind = OCKMeasurementKind.recognizing(name: name, units: units), kind.components.count == 1 { return kind }
        }
        return nil
    }

    /// A question's bounds narrowed by what a body can have in its units.
    private static func limits(of question: OCKSurveyQuestion, component: OCKMeasurementKind.Component?) -> OCKPlausibleRange? {
        let plausible = component?.plausibleRange(units: question.unit)
        var own: OCKPlausibleRange?
        switch question.kind {
        case .number(let unit, let minimum, let maximum) where minimum != nil || maximum != nil:
            own = OCKPlausibleRange(units: unit, lowerBound: minimum ?? -Double.greatestFiniteMagnitude, upperBound: maximum ?? Double.greatestFiniteMagnitude)
        case .scale(let minimum, let maximum, _, _):
            own = OCKPlausibleRange(units: nil, lowerBound: Double(minimum), upperBound: Double(maximum))
        default:
            break
        }
        guard let own else { return plausible }
        guard let plausible else { return own }
        return own.narrowed(by: plausible) ?? plausible
    }

    /// The part a recorded value records: the part of its kind; else the part the kind names
    /// in another app's words; else, for a value naming no kind, the one part of a task that
    /// measures one number.
    public func part(for value: OCKOutcomeValue) -> Part? {
        if let named = parts.first(where: { $0.valueKind != nil && $0.valueKind == value.kind }) { return named }
        if let kind = value.kind {
            if let aliased = parts.first(where: { $0.component?.matches(valueKind: kind) == true }) { return aliased }
            return parts.count == 1 && parts[0].valueKind == nil ? parts.first : nil
        }
        return parts.count == 1 ? parts.first : nil
    }

    /// The first value no body can have (or outside the limits the task set), or a reading
    /// whose parts cannot be together (a diastolic pressure at or above the systolic); nil when
    /// every value is plausible. Values that are not numbers, or that record none of the task's
    /// parts, are not judged.
    public func problem(with values: [OCKOutcomeValue]) -> OCKImplausibleValue? {
        for value in values {
            guard let part = part(for: value), let number = value.numericValue, let limits = part.limits else { continue }
            // A value without units is in the part's; one in units that convert is compared in the limits' units.
            let units = value.units ?? part.units
            // Units that do not convert to the limits' are refused where they are typed, not here.
            guard let compared = OCKUnit.convert(number, from: units, to: limits.units) else { continue }
            let whole = part.component?.wholeNumbers == true
            guard limits.contains(compared), !whole || compared.rounded() == compared else {
                let shown = OCKPlausibleRange(
                    units: units, lowerBound: OCKUnit.convert(limits.lowerBound, from: limits.units, to: units) ?? limits.lowerBound,
                    upperBound: OCKUnit.convert(limits.upperBound, from: limits.units, to: units) ?? limits.upperBound)
                if let kind, let component = part.component { return .outside(kind, component, number: number, range: shown) }
                return .outsideLimits(name: part.prompt, number: number, range: shown)
            }
        }
        guard isPaired, let kind else { return nil }
        for reading in readings(of: values) {
            var numbers: [String: (number: Double, units: String?)] = [:]
            for index in reading.indices {
                guard let part = part(for: values[index]), let id = part.component?.id, let number = values[index].numericValue else { continue }
                numbers[id] = (number, values[index].units ?? part.units)
            }
            if let problem = kind.problem(with: numbers) { return problem }
        }
        return nil
    }

    /// One reading of the measurement among an outcome's values: the indices of its values, in
    /// part order (a systolic value with the diastolic that follows it), or one value alone.
    public struct Reading: Hashable, Sendable {
        /// The positions of the reading's values in the outcome's values.
        public var indices: [Int]

        public init(indices: [Int]) {
            self.indices = indices
        }
    }

    /// The reading of `values` that starts at `index`, or holds it; one value alone when none does.
    public func reading(at index: Int, of values: [OCKOutcomeValue]) -> Reading {
        readings(of: values).first { $0.indices.contains(index) } ?? Reading(indices: [index])
    }

    /// The readings among an outcome's values: for a paired measurement each first part with
    /// the next value of the second part (a part left alone is a reading of its own); otherwise
    /// each value is one reading.
    public func readings(of values: [OCKOutcomeValue]) -> [Reading] {
        guard isPaired else { return values.indices.map { Reading(indices: [$0]) } }
        var readings: [Reading] = []
        var open: Int?
        for index in values.indices {
            let position = part(for: values[index]).flatMap { found in parts.firstIndex { $0 == found } }
            switch position {
            case 0?:
                if let pending = open { readings.append(Reading(indices: [pending])) }
                open = index
            case 1?:
                if let pending = open {
                    readings.append(Reading(indices: [pending, index]))
                    open = nil
                } else {
                    readings.append(Reading(indices: [index]))
                }
            default:
                if let pending = open { readings.append(Reading(indices: [pending])); open = nil }
                readings.append(Reading(indices: [index]))
            }
        }
        if let pending = open { readings.append(Reading(indices: [pending])) }
        return readings
    }
}

extension OCKTaskMeasurement {
    /// The values of one reading a person typed for the task: "98.6 F", "37,2", "152" or, for a
    /// paired measurement, both numbers in one text ("128/84", "128/84 mmHg"). Each number is
    /// read as ``CareKitStore/OCKOutcomeValue/typedMeasurement(_:bareUnits:expected:kind:createdDate:)``
    /// reads it, in `units` when it has none (else in its part's), and tagged with its part's kind
    /// when `kind` is nil.
    ///
    /// - Throws: ``CareKitStore/OCKImplausibleValue`` for a value no body can have, and what
    ///   `typedMeasurement` throws for text that is not a measurement in these units.
    public func values(typed text: String, units: String?, kind: String?, createdDate: Date) throws -> [OCKOutcomeValue] {
        var texts = [text]
        if isPaired {
            let halves = text.split(separator: "/", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if halves.count == 2, !halves[0].isEmpty, !halves[1].isEmpty {
                // "128/84 mmHg": the units written after the second number are the first's too.
                let units = { (text: String) in (try? OCKOutcomeValue.parsedMeasurement(text))??.units }
                texts = [halves[0] + (units(halves[0]) == nil ? units(halves[1]).map { " " + $0 } ?? "" : ""), halves[1]]
            }
        }
        let partsTyped = texts.count == parts.count ? parts : Array(parts.prefix(1))
        var values: [OCKOutcomeValue] = []
        for (part, typed) in zip(partsTyped, texts) {
            let taken = units ?? part.units
            let valueKind = kind ?? part.valueKind ?? part.component?.id
            // "128 mmHg", "84 mm Hg": the part's own units (any spelling), which do not convert.
            if let measured = try OCKOutcomeValue.parsedMeasurement(typed), let typedUnits = measured.units, OCKUnit(typedUnits) == nil, let taken {
                guard OCKMeasurementKind.canonicalUnits(typedUnits) == OCKMeasurementKind.canonicalUnits(taken) else {
                    throw OCKOutcomeValue.TypedMeasurementProblem.otherDimension(typed: typedUnits, expected: taken)
                }
                values.append(OCKOutcomeValue(measured.number, units: taken, kind: valueKind, createdDate: createdDate))
                continue
            }
            values.append(try OCKOutcomeValue.typedMeasurement(typed, bareUnits: taken, expected: taken, kind: valueKind, createdDate: createdDate))
        }
        if let problem = problem(with: values) { throw problem }
        return values
    }
}
