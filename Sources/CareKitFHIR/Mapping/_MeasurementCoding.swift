import CareKitStore
import Foundation

/// How an outcome's values are coded: by the measurement the task records
/// (``CareKitStore/OCKMeasurementKind``), read from what defines the task — its LOINC code, the
/// kinds of its values and targets, its name and units — so that a task made by the command
/// line, the plan editor or the dashboard, which carries no code, is coded like the demo's.
enum _MeasurementCoding {
    /// HL7's interpretation codes (H, L, N).
    static let interpretationSystem = "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation"

    /// The known measurement a task's outcome records; nil for a task that measures nothing the
    /// app knows (a checklist, a text answer, a measurement of its own).
    static func kind(of task: OCKTask, values: [OCKOutcomeValue]) -> OCKMeasurementKind? {
        if let code = task.loincCode { return OCKMeasurementKind(loinc: code) }
        let targets = task.schedule.elements.flatMap(\.targetValues)
        for kind in (values + targets).compactMap(\.kind) {
            if let found = OCKMeasurementKind.all.first(where: { $0.components.contains { $0.matches(valueKind: kind) } }) { return found }
        }
        let units = (values + targets).first { $0.units.nonEmpty != nil }?.units
        return OCKMeasurementKind.recognizing(name: task.title, units: units) ?? OCKMeasurementKind.recognizing(name: task.id, units: units)
    }

    static func coding(_ code: OCKLOINCCode) -> FHIRCoding {
        FHIRCoding(system: OCKFHIRVocabulary.loinc, code: code.code, display: code.display)
    }

    static var vitalSignsCategory: [FHIRCodeableConcept] {
        [FHIRCodeableConcept(coding: [FHIRCoding(system: OCKFHIRVocabulary.observationCategory, code: "vital-signs", display: "Vital Signs")])]
    }

    /// The Observation's code and category: the part's code for a lone value of a paired
    /// measurement (a systolic pressure alone is 8480-6, not the panel), the panel's for
    /// several, the one part's (by units: glucose in mmol/L is 15074-8) otherwise. A task
    /// whose LOINC code the catalog does not know keeps that code.
    static func code(task: OCKTask, kind: OCKMeasurementKind?, values: [OCKOutcomeValue]) -> (code: FHIRCodeableConcept, category: [FHIRCodeableConcept]?) {
        let text = task.title.nonEmpty ?? task.id
        guard let kind else {
            let loinc = task.loincCode
            return (
                FHIRCodeableConcept(coding: loinc.map { [FHIRCoding(system: OCKFHIRVocabulary.loinc, code: $0, display: OCKFHIRVocabulary.vitalSigns[$0])] }, text: text),
                loinc.flatMap { OCKFHIRVocabulary.vitalSigns[$0] } == nil ? nil : vitalSignsCategory
            )
        }
        let category = kind.isVitalSign ? vitalSignsCategory : nil
        let parts = values.filter { $0.numericValue != nil }.compactMap { value in kind.component(forValueKind: value.kind).map { (value, $0) } }
        if kind.isPaired {
            guard !parts.isEmpty else { return (FHIRCodeableConcept(text: text), nil) }
            if values.count == 1, let (value, part) = parts.first, let code = part.loinc(units: value.units) {
                return (FHIRCodeableConcept(coding: [coding(code)], text: text), category)
            }
            return (FHIRCodeableConcept(coding: kind.loinc.map { [coding($0)] }, text: text), category)
        }
        let code = kind.components.first?.loinc(units: parts.first?.0.units ?? values.first?.units) ?? kind.loinc
        return (FHIRCodeableConcept(coding: code.map { [coding($0)] }, text: text), category)
    }

    /// A component's code: the known part the value records, else its kind (a LOINC code when
    /// it looks like one), else "Value n".
    static func componentCode(_ value: OCKOutcomeValue, kind: OCKMeasurementKind?, index: Int) -> FHIRCodeableConcept {
        if let part = kind?.component(forValueKind: value.kind), kind?.isPaired == true || value.numericValue != nil, let code = part.loinc(units: value.units) {
            return FHIRCodeableConcept(coding: [coding(code)], text: value.kind.nonEmpty ?? part.name)
        }
        guard let kind = value.kind.nonEmpty else { return FHIRCodeableConcept(text: "Value \(index + 1)") }
        let looksLikeLOINC = kind.range(of: #"^[0-9]{1,7}-[0-9]$"#, options: .regularExpression) != nil
        return FHIRCodeableConcept(coding: looksLikeLOINC ? [FHIRCoding(system: OCKFHIRVocabulary.loinc, code: kind)] : nil, text: kind)
    }

    /// The value's reference range (the element's targets for it) and where the value lies:
    /// H above, L below, N within.
    static func judged(_ value: OCKOutcomeValue, element: OCKScheduleElement) -> (range: [FHIRObservation.ReferenceRange]?, interpretation: [FHIRCodeableConcept]?) {
        guard let range = element.targetRange(for: value) else { return (nil, nil) }
        func quantity(_ number: Double) -> FHIRQuantity {
            let code = range.units.flatMap(OCKUCUM.code(for:))
            return FHIRQuantity(value: number, unit: range.units, system: code == nil ? nil : OCKFHIRVocabulary.ucum, code: code)
        }
        let reference = [FHIRObservation.ReferenceRange(low: quantity(range.lowerBound), high: quantity(range.upperBound))]
        let interpretation: FHIRCoding?
        switch element.targetRangePosition(of: value) {
        case .above?: interpretation = FHIRCoding(system: interpretationSystem, code: "H", display: "High")
        case .below?: interpretation = FHIRCoding(system: interpretationSystem, code: "L", display: "Low")
        case .within?: interpretation = FHIRCoding(system: interpretationSystem, code: "N", display: "Normal")
        case nil: interpretation = nil
        }
        return (reference, interpretation.map { [FHIRCodeableConcept(coding: [$0])] })
    }
}
