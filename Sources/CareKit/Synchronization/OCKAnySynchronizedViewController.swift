import CareKitUI

/// A synchronized controller of any kind, for places that hold cards of several kinds (the
/// daily page, a delegate's answer).
public protocol OCKAnySynchronizedViewController: AnyObject, Sendable {
    /// Where buttons lead.
    var actions: (any OCKActionProvider)? { get set }
    /// How text is formatted.
    var formatter: OCKEventFormatter { get set }
    /// Waits for the first data.
    func synchronized() async
    /// Yields after each update.
    func updates() -> AsyncStream<Void>
    /// Whether making the view starts following the store.
    var synchronizesAutomatically: Bool { get set }
    /// The card's markup as a node.
    func renderNode() -> HTMLNode
    /// Stops following the store.
    func stopSynchronizing()
}

/// A task card's controller of any kind.
public typealias OCKAnyTaskViewController = OCKAnySynchronizedViewController

extension SynchronizedViewController: OCKAnySynchronizedViewController {}
