/// What happens when a button is pressed: an HTML form submission, so buttons work without
/// JavaScript. The app supplies it (CareKitUI knows nothing about routes or CSRF).
///
/// A button with an action renders as
/// `<form method="post" action="…"><input type="hidden" name="…" value="…">…<button type="submit">`.
/// A button without one renders as an inert `<button type="button">`.
public struct OCKFormAction: Hashable, Sendable {
    /// The HTTP method of the form.
    public enum Method: String, Hashable, Sendable {
        /// `GET`: navigation (the fields become the query string).
        case get
        /// `POST`: a change (completing an event, logging an outcome).
        case post
    }

    /// The HTTP method.
    public var method: Method
    /// The URL the form submits to: a relative URL (`/events/42/complete`) or http(s). Other
    /// schemes (`javascript:`) make the button inert.
    public var url: String
    /// Hidden fields sent with the form, in order (ids, the CSRF token, the new state).
    public var hiddenFields: [OCKFormField]

    /// Creates an action.
    public init(method: Method = .post, url: String, hiddenFields: [OCKFormField] = []) {
        self.method = method
        self.url = url
        self.hiddenFields = hiddenFields
    }

    /// Creates an action whose hidden fields are given as `name: value` pairs, in order.
    public init(method: Method = .post, url: String, fields: KeyValuePairs<String, String>) {
        self.init(method: method, url: url, hiddenFields: fields.map { OCKFormField(name: $0.key, value: $0.value) })
    }

    /// The same action with one more hidden field.
    public func adding(_ name: String, _ value: String) -> OCKFormAction {
        var copy = self
        copy.hiddenFields.append(OCKFormField(name: name, value: value))
        return copy
    }

    /// The URL if it is allowed in markup (see ``OCKSafeURL``), else `nil`.
    public var safeURL: String? { OCKSafeURL.sanitize(url) }
}
