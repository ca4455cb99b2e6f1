import CareKitStore
import CareKitUI
import Foundation

/// A task as a patient plans it: a name, instructions, times of day, which days, a first and an
/// optional last day, whether it counts towards adherence, an optional measurement and a
/// reminder. It turns into an ``OCKTask`` with an ``OCKSchedule`` (``task(id:carePlanUUID:)``,
/// ``applied(to:)``) and back (``init(task:calendar:)``), so every app built on CareKit can
/// offer a plan editor; `carekit add-task` and the web app's "Add a medication or task" are two.
///
/// The schedule it makes has one element per time of day (and per weekday): all-day or lasting
/// ``eventDuration``, ending at midnight after ``lastDay`` (the start of the next local day, so
/// the last day is whole, also when it is 23 or 25 hours long). A measurement becomes a
/// one-question survey (a number in its unit) and its range the elements' target values (see
/// ``OCKTargetRange``); the reminder is ``OCKTask/reminderMinutesBefore``.
public struct OCKTaskPlan: Hashable, Sendable {
    /// The task's name ("Metformin").
    public var title: String
    /// Instructions or dose ("500 mg with food"), or nil.
    public var instructions: String?
    /// The times of day of timed events, earliest first (ignored when ``isAllDay``).
    public var times: [TimeOfDay] {
        didSet { times = Array(Set(times)).sorted() }
    }
    /// Whether each event is the whole day rather than at a time.
    public var isAllDay: Bool
    /// Which days.
    public var repetition: Repetition
    /// The first day (its start, in ``calendar``).
    public var firstDay: Date {
        didSet { firstDay = calendar.startOfDay(for: firstDay) }
    }
    /// The last day, included (its start), or nil for no end.
    public var lastDay: Date? {
        didSet { lastDay = lastDay.map(calendar.startOfDay) }
    }
    /// Whether the events count towards adherence (CareKit's `impactsAdherence`).
    public var impactsAdherence: Bool
    /// The value recorded at each event, or nil.
    public var measurement: Measurement?
    /// Remind this many minutes before each event (0: at its start), or nil for no reminder.
    public var reminderMinutesBefore: Int?
    /// How long a timed event lasts, in seconds (an hour unless a task said otherwise).
    public var eventDuration: TimeInterval
    /// Text cards show in place of the clock time ("60 Minutes"), kept from the task read; nil
    /// for the time.
    public var label: String?
    /// The calendar (and time zone) of the times and days.
    public var calendar: Calendar

    /// A plan; days are taken as the days that contain them in `calendar`.
    public init(
        title: String, instructions: String? = nil, times: [TimeOfDay], isAllDay: Bool = false,
        repetition: Repetition = .daily, firstDay: Date, lastDay: Date? = nil, impactsAdherence: Bool = true,
        measurement: Measurement? = nil, reminderMinutesBefore: Int? = nil, eventDuration: TimeInterval = 3600,
        label: String? = nil, calendar: Calendar
    ) {
        self.title = title
        self.instructions = instructions
        self.times = Array(Set(times)).sorted()
        self.isAllDay = isAllDay
        self.repetition = repetition.normalized
        self.firstDay = calendar.startOfDay(for: firstDay)
        self.lastDay = lastDay.map(calendar.startOfDay)
        self.impactsAdherence = impactsAdherence
        self.measurement = measurement
        self.reminderMinutesBefore = reminderMinutesBefore
        self.eventDuration = eventDuration
        self.label = label
        self.calendar = calendar
    }

    // MARK: To a task

    /// Where the schedule ends: the start of the day after ``lastDay``, or nil.
    public var endDate: Date? {
        lastDay.map { Self.dayAfter($0, calendar) }
    }

    /// The schedule: one element per time (all-day: one), per weekday for weekly plans.
    public var schedule: OCKSchedule {
        let targets = targetValues
        let duration: OCKScheduleElement.Duration = isAllDay ? .allDay : .seconds(eventDuration)
        let (days, interval) = startDays()
        var elements: [OCKScheduleElement] = []
        for day in days {
            let starts = isAllDay ? [day] : times.map { firstStart(at: $0, from: day, every: interval) }
            for start in starts {
                elements.append(
                    OCKScheduleElement(
                        start: start, end: endDate, interval: interval, text: label, targetValues: targets,
                        duration: duration, calendar: calendar))
            }
        }
        return OCKSchedule(composing: elements)
    }

