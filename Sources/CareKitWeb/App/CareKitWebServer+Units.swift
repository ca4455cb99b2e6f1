import CareKit
import CareKitHTTP
import CareKitStore
import Foundation

/// The patient's system of units: chosen on the settings page (kept in a cookie and in the
/// store), else the language's region decides (``OCKMeasurementUnits``).
extension CareKitWebServer {
    /// The cookie that keeps a browser's choice of units.
    static let unitsCookie = "carekit_units"

    /// The system of units a request's pages use: the browser's choice (its cookie), else the
    /// one kept in the store, else nil (the language's region decides).
    func measurementSystem(of request: HTTPRequest) async -> OCKUnit.System? {
        if let text = request.cookies[Self.unitsCookie], let system = OCKUnit.System(preference: text) { return system }
        let saved = savedMeasurementSystem.withLock { $0 }
        if saved.isLoaded { return saved.system }
        let text = try? await preferences?.preference(forKey: OCKPreferenceKey.measurementSystem)
        let system = text.flatMap(OCKUnit.System.init(preference:))
        savedMeasurementSystem.withLock { if !$0.isLoaded { $0 = (true, system) } }
        return savedMeasurementSystem.withLock { $0.system }
    }

    /// Keeps the system `choice` names ("metric" or "us") in the store; the cookie that keeps
    /// it in this browser. Refused (400) for anything else.
    func saveMeasurementSystem(_ choice: String) async throws -> String {
        guard let system = OCKUnit.System(preference: choice) else {
            throw HTTPError(status: 400, message: OCKUnitsText.notASystem(choice))
        }
        if let preferences {
            try await preferences.setPreference(system.preferenceValue, forKey: OCKPreferenceKey.measurementSystem)
        }
        savedMeasurementSystem.withLock { $0 = (true, system) }
        return "\(Self.unitsCookie)=\(system.preferenceValue); Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict"
    }
}

extension CareKitWebServer {
    /// A value typed for a measurement taken in `units` ("98,6 °F", "37.2", "٣٧٫٢"), kept in
    /// the units it was typed in (a bare number in `units`); refused (400) with what to type
    /// for units of another dimension or an ambiguous number.
    static func typedMeasurement(_ text: String, units: String?, kind: String?, createdDate: Date) throws(HTTPError) -> OCKOutcomeValue {
        try refusingTyped(text) { try OCKOutcomeValue.typedMeasurement(text, bareUnits: units, expected: units, kind: kind, createdDate: createdDate) }
    }

    /// One reading typed for a task that measures something ("128/84", "98.6 F"), refused (400)
    /// with what to type for a value no body can have or text that is not a measurement.
    static func typedReading(_ text: String, measurement: OCKTaskMeasurement, units: String?, kind: String?, createdDate: Date) throws(HTTPError) -> [OCKOutcomeValue] {
        try refusingTyped(text) { try measurement.values(typed: text, units: units, kind: kind, createdDate: createdDate) }
    }

    /// What `read` makes of typed `text`, or a 400 that says why it was refused and what to type.
    private static func refusingTyped<T>(_ text: String, _ read: () throws -> T) throws(HTTPError) -> T {
        do {
            return try read()
        } catch let problem as OCKImplausibleValue {
            throw HTTPError(status: 400, message: OCKMeasurementNames.refusal(problem))
        } catch let problem as OCKOutcomeValue.TypedMeasurementProblem {
            throw HTTPError(status: 400, message: OCKUnitsText.refusal(problem, typing: text))
        } catch let error as OCKStoreError {
            throw HTTPError(status: 400, message: error.reason)
        } catch {
            throw HTTPError(status: 400, message: String(describing: error))
        }
    }
}

/// What the web app and `carekit` say about units a person chose or typed, in the current
/// language.
public enum OCKUnitsText {
    /// "'stone' is not a system of units. Choose metric or US."
    public static func notASystem(_ text: String) -> String {
        loc("'{units}' is not a system of units. Choose metric or US.", ["units": text])
    }

    /// Why a typed measurement was refused, and what to type instead.
    public static func refusal(_ problem: OCKOutcomeValue.TypedMeasurementProblem, typing text: String) -> String {
        switch problem {
        case .otherDimension(let typed, let expected):
            return loc(
                "“{value}” is in {typed}, which is not a unit of this value: enter it in {units}, or as a number alone.",
                ["value": text.trimmingCharacters(in: .whitespacesAndNewlines), "typed": typed, "units": expected])
        case .notANumber(let expected):
            return loc("“{value}” is not a number: enter a number in {units}, such as 37.2.", ["value": text.trimmingCharacters(in: .whitespacesAndNewlines), "units": expected])
        }
    }
}
