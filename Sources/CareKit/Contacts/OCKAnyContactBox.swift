import CareKitStore
import CareKitUI
import Foundation

/// A contact of any type, wrapped so a list of them can be a view model.
public struct OCKAnyContactBox: Sendable {
    public let contact: any OCKAnyContact
    public init(_ contact: any OCKAnyContact) { self.contact = contact }
}