    /// The first instant at `time` on `day`, or on the next day of the repetition that has
    /// that time: a time the clocks skip (02:30 on the day they go forward) would otherwise make
    /// every later event an hour late, since events repeat the first one's wall-clock time.
    private func firstStart(at time: TimeOfDay, from day: Date, every interval: DateComponents) -> Date {
        let step = (interval.day ?? 0) + 7 * (interval.weekOfYear ?? 0)
        var candidate = day
        for _ in 0..<4 {
            if let start = calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: candidate),
                calendar.component(.hour, from: start) == time.hour, calendar.component(.minute, from: start) == time.minute
            {
                return start
            }
            guard step > 0, let next = Self.day(step, after: candidate, calendar) else { break }
            candidate = next
        }
        return calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: day) ?? day
    }

    /// The days of the first events and the interval that repeats them.
    private func startDays() -> ([Date], DateComponents) {
        switch repetition.normalized {
        case .daily: return ([firstDay], DateComponents(day: 1))
        case .everyNDays(let n): return ([firstDay], DateComponents(day: n))
        case .weekdays(let weekdays):
            let days = (0..<7).compactMap { offset -> Date? in
                guard let day = Self.day(offset, after: firstDay, calendar),
                    weekdays.contains(calendar.component(.weekday, from: day))
                else { return nil }
                return day
            }
            return (days, DateComponents(weekOfYear: 1))
        }
    }

    /// The measurement's ranges as target values: each number's lowest and highest value, in
    /// its unit (a blood pressure's systolic and diastolic ranges, of their kinds).
    var targetValues: [OCKOutcomeValue] {
        guard let measurement else { return [] }
        let values = { (range: ClosedRange<Double>?, kind: String) -> [OCKOutcomeValue] in
            guard let range else { return [] }
            return [range.lowerBound, range.upperBound].map { OCKOutcomeValue($0, units: measurement.unit, kind: kind, createdDate: firstDay) }
        }
        if measurement.isPaired, let parts = measurement.known?.components, parts.count == 2 {
            return values(measurement.range, parts[0].id) + values(measurement.secondRange, parts[1].id)
        }
        return values(measurement.range, measurement.kind)
    }

    /// The survey that records the measurement: one number question, or one per number of a
    /// paired measurement (systolic and diastolic), each bounded by the values that can be
    /// recorded (the measurement's own limits within what a body can have).
    var survey: OCKSurvey? {
        measurement.map { measurement in
            let known = measurement.known
            func bounds(_ part: OCKMeasurementKind.Component?) -> (Double?, Double?) {
                let own = measurement.limits.map { OCKPlausibleRange(units: measurement.unit, lowerBound: $0.lowerBound, upperBound: $0.upperBound) }
                let plausible = part?.plausibleRange(units: measurement.unit)
                let range = plausible.map { plausible in own.flatMap { $0.narrowed(by: plausible) } ?? plausible } ?? own
                return (range?.lowerBound, range?.upperBound)
            }
            if measurement.isPaired, let parts = known?.components, parts.count == 2 {
                return OCKSurvey(
                    title: measurement.name,
                    questions: parts.map { part in
                        let (low, high) = bounds(part)
                        return OCKSurveyQuestion(id: part.id, prompt: OCKMeasurementNames.prompt(of: part), kind: .number(unit: measurement.unit, minimum: low, maximum: high))
                    })
            }
            let (low, high) = bounds(known?.components.first)
            return OCKSurvey(questions: [OCKSurveyQuestion(id: measurement.kind, prompt: measurement.name, kind: .number(unit: measurement.unit, minimum: low, maximum: high))])
        }
    }

    /// A new task made from the plan.
    public func task(id: String, carePlanUUID: UUID? = nil) -> OCKTask {
        applied(to: OCKTask(id: id, title: title, carePlanUUID: carePlanUUID, schedule: schedule))
    }

    /// `task` with the plan's fields, everything else (id, care plan, tags, other user info)
    /// kept: the next version of the task when the store updates it.
    public func applied(to task: OCKTask) -> OCKTask {
        var task = task
        task.title = title
        task.instructions = instructions
        task.schedule = schedule
        task.impactsAdherence = impactsAdherence
        task.survey = survey
        task.reminderMinutesBefore = reminderMinutesBefore
        task.timezone = calendar.timeZone
        return task
    }

    /// An identifier for a task named `title`: its name in lower case with `-` between words
    /// ("Blood pressure" → `blood-pressure`).
    public static func suggestedID(for title: String) -> String {
        slug(title, fallback: "task")
    }

    // MARK: Days

    /// The start of the day `offset` days after the day that starts at `day`.
    static func day(_ offset: Int, after day: Date, _ calendar: Calendar) -> Date? {
        // From noon, so a day of 23 or 25 hours (or one that starts at 01:00) cannot be skipped.
        let noon = calendar.date(bySettingHour: 12, minute: 0, second: 0, of: day) ?? day
        return calendar.date(byAdding: .day, value: offset, to: noon).map(calendar.startOfDay)
    }

    /// The start of the day after the day of `day`.
    static func dayAfter(_ day: Date, _ calendar: Calendar) -> Date {
        Self.day(1, after: calendar.startOfDay(for: day), calendar) ?? day.addingTimeInterval(86_400)
    }
}
