import CareKitStore
import CareKitUI
import Foundation

/// Makes a view and keeps it up to date with a view model: the heart of CareKit's synchronized
/// view controllers. Subclass a default synchronizer, or write your own for a custom view.
public protocol ViewSynchronizing {
    /// The view the synchronizer makes.
    associatedtype View: OCKView
    /// The data the view shows.
    associatedtype ViewModel

    /// Creates the view, once.
    func makeView() -> View

    /// Updates the view after the view model changed.
    func updateView(_ view: View, context: OCKSynchronizationContext<ViewModel>)
}
