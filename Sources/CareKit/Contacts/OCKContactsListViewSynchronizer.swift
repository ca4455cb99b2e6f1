import CareKitStore
import CareKitUI
import Foundation

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
                card.headerView.titleLabel.role = .heading(3)  // under the category's h2
                card.headerView.titleLabel.text = OCKContactFormatting.name(contact.name)
                card.headerView.detailLabel.text = OCKContactFormatting.detail(contact)
                card.headerView.iconImageView.monogram = OCKImageView.monogram(for: OCKContactFormatting.name(contact.name))
                card.headerView.disclosureURL = context.actions?.contactURL(for: contact)
                view.addArrangedSubview(card)
            }
        }
        if context.viewModel.isEmpty {
            view.addArrangedSubview(OCKLabel(textStyle: .body, text: loc("No contacts yet.")))
        }
    }
}
