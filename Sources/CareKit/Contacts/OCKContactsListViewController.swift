import CareKitStore
import CareKitUI
import Foundation

/// Display helpers for contacts.
public enum OCKContactFormatting {
    /// "Dr. Ruth Pérez MD": prefix, given, middle, family, suffix; empty parts left out.
    public static func name(_ components: PersonNameComponents) -> String {
        [components.namePrefix, components.givenName, components.middleName, components.familyName, components.nameSuffix]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The line under a contact's name: their title, else their role.
    public static func detail(_ contact: any OCKAnyContact) -> String? {
        contact.title ?? contact.role
    }

    /// The heading of a category.
    public static func heading(_ category: OCKContactCategory?) -> String {
        switch category {
        case .careProvider: return "Care Team"
        case .friendsAndFamily: return "Friends & Family"
        case nil: return "Contacts"
        }
    }
}

/// Every contact, as simple contact cards grouped under "Care Team" and "Friends & Family".
open class OCKContactsListViewSynchronizer: ViewSynchronizing {
    public init() {}

    open func makeView() -> OCKStackView {
        let view = OCKStackView(axis: .vertical)
        view.additionalClasses = ["ock-contacts-list"]
        return view
    }

    open func updateView(_ view: OCKStackView, context: OCKSynchronizationContext<[OCKAnyContactBox]>) {
        for subview in view.arrangedSubviews { view.removeArrangedSubview(subview); subview.removeFromSuperview() }
        let order: [OCKContactCategory?] = [.careProvider, .friendsAndFamily, nil]
        for category in order {
            let contacts = context.viewModel.map(\.contact).filter { $0.category == category }
            guard !contacts.isEmpty else { continue }
            let heading = OCKLabel(textStyle: .title3, role: .heading(2), text: OCKContactFormatting.heading(category))
            heading.additionalClasses = ["ock-section-heading"]
            view.addArrangedSubview(heading)
            for contact in contacts {
                let card = OCKSimpleContactView()
                card.headerView.titleLabel.text = OCKContactFormatting.name(contact.name)
                card.headerView.detailLabel.text = OCKContactFormatting.detail(contact)
                card.headerView.iconImageView.monogram = OCKImageView.monogram(for: OCKContactFormatting.name(contact.name))
                card.headerView.disclosureURL = context.actions?.contactURL(for: contact)
                view.addArrangedSubview(card)
            }
        }
        if context.viewModel.isEmpty {
            view.addArrangedSubview(OCKLabel(textStyle: .body, text: "No contacts yet."))
        }
    }
}

/// A contact of any type, wrapped so a list of them can be a view model.
public struct OCKAnyContactBox: Sendable {
    public let contact: any OCKAnyContact
    public init(_ contact: any OCKAnyContact) { self.contact = contact }
}

/// The contacts of a store, synchronized, sorted by family then given name.
open class OCKContactsListViewController: SynchronizedViewController<OCKContactsListViewSynchronizer>, @unchecked Sendable {
    /// The contacts shown (sorted by family then given name unless the query sorts).
    public let query: OCKContactQuery

    public init(store: any OCKAnyStoreProtocol, query: OCKContactQuery = OCKContactQuery(for: Date()),
                viewSynchronizer: OCKContactsListViewSynchronizer = OCKContactsListViewSynchronizer()) {
        var sorted = query
        if sorted.sortDescriptors.isEmpty { sorted.sortDescriptors = [.familyName(ascending: true), .givenName(ascending: true)] }
        self.query = sorted
        let models = store.anyContacts(matching: sorted).map { $0.map(OCKAnyContactBox.init) }
        super.init(initialViewModel: [], viewModels: models, viewSynchronizer: viewSynchronizer)
    }
}

/// One contact with call, message, e-mail and map links.
open class OCKDetailedContactViewSynchronizer: ViewSynchronizing {
    public init() {}

    open func makeView() -> OCKDetailedContactView { OCKDetailedContactView() }

    open func updateView(_ view: OCKDetailedContactView, context: OCKSynchronizationContext<OCKAnyContactBox?>) {
        guard let contact = context.viewModel?.contact else {
            view.headerView.titleLabel.text = "Contact not found"
            view.headerView.detailLabel.text = nil
            for button in [view.callButton, view.messageButton, view.emailButton] { button.destination = nil }
            view.addressButton.isHidden = true
            return
        }
        let name = OCKContactFormatting.name(contact.name)
        view.headerView.titleLabel.text = name
        view.headerView.detailLabel.text = [contact.title, contact.organization].compactMap { $0 }.joined(separator: ", ")
        view.headerView.iconImageView.monogram = OCKImageView.monogram(for: name)
        view.instructionsLabel.text = contact.role
        view.callButton.destination = contact.phoneNumbers?.first?.value
        view.callButton.accessibilityLabel = "Call \(name)"
        view.messageButton.destination = contact.messagingNumbers?.first?.value ?? contact.phoneNumbers?.first?.value
        view.messageButton.accessibilityLabel = "Message \(name)"
        view.emailButton.destination = contact.emailAddresses?.first?.value
        view.emailButton.accessibilityLabel = "E-mail \(name)"
        if let address = contact.address {
            view.addressButton.isHidden = false
            view.addressButton.detailLabel.text = address.formattedLines.joined(separator: "\n")
        } else {
            view.addressButton.isHidden = true
        }
    }
}

/// One contact, synchronized.
open class OCKDetailedContactViewController: SynchronizedViewController<OCKDetailedContactViewSynchronizer>, @unchecked Sendable {
    public init(contactID: String, store: any OCKAnyStoreProtocol, date: Date = Date(), calendar: Calendar = .current,
                viewSynchronizer: OCKDetailedContactViewSynchronizer = OCKDetailedContactViewSynchronizer()) {
        var query = OCKContactQuery(for: date, calendar: calendar)
        query.ids = [contactID]
        let models = store.anyContacts(matching: query).map { $0.first.map(OCKAnyContactBox.init) }
        super.init(initialViewModel: nil, viewModels: models, viewSynchronizer: viewSynchronizer)
    }
}
