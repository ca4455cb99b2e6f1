import CareKitStore
import CareKitUI
import Foundation

/// The care report's measurement tables: per assessment, each recorded entry with the date and
/// time it was first recorded and its answers, marked in words a clinician can read on paper:
///
/// * `▲ high` / `▼ low`: the value is outside the task's target range (``OCKTargetRange``, the
///   definition the app's alerts use);
/// * `✎ edited`: the entry was changed after it was first recorded; every earlier value is
///   listed with the time it was replaced;
/// * `◷ … late` / `◷ … early`: first recorded outside the event's on-time window, by the one
///   rule the doses, the cards and the care team's dashboard use
///   (``CareKitStore/OCKScheduleEvent/recordingTiming(of:)``).
///
/// A paired measurement (blood pressure) is one column, each reading written as one
/// ("152/95 mmHg ▲ high").
struct _CareReportMeasurements {
    /// The kinds of mark, in legend order.
    enum Mark: Int, CaseIterable, Comparable {
        case range, edited, late

        static func < (lhs: Mark, rhs: Mark) -> Bool { lhs.rawValue < rhs.rawValue }

        var legend: [String] {
            switch self {
            case .range: return [loc("▲ high, ▼ low"), loc("Outside the task's target range (given under its name)")]
            case .edited: return [loc("✎ edited"), loc("Changed after it was first recorded; each earlier value follows with the time it was replaced")]
            case .late: return OCKEventFormatter.recordingMarkLegend
            }
        }
    }

    let formatter: OCKEventFormatter
    /// The earlier versions of each outcome shown, by outcome id, oldest first.
    let history: [String: [OCKOutcome]]
    /// The marks used so far.
    private(set) var marks: Set<Mark> = []

    init(formatter: OCKEventFormatter, history: [String: [OCKOutcome]]) {
        self.formatter = formatter
        self.history = history
    }

    /// Every earlier version of the outcomes of `events`, by outcome id, oldest first, as far as
    /// the store keeps them (`OCKStore` does: an update appends a version).
    static func history(store: any OCKAnyReadOnlyOutcomeStore, events: [OCKEvent<OCKTask, OCKOutcome>]) async throws -> [String: [OCKOutcome]] {
        let current = events.compactMap(\.outcome)
        guard !current.isEmpty else { return [:] }
        var query = OCKOutcomeQuery()
        query.ids = current.map(\.id)
        let versions = Dictionary(
            try await store.fetchAnyOutcomes(query: query).compactMap { $0 as? OCKOutcome }.map { ($0.uuid, $0) },
            uniquingKeysWith: { first, _ in first })
        var history: [String: [OCKOutcome]] = [:]
        for outcome in current where !outcome.previousVersionUUIDs.isEmpty {
            var earlier: [OCKOutcome] = []
            var seen = Set<UUID>()
            var pending = outcome.previousVersionUUIDs
            while let uuid = pending.popLast() {
                guard seen.insert(uuid).inserted, let version = versions[uuid] else { continue }
                earlier.append(version)
                pending += version.previousVersionUUIDs
            }
            history[outcome.id] = earlier.sorted { ($0.updatedDate ?? $0.effectiveDate) < ($1.updatedDate ?? $1.effectiveDate) }
        }
        return history
    }

    /// The subtitle, target ranges and table of one assessment.
    mutating func elements(for task: OCKTask, survey: OCKSurvey, events: [OCKEvent<OCKTask, OCKOutcome>]) -> [any OCKDocumentElement] {
        var elements: [any OCKDocumentElement] = [OCKDocumentElementSubtitle(subtitle: task.title ?? task.id)]
        if let ranges = rangesDescription(task: task, survey: survey) {
            elements.append(OCKDocumentElementParagraph(content: ranges))
        }
        var rows: [[String]] = []
        var notes: [String] = []
        // A paired measurement (blood pressure) is one column: "128/84 mmHg ▲ high".
        let measurement = OCKTaskMeasurement(task: task)
        let paired = measurement?.isPaired == true ? measurement : nil
        let columns = survey.questions.filter { question in paired?.parts.contains { $0.valueKind == question.id } != true }
        for event in events {
            guard let outcome = event.outcome, !outcome.values.isEmpty else { continue }
            let element = event.scheduleEvent.element
            let versions = (history[outcome.id] ?? []) + [outcome]
            let first = versions[0].values.map(\.createdDate).min() ?? event.scheduleEvent.start
            rows.append(
                [formatter.shortDay(event.scheduleEvent.start), recordedAt(first, event: event.scheduleEvent)]
                    + (paired.map { [readings(of: outcome.values, measurement: $0, element: element) ?? "–"] } ?? [])
                    + columns.map { answer(to: $0, in: outcome, survey: survey, element: element) ?? "–" })
            notes.append(edits(versions, survey: survey, event: event.scheduleEvent))
        }
        guard !rows.isEmpty else {
            return elements + [OCKDocumentElementParagraph(content: loc("Nothing recorded in this period."))]
        }
        var headers = [loc("Day"), loc("Recorded at")] + (paired?.kind.map { [OCKMeasurementNames.name(of: $0)] } ?? []) + columns.map(\.prompt)
        if notes.contains(where: { !$0.isEmpty }) {
            headers.append(loc("Notes"))
            rows = zip(rows, notes).map { $0 + [$1] }
        }
        return elements + [OCKDocumentElementTable(headers: headers, rows: rows)]
    }

