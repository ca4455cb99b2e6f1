import CareKitStore
import CareKitUI
import Foundation

/// The parts of the care report that say who and what it is about: the patient first, the
/// current medications and tasks, and at the end the care team's notes.
struct _CareReportPlan {
    let formatter: OCKEventFormatter

    /// The patient's name as the report writes it, or nil when it has no parts.
    static func name(of patient: any OCKAnyPatient) -> String? {
        let name = OCKContactFormatting.name(patient.name)
        return name.isEmpty ? nil : name
    }

    /// "Patient": the name (or that it was not recorded), the birthday with the age at the
    /// report's last day, and the report's days.
    func patient(_ patient: (any OCKAnyPatient)?, firstDay: Date, lastDay: Date) -> [any OCKDocumentElement] {
        var lines = [patient.flatMap(Self.name).map { loc("Name: {name}", ["name": $0]) } ?? loc("Name not recorded")]
        if let birthday = patient?.birthday {
            let born = OCKDateFormatting(calendar: formatter.calendar, locale: formatter.locale).string(from: birthday, template: "yMMMMd")
            if let age = formatter.calendar.dateComponents([.year], from: birthday, to: lastDay).year, age >= 0 {
                lines.append(loc("Born {date} (age {age})", ["date": born, "age": OCKLocalization.number(age)]))
            } else {
                lines.append(loc("Born {date}", ["date": born]))
            }
        }
        lines.append(loc("From {first} to {last}.", ["first": formatter.longDay(firstDay), "last": formatter.longDay(lastDay)]))
        return [OCKDocumentElementSubtitle(subtitle: loc("Patient"))] + lines.map(OCKDocumentElementParagraph.init(content:))
    }

    /// "Medications and tasks": what counts towards adherence and is no measurement, as planned
    /// on the report's last day (each task's version in effect then), with its times and its
    /// instructions or dose. Tasks stopped before that day are left out.
    func medications(_ versions: [any OCKAnyTask], lastDay: Date) -> [any OCKDocumentElement] {
        let day = DateInterval.ockDay(containing: lastDay, calendar: formatter.calendar)
        var current: [String: any OCKAnyTask] = [:]
        for task in versions where OCKAdherence.counts(task) && (task as? OCKTask)?.survey == nil && task.effectiveDate < day.end {
            guard !task.schedule.events(from: day.start, to: day.end).isEmpty else { continue }
            if let known = current[task.id], known.effectiveDate >= task.effectiveDate { continue }
            current[task.id] = task
        }
        let tasks = current.values.sorted { ($0.title ?? $0.id, $0.id) < ($1.title ?? $1.id, $1.id) }
        var elements: [any OCKDocumentElement] = [OCKDocumentElementSubtitle(subtitle: loc("Medications and tasks"))]
        guard !tasks.isEmpty else {
            return elements + [OCKDocumentElementParagraph(content: loc("Nothing that counts towards adherence is planned on {day}.", ["day": formatter.longDay(lastDay)]))]
        }
        elements.append(OCKDocumentElementParagraph(content: loc("As planned on {day}.", ["day": formatter.longDay(lastDay)])))
        let rows = tasks.map { task in
            [task.title ?? task.id, formatter.scheduleSummary(task.schedule).joined(separator: loc("; ")), task.instructions.flatMap { $0.isEmpty ? nil : $0 } ?? "–"]
        }
        elements.append(OCKDocumentElementTable(headers: [loc("Medication or task"), loc("When"), loc("Instructions or dose")], rows: rows))
        return elements
    }

    /// "Notes from the care team": the notes on each task's newest version in the report, with
    /// who wrote them and when (their title); nothing without notes.
    func notes(_ versions: [any OCKAnyTask]) -> [any OCKDocumentElement] {
        var newest: [String: any OCKAnyTask] = [:]
        for task in versions where newest[task.id].map({ $0.effectiveDate < task.effectiveDate }) ?? true {
            newest[task.id] = task
        }
        let paragraphs = newest.values.sorted { ($0.title ?? $0.id) < ($1.title ?? $1.id) }.flatMap { task in
            (task.notes ?? []).compactMap { note -> (any OCKDocumentElement)? in
                guard let content = note.content, !content.isEmpty else { return nil }
                let byline = [note.author, note.title].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
                let about = loc("About {task}: {note}", ["task": task.title ?? task.id, "note": content])
                return OCKDocumentElementParagraph(content: byline.isEmpty ? about : about + " — " + byline)
            }
        }
        guard !paragraphs.isEmpty else { return [] }
        return [OCKDocumentElementSubtitle(subtitle: loc("Notes from the care team"))] + paragraphs
    }
}
