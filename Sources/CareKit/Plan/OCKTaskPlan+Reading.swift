import CareKitStore
import CareKitUI
import Foundation

extension OCKTaskPlan {

    /// The plan of a task whose schedule the plan editor can show: elements that share their
    /// interval (every day, every N days or every week), duration, end, target values, text
    /// and time zone, one per time (and weekday). Nil for any
    /// other task (several kinds of element, a survey of more than one number question, target
    /// values without a measurement): editing it here would lose something.
    public init?(task: OCKTask) {
        let elements = task.schedule.elements
        guard let first = elements.first,
            elements.allSatisfy({
                $0.interval == first.interval && $0.duration == first.duration && $0.end == first.end
                    && $0.targetValues == first.targetValues && $0.calendar.timeZone == first.calendar.timeZone
                    && $0.text == first.text
            })
        else { return nil }
        var calendar = first.calendar
        calendar.locale = Locale(identifier: "en_US_POSIX")
        let isAllDay = first.duration == .allDay
        var eventDuration: TimeInterval = 3600
        if case .seconds(let seconds) = first.duration {
            guard seconds >= 0 else { return nil }
            eventDuration = seconds
        }
        let days = Set(elements.map { calendar.startOfDay(for: $0.start) })
        let times = Set(elements.map { TimeOfDay(hour: calendar.component(.hour, from: $0.start), minute: calendar.component(.minute, from: $0.start)) })
        guard let firstDay = days.min(), !times.contains(nil) else { return nil }
        let repetition: Repetition
        let interval = first.interval
        let others: [Int?] = [
            interval.era, interval.year, interval.month, interval.hour, interval.minute, interval.second,
            interval.nanosecond, interval.weekday, interval.weekdayOrdinal, interval.quarter, interval.yearForWeekOfYear
        ]
        guard others.allSatisfy({ ($0 ?? 0) == 0 }), interval.weekOfMonth == nil else { return nil }
        switch (interval.day ?? 0, interval.weekOfYear ?? 0) {
        case (let n, 0) where n >= 1:
            guard days.count == 1 else { return nil }
            repetition = n == 1 ? .daily : .everyNDays(n)
        case (0, 1):
            guard let lastStart = days.max(), lastStart < (Self.day(7, after: firstDay, calendar) ?? lastStart) else { return nil }
            repetition = .weekdays(Set(days.map { calendar.component(.weekday, from: $0) }))
        default:
            return nil
        }
        // Every time on every day, each once, and all-day events at the day's start.
        let expected = isAllDay ? days.count : days.count * times.count
        guard elements.count == expected, !isAllDay || times == [TimeOfDay(hour: 0, minute: 0)] else { return nil }

        var measurement: Measurement?
        if let survey = task.survey {
            guard let read = Self.measurement(of: survey, targets: first) else { return nil }
            measurement = read
        } else if !first.targetValues.isEmpty {
            return nil
        }
        self.init(
            title: task.title ?? task.id, instructions: task.instructions,
            times: isAllDay ? [] : times.compactMap { $0 }, isAllDay: isAllDay, repetition: repetition,
            firstDay: firstDay, lastDay: first.end.map { calendar.startOfDay(for: $0.addingTimeInterval(-1)) },
            impactsAdherence: task.impactsAdherence, measurement: measurement,
            reminderMinutesBefore: task.reminderMinutesBefore, eventDuration: eventDuration, label: first.text, calendar: calendar)
    }

    /// The measurement a survey records, as the plan editor shows it: one number question
    /// (its bounds as the measurement's limits, unless they are just what a body can have), or
    /// a paired measurement's two; nil for a survey the editor cannot show without losing part
    /// of it (other questions, targets of other kinds, bounds it cannot write).
    static func measurement(of survey: OCKSurvey, targets element: OCKScheduleElement) -> Measurement? {
        let task = OCKTaskMeasurement(survey: survey, title: survey.title)
        let numbers = survey.questions.compactMap { question -> (OCKSurveyQuestion, String?, Double?, Double?)? in
            guard case .number(let unit, let minimum, let maximum) = question.kind else { return nil }
            return (question, unit, minimum, maximum)
        }
        guard numbers.count == survey.questions.count else { return nil }
        let ranges = numbers.map { element.targetRange(forKind: $0.0.id).map { $0.lowerBound...$0.upperBound } }
        // Every target value belongs to one of the questions' ranges.
        let expected = ranges.compactMap { $0 }.count * 2
        guard element.targetValues.count == expected else { return nil }
        /// Bounds that are only what a body can have say nothing of their own.
        func ownLimits(_ question: (OCKSurveyQuestion, String?, Double?, Double?), part: OCKMeasurementKind.Component?) -> ClosedRange<Double>?? {
            let (_, unit, minimum, maximum) = question
            if minimum == nil, maximum == nil { return .some(nil) }
            if let plausible = part?.plausibleRange(units: unit), minimum == plausible.lowerBound, maximum == plausible.upperBound { return .some(nil) }
            guard let minimum, let maximum, minimum <= maximum else { return nil }
            return .some(minimum...maximum)
        }
        if let task, task.isPaired, let kind = task.kind, numbers.count == 2, numbers[0].1 == numbers[1].1,
            numbers.map(\.0.id) == kind.components.map(\.id)
        {
            for (index, question) in numbers.enumerated() {
                guard let limits = ownLimits(question, part: kind.components[index]), limits == nil else { return nil }
            }
            return Measurement(
                name: survey.title ?? OCKMeasurementNames.name(of: kind), unit: numbers[0].1, range: ranges[0], secondRange: ranges[1], knownID: kind.id)
        }
        guard numbers.count == 1, let question = numbers.first, let limits = ownLimits(question, part: task?.parts.first?.component) else { return nil }
        var measurement = Measurement(name: question.0.prompt, unit: question.1, range: ranges[0], limits: limits)
        if measurement.kind != question.0.id { measurement.valueKind = question.0.id }
        return measurement
    }
}
