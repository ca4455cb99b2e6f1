/// Where CareKit's text comes from: localization tables (``OCKStringTable``), one per module,
/// in the language of the current request.
///
/// The language is a task-local value: a server sets it for each request
/// (`OCKLocalization.$language.withValue(.spanish) { … }`), and every view, card, page,
/// report and store error made in that task is written in it. Outside such a scope it is English.
///
/// A table's keys are the English text itself, with named placeholders in braces
/// ("{count} of {total} done"). A text with a number has plural forms, one per plural category
/// of each language (``OCKLanguage/pluralCategories``).
public enum OCKLocalization {
    /// The language of the text made in this task.
    @TaskLocal public static var language: OCKLanguage = .english
}
