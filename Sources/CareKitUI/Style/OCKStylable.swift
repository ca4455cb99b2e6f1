/// A view whose appearance comes from an ``OCKStyler``.
///
/// `style()` is the view's ``customStyle``, else the nearest ancestor's custom style, else
/// ``OCKStyle``.
public protocol OCKStylable: AnyObject {
    /// A style for this view and its descendants that have no custom style of their own.
    var customStyle: OCKStyler? { get set }
    /// The style in effect for this view.
    func style() -> OCKStyler
    /// Called when the style in effect for this view changes.
    func styleDidChange()
}