    /// The legend of the marks used, if any.
    var legend: [any OCKDocumentElement] {
        guard !marks.isEmpty else { return [] }
        return [
            OCKDocumentElementParagraph(content: loc("Marks in the measurement tables:")),
            OCKDocumentElementTable(headers: [loc("Mark"), loc("Meaning")], rows: marks.sorted().map(\.legend))
        ]
    }

    /// "Jan 7, 9:10 AM" in the report's calendar, with the year when it is not `event`'s.
    private func dateAndTime(_ date: Date, near event: Date) -> String {
        let calendar = formatter.calendar
        let sameYear = calendar.component(.year, from: date) == calendar.component(.year, from: event)
        let day = OCKDateFormatting(calendar: calendar, locale: formatter.locale).string(from: date, template: sameYear ? "MMMd" : "yMMMd")
        return loc("{day}, {time}", ["day": day, "time": formatter.time(date)])
    }

    /// When an entry was first recorded, with "◷ 8 h 30 min late" or "◷ 2 h early" when it is
    /// outside its event's on-time window (``OCKScheduleEvent/recordingTiming(of:)``: the rule
    /// of the doses too).
    private mutating func recordedAt(_ date: Date, event: OCKScheduleEvent) -> String {
        let text = dateAndTime(date, near: event.start)
        guard let mark = formatter.recordingMark(event.recordingTiming(of: date)) else { return text }
        marks.insert(.late)
        return loc("{time} {mark}", ["time": text, "mark": mark])
    }

    /// The answers of `outcome` to a question, each marked when out of range; nil without any.
    private mutating func answer(to question: OCKSurveyQuestion, in outcome: OCKOutcome, survey: OCKSurvey, element: OCKScheduleElement) -> String? {
        let values = survey.values(answering: question, in: outcome.values)
        guard !values.isEmpty else { return nil }
        return values.map { value in
            let text = formatter.value(value)
            switch element.targetRangePosition(of: value) {
            case .above?: marks.insert(.range); return loc("{value} ▲ high", ["value": text])
            case .below?: marks.insert(.range); return loc("{value} ▼ low", ["value": text])
            case .within?, nil: return text
            }
        }.joined(separator: loc(", "))
    }

    /// The readings of a paired measurement among `values`, each written as one ("128/84 mmHg")
    /// and marked when a number of it is outside its range; nil without any.
    private mutating func readings(of values: [OCKOutcomeValue], measurement: OCKTaskMeasurement, element: OCKScheduleElement) -> String? {
        let ids = Set(measurement.parts.compactMap(\.valueKind))
        let own = values.filter { $0.kind.map(ids.contains) ?? false }
        guard !own.isEmpty else { return nil }
        return measurement.readings(of: own).map { reading in
            let members = reading.indices.map { own[$0] }
            let text = formatter.reading(members)
            let positions = members.compactMap { element.targetRangePosition(of: $0) }
            if positions.contains(.above) { marks.insert(.range); return loc("{value} ▲ high", ["value": text]) }
            if positions.contains(.below) { marks.insert(.range); return loc("{value} ▼ low", ["value": text]) }
            return text
        }.joined(separator: loc(", "))
    }

    /// "✎ edited Jan 7, 2:00 PM, was 101.2 °F ▲ high" for each version that changed an answer.
    private mutating func edits(_ versions: [OCKOutcome], survey: OCKSurvey, event: OCKScheduleEvent) -> String {
        let element = event.element
        var edits: [String] = []
        for (before, after) in zip(versions, versions.dropFirst()) {
            let changed = survey.questions.compactMap { question -> String? in
                let old = answer(to: question, in: before, survey: survey, element: element) ?? "–"
                guard old != (answer(to: question, in: after, survey: survey, element: element) ?? "–") else { return nil }
                return survey.questions.count > 1 ? "\(question.prompt) \(old)" : old
            }
            guard !changed.isEmpty else { continue }
            let when = after.updatedDate ?? after.values.map(\.createdDate).max() ?? after.effectiveDate
            edits.append(loc("✎ edited {when}, was {before}", ["when": dateAndTime(when, near: event.start), "before": changed.joined(separator: loc(", "))]))
        }
        if !edits.isEmpty { marks.insert(.edited) }
        return edits.joined(separator: loc("; "))
    }

    /// "Target range: 95–100.3 °F." from the task's first schedule element with ranges.
    private func rangesDescription(task: OCKTask, survey: OCKSurvey) -> String? {
        for element in task.schedule.elements {
            let ranges = survey.questions.compactMap { question in
                element.targetRange(forKind: question.id).map { (question, $0) }
            }
            guard !ranges.isEmpty else { continue }
            let texts = ranges.map { question, range in
                let (low, high) = formatter.bounds(of: range)
                return survey.questions.count > 1 ? "\(question.prompt) \(low)–\(high)" : "\(low)–\(high)"
            }
            return loc("Target ranges: {ranges}.", count: texts.count, ["ranges": texts.joined(separator: loc("; "))])
        }
        return nil
    }
}
