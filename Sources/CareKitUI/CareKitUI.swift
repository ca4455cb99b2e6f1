// The languages, plural rules, numbers, dates and tables of text the cards are written with
// (OCKLocalization, OCKLanguage, OCKStringTable, OCKNumberFormat, …) live in
// CareKitLocalization, at the bottom of the house; they are part of CareKitUI's API as they
// were before they moved.
@_exported import CareKitLocalization

/// CareKitUI: CareKit's cards, charts, contacts and calendar rendered as accessible HTML with
/// inline SVG, styled through ``OCKStyler``. Pure rendering: no store, no clock, no I/O.
public enum CareKitUI {
    /// The version of the rendering (changes when markup or the stylesheet change).
    public static let version = "1.0.0"
}
