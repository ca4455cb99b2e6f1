import CareKitStore
import CareKitUI
import Foundation

/// A controller that keeps a view in sync with an AsyncSequence of view models: each element
/// goes through the view synchronizer's `updateView`. Give it a store query's stream and the
/// view shows the store as it is, whenever it changes.
///
/// Views are not thread-safe, so the controller serializes every access: use ``withView(_:)``
/// (or ``renderHTML()``) rather than touching ``view`` from several tasks.
open class SynchronizedViewController<ViewSynchronizer: ViewSynchronizing & SendableMetatype>: @unchecked Sendable where ViewSynchronizer.ViewModel: Sendable {
    public typealias ViewModel = ViewSynchronizer.ViewModel

    /// Makes and updates the view.
    public let viewSynchronizer: ViewSynchronizer

    private let lock = NSRecursiveLock()
    private var _view: ViewSynchronizer.View?
    private var _viewModel: ViewModel
    private var _actions: (any OCKActionProvider)?
    private var _formatter = OCKEventFormatter()
    private var hasReceivedFirstModel = false
    private var _synchronizesAutomatically = true
    private var consumer: Task<Void, Never>?
    private let viewModels: @Sendable () -> AsyncThrowingStream<ViewModel, any Error>
    private let updateNotifier = _UpdateBroadcast()
    private var _error: (any Error)?

    /// Creates a controller that shows `initialViewModel` until `viewModels` produces its first
    /// element. Synchronizing starts when the view is first needed.
    public init<S: AsyncSequence & Sendable>(initialViewModel: ViewModel, viewModels: S, viewSynchronizer: ViewSynchronizer) where S.Element == ViewModel {
        self._viewModel = initialViewModel
        self.viewSynchronizer = viewSynchronizer
        self.viewModels = {
            AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for try await model in viewModels { continuation.yield(model) }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }

    deinit { consumer?.cancel() }

    /// Where the view's buttons lead (set it before the view is first rendered).
    public var actions: (any OCKActionProvider)? {
        get { lock.withLock { _actions } }
        set { lock.withLock { _actions = newValue } }
    }

    /// How times, dates and values are formatted.
    public var formatter: OCKEventFormatter {
        get { lock.withLock { _formatter } }
        set { lock.withLock { _formatter = newValue } }
    }

    /// Whether making the view starts following the view models (default). Turn it off to
    /// render a snapshot once (a page printed or sent without live updates); call
    /// ``startSynchronizing()`` to follow them later.
    public var synchronizesAutomatically: Bool {
        get { lock.withLock { _synchronizesAutomatically } }
        set { lock.withLock { _synchronizesAutomatically = newValue } }
    }

    /// Shows a view model known to be current (read by the caller together with others, for
    /// example); ``synchronized()`` then returns at once. Later view models still apply.
    public func prime(with viewModel: ViewModel) {
        lock.withLock {
            let old = _viewModel
            _viewModel = viewModel
            if let view = _view {
                viewSynchronizer.updateView(view, context: context(new: viewModel, old: old, animated: false))
            }
            hasReceivedFirstModel = true
        }
        updateNotifier.signal()
    }

    /// The view model shown now.
    public var viewModel: ViewModel { lock.withLock { _viewModel } }

    /// The error that ended the stream of view models, if any.
    public var error: (any Error)? { lock.withLock { _error } }

    /// The view, made (and synchronizing started) on first use. Read it from one task at a
    /// time, or use ``withView(_:)``.
    public var view: ViewSynchronizer.View {
        lock.withLock { loadView() }
    }

    /// Whether the view has been made (by a render, or by someone who customised it).
    var isViewLoaded: Bool { lock.withLock { _view != nil } }

    /// Runs `body` with the view while no update can change it.
    public func withView<T>(_ body: (ViewSynchronizer.View) throws -> T) rethrows -> T {
        try lock.withLock { try body(loadView()) }
    }

    /// The view's markup, rendered on its own.
    public func renderHTML() -> String {
        withView { $0.html }
    }

    /// The view as a node, rendered on its own.
    public func renderNode() -> HTMLNode {
        withView { $0.render(standalone: true) }
    }

    /// Called on the first use of the view; makes it and starts synchronizing.
    private func loadView() -> ViewSynchronizer.View {
        if let view = _view { return view }
        let view = viewSynchronizer.makeView()
        _view = view
        viewSynchronizer.updateView(view, context: context(new: _viewModel, old: _viewModel, animated: false))
        if _synchronizesAutomatically { startSynchronizing() }
        return view
    }

    private func context(new: ViewModel, old: ViewModel, animated: Bool) -> OCKSynchronizationContext<ViewModel> {
        OCKSynchronizationContext(viewModel: new, oldViewModel: old, animated: animated, actions: _actions, formatter: _formatter)
    }

    /// Starts following the view models (done on first use of the view unless
    /// ``synchronizesAutomatically`` is off).
    public func startSynchronizing() {
        lock.lock()
        defer { lock.unlock() }
        guard consumer == nil else { return }
        let stream = viewModels()
        consumer = Task { [weak self] in
            do {
                for try await model in stream {
                    guard let self else { return }
                    self.apply(model)
                }
            } catch {
                self?.lock.withLock { self?._error = error }
            }
            self?.finishWaiting()
        }
    }

    private func apply(_ model: ViewModel) {
        lock.withLock {
            let old = _viewModel
            _viewModel = model
            if let view = _view {
                viewSynchronizer.updateView(view, context: context(new: model, old: old, animated: hasReceivedFirstModel))
            }
            hasReceivedFirstModel = true
        }
        updateNotifier.signal()
    }

    private func finishWaiting() {
        lock.withLock { hasReceivedFirstModel = true }
        updateNotifier.signal()
    }

    /// Waits until the view shows the first view model from the sequence (or the sequence
    /// ended), so a page rendered afterwards shows current data.
    public func synchronized() async {
        _ = view
        if lock.withLock({ consumer == nil && hasReceivedFirstModel }) { return }
        while !lock.withLock({ hasReceivedFirstModel }) {
            await updateNotifier.wait()
        }
    }

    /// Yields after every update of the view (for live pages).
    public func updates() -> AsyncStream<Void> {
        _ = view
        return updateNotifier.stream()
    }

    /// Stops following the view models.
    public func stopSynchronizing() {
        lock.withLock {
            consumer?.cancel()
            consumer = nil
        }
    }
}
