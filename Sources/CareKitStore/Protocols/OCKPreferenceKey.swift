import Foundation

/// The keys of the settings CareKit itself reads from an ``OCKPreferenceStore``.
public enum OCKPreferenceKey {
    /// The IANA name of the time zone the patient's days follow (`Europe/Madrid`).
    public static let timeZone = "time-zone"
    /// The language (and region) the app, its reports and the command line speak, as a
    /// BCP 47 tag (`es-ES`, `ar-EG`).
    public static let language = "language"
    /// The system of units measurements are shown and typed in: `metric` (°C, kg) or `us`
    /// (°F, lb). Unset: the language's region decides.
    public static let measurementSystem = "measurement-system"
    /// The patient app's passcode, as an Argon2id hash (`$argon2id$…`, never the passcode
    /// itself). Unset: the app has no passcode and never locks.
    public static let passcodeHash = "passcode-hash"
    /// The minutes without use after which the patient app locks (a whole number; unset: 5).
    public static let lockMinutes = "lock-minutes"
}
