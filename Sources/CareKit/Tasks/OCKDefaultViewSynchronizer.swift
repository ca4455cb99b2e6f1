/// A synchronizer that can be made with no arguments: the default synchronizer of a card.
public protocol OCKDefaultViewSynchronizer: ViewSynchronizing {
    init()
}
