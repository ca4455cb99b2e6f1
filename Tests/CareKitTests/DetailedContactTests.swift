import CareKit
import CareKitStore
import CareKitUI
import Foundation
import Testing

/// The detailed contact card as CareKit fills it: numbers readable as text, not only behind
/// buttons (a computer has no phone app), and the role said once.
@Suite("Detailed contact card")
struct DetailedContactTests {
    static func html(_ contact: OCKContact) -> String {
        let synchronizer = OCKDetailedContactViewSynchronizer()
        let view = synchronizer.makeView()
        let model: OCKAnyContactBox? = OCKAnyContactBox(contact)
        synchronizer.updateView(view, context: OCKSynchronizationContext(viewModel: model, oldViewModel: model, animated: false))
        return view.html
    }

    @Test func thePhoneNumberAndEmailAreShownAsText() {
        var contact = OCKContact(id: "grace", givenName: "Grace", familyName: "Hopper", carePlanUUID: nil)
        contact.phoneNumbers = [OCKLabeledValue(label: "work", value: "(555) 010-2345")]
        contact.emailAddresses = [OCKLabeledValue(label: "work", value: "grace@example.org")]
        let html = Self.html(contact)
        #expect(html.contains("<dd>(555) 010-2345</dd>"), "\(html)")
        #expect(html.contains("<dd>grace@example.org</dd>"))
        #expect(html.contains("href=\"tel:5550102345\""), "and a button that dials it")
    }

    @Test func theRoleIsNotRepeatedUnderATitleThatSaysIt() {
        var contact = OCKContact(id: "ann", givenName: "Ann", familyName: "Lee", carePlanUUID: nil)
        contact.title = "Therapist"
        contact.role = "Therapist"
        #expect(Self.html(contact).components(separatedBy: "Therapist").count == 2, "once")
        contact.role = "Sees you on Mondays"
        #expect(Self.html(contact).contains("Sees you on Mondays"))
    }
}
