import CareKitArguments

/// The options several `carekit` commands share.
extension Option {
    static let store = Option("store", value: "PATH", loc.key("The store (default $XDG_DATA_HOME/CareKit/carekit.sqlite)."))
    static let date = Option("date", value: "YYYY-MM-DD", loc.key("The day, in local time (default: today)."))
    static let json = Option("json", loc.key("Writes JSON instead of a table."))
    static let occurrence = Option("occurrence", value: "N", loc.key("The task's occurrence N (counted from 0 since the schedule's start) instead of the day's."))
    static let timezone = Option(
        "timezone", value: "ZONE",
        loc.key("The patient's time zone, where days begin and end: an IANA name such as Europe/Madrid (default: $CAREKIT_TIMEZONE, else the machine's)."))
    static let language = Option(
        "language", value: "TAG",
        loc.key("The language of messages and reports: en, es, de or ar, optionally with a region (es-MX) (default: $CAREKIT_LANGUAGE, else the store's, else $LANG's, else English)."))
    static let output = Option("output", short: "o", value: "FILE", loc.key("Where to write (created private to you, 0600); \"-\" is standard output."))
}
