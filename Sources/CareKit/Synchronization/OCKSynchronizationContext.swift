import CareKitStore
import CareKitUI
import Foundation

/// What a synchronizer needs to update a view.
public struct OCKSynchronizationContext<ViewModel> {
    /// The new view model.
    public let viewModel: ViewModel
    /// The view model shown before (the same as `viewModel` on the first update).
    public let oldViewModel: ViewModel
    /// Whether the change may be animated (false on the first update).
    public let animated: Bool
    /// Turns the view's buttons into requests (nil: buttons are inert, as in a printed report).
    public let actions: (any OCKActionProvider)?
    /// Formats times, dates and values for display.
    public let formatter: OCKEventFormatter

    /// Creates a context.
    public init(
        viewModel: ViewModel, oldViewModel: ViewModel, animated: Bool,
        actions: (any OCKActionProvider)? = nil, formatter: OCKEventFormatter = OCKEventFormatter()
    ) {
        self.viewModel = viewModel
        self.oldViewModel = oldViewModel
        self.animated = animated
        self.actions = actions
        self.formatter = formatter
    }
}
