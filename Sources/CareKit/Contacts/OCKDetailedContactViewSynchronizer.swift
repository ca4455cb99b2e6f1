import CareKitStore
import CareKitUI
import Foundation

/// One contact with call, message, e-mail and map links.
open class OCKDetailedContactViewSynchronizer: ViewSynchronizing {
    public init() {}

    open func makeView() -> OCKDetailedContactView { OCKDetailedContactView() }

    open func updateView(_ view: OCKDetailedContactView, context: OCKSynchronizationContext<OCKAnyContactBox?>) {
        guard let contact = context.viewModel?.contact else {
            view.headerView.titleLabel.text = loc("Contact not found")
            view.headerView.detailLabel.text = nil
            for button in [view.callButton, view.messageButton, view.emailButton] { button.destination = nil }
            view.detailsView.items = []
            view.addressButton.isHidden = true
            return
        }
        let name = OCKContactFormatting.name(contact.name)
        view.headerView.titleLabel.text = name
        view.headerView.detailLabel.text = [contact.title, contact.organization].compactMap { $0 }.joined(separator: ", ")
        view.headerView.iconImageView.monogram = OCKImageView.monogram(for: name)
        // The role once: not again under the title when it is the title ("Therapist").
        let shownTitle = view.headerView.detailLabel.text ?? ""
        view.instructionsLabel.text = contact.role.flatMap { role in
            shownTitle.localizedCaseInsensitiveContains(role) ? nil : role
        }
        view.detailsView.items = [
            contact.phoneNumbers?.first.map { OCKContactDetailsView.Item(label: loc("Phone"), value: $0.value) },
            contact.emailAddresses?.first.map { OCKContactDetailsView.Item(label: loc("E-mail"), value: $0.value) }
        ].compactMap { $0 }
        view.callButton.destination = contact.phoneNumbers?.first?.value
        view.callButton.accessibilityLabel = loc("Call {name}", ["name": name])
        view.messageButton.destination = contact.messagingNumbers?.first?.value ?? contact.phoneNumbers?.first?.value
        view.messageButton.accessibilityLabel = loc("Message {name}", ["name": name])
        view.emailButton.destination = contact.emailAddresses?.first?.value
        view.emailButton.accessibilityLabel = loc("E-mail {name}", ["name": name])
        if let address = contact.address {
            view.addressButton.isHidden = false
            view.addressButton.detailLabel.text = address.formattedLines.joined(separator: "\n")
        } else {
            view.addressButton.isHidden = true
        }
    }
}
