import CareKit
import CareKitArguments
import CareKitStore
import CareKitWeb
import Foundation

extension Option {
    static let units = Option(
        "units", value: "SYSTEM",
        "The units measurements are shown and typed in: metric (°C, kg) or us (°F, lb) (default: the one saved in the store, else as taken).")
}

extension CommandContext {
    /// The system of units of a command that declares `--units`: the option's, else the one
    /// saved in the store (by the web app's settings), else none (values as they were taken).
    func preferredUnits(_ arguments: Arguments) throws(UsageError) -> OCKUnit.System? {
        guard arguments.command.options.contains(.units) else { return nil }
        if let text = arguments[.units] {
            guard let system = OCKUnit.System(preference: text) else { throw UsageError(OCKUnitsText.notASystem(Format.visible(text))) }
            return system
        }
        guard arguments.command.options.contains(.store) else { return nil }
        let url = arguments[.store].map { URL(fileURLWithPath: $0) } ?? defaultStore
        return OCKStore.preference(forKey: OCKPreferenceKey.measurementSystem, inStoreAt: url).flatMap(OCKUnit.System.init(preference:))
    }
}

extension StoreCommands {
    /// `carekit log`'s value for a measurement in units that convert (the task's question's,
    /// or `--unit`'s), or when a system of units is chosen (`--units`): kept in the units typed
    /// ("98.6 F" → 98.6 °F), a bare number in `--unit`, else in the chosen system's unit of
    /// the task's measurement; units of another dimension ("37 kg" for a temperature) are
    /// refused. Nil when neither applies: the value is read as before.
    static func typedMeasurement(_ text: String, task: OCKTask, _ arguments: Arguments, now: Date) throws(OCKStoreError) -> OCKOutcomeValue? {
        let kind = arguments[Self.kind]
        let questions = task.survey?.questions ?? []
        let taskUnit = (questions.first { $0.id == kind } ?? questions.first)?.unit
        let expected = arguments[Self.unit] ?? taskUnit
        let chosen = OCKMeasurementUnits.chosenSystem != nil
        guard chosen || expected.flatMap(OCKUnit.init) != nil else { return nil }
        let bare = arguments[Self.unit] ?? (chosen ? OCKMeasurementUnits.displayUnits(for: taskUnit) : nil)
        do {
            return try OCKOutcomeValue.typedMeasurement(text, bareUnits: bare, expected: expected, kind: kind, createdDate: now)
        } catch let problem as OCKOutcomeValue.TypedMeasurementProblem {
            throw .invalidValue(reason: OCKUnitsText.refusal(problem, typing: Format.visible(text)))
        } catch let error as OCKStoreError {
            throw error
        } catch {
            throw .invalidValue(reason: String(describing: error))
        }
    }
}
