import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// The people of the app: the patient (About you, the welcome page's first step) and the
/// contacts on Connect (add, edit, remove after a confirmation). Every change is a POST with
/// the CSRF token, one store write, and a 303 to the page that shows it.
extension CareKitWebServer {

    /// GET shows the patient's name and birthday as a form; POST saves them (adding the store's
    /// patient, or a new version of it) and goes back to `return`.
    func aboutYou(_ request: HTTPRequest, csrf: String) async throws -> HTTPResponse {
        let returnPath = HTTPReturnPath.safe(request.method == "POST" ? (try? request.form())?["return"] : request.queryValue("return"), fallback: OCKWebRoute.aboutYou.path)
        guard request.method == "POST" else {
            let current = try await store.latestPatient()
            var page = _PatientPage(form: OCKPatientForm(patient: current, calendar: calendar), csrfToken: csrf, returnPath: returnPath)
            page.saved = request.queryValue("saved") != nil
            return .html(shell.document(title: page.title, activeTab: nil, main: page.main))
        }
        let form = OCKPatientForm(posted: try checkedForm(request))
        switch form.read(calendar: calendar, today: today) {
        case .failure(let problems):
            let page = _PatientPage(form: form, problems: problems.reasons, csrfToken: csrf, returnPath: returnPath)
            // The welcome page's step keeps its own page around it.
            if returnPath == OCKWebRoute.welcome.path { return try await welcome(csrf: csrf, patientForm: page, status: 400) }
            return .html(shell.document(title: page.title, activeTab: nil, main: page.main), status: 400)
        case .success(let details):
            try await store.savePatient(details, now: today, timeZone: calendar.timeZone)
            let back = returnPath == OCKWebRoute.aboutYou.path ? OCKWebRoute.aboutYou.path(query: [("saved", "1")]) : returnPath
            return .redirect(to: back)
        }
    }

    /// GET /welcome: the first page of an app with no tasks: the name first (until it is
    /// saved), then the way to the first task.
    func welcome(csrf: String, patientForm: _PatientPage? = nil, status: Int = 200) async throws -> HTTPResponse {
        var page = _WelcomePage(appTitle: application.title)
        let patient = try await store.latestPatient()
        page.patientForm = patientForm ?? (patient == nil ? _PatientPage(form: OCKPatientForm(), csrfToken: csrf, returnPath: OCKWebRoute.welcome.path) : nil)
        page.patientName = patient.map { OCKContactFormatting.name($0.name) }
        return .html(shell.document(title: page.title, activeTab: nil, main: page.main), status: status)
    }

    /// The Connect tab's path.
    var connectPath: String {
        OCKWebRoute.tab(application.tabs.first { $0.path == "connect" }?.path ?? "connect").path
    }

    /// GET|POST /contacts/new: the form, then the contact added and its page.
    func newContact(_ request: HTTPRequest, csrf: String) async throws -> HTTPResponse {
        guard request.method == "POST" else {
            return contactForm(_ContactFormPage(mode: .add, form: OCKContactForm(), csrfToken: csrf, cancelPath: connectPath))
        }
        let form = OCKContactForm(posted: try checkedForm(request))
        switch form.read() {
        case .failure(let problems):
            return contactForm(_ContactFormPage(mode: .add, form: form, problems: problems.reasons, csrfToken: csrf, cancelPath: connectPath), status: 400)
        case .success(let details):
            let contact = try await store.addContact(details, now: today, timeZone: calendar.timeZone)
            return .redirect(to: OCKWebRoute.contact(contact.id).path)
        }
    }

    /// GET|POST /connect/{id}/edit: the contact as a form, then a new version of it.
    func editContact(_ request: HTTPRequest, contactID id: String, csrf: String) async throws -> HTTPResponse {
        let contact = try await existingContact(id)
        let name = OCKContactFormatting.name(contact.name)
        let cancel = OCKWebRoute.contact(id).path
        guard request.method == "POST" else {
            return contactForm(_ContactFormPage(mode: .edit(id: id, name: name), form: OCKContactForm(contact: contact), csrfToken: csrf, cancelPath: cancel))
        }
        let form = OCKContactForm(posted: try checkedForm(request))
        switch form.read() {
        case .failure(let problems):
            return contactForm(_ContactFormPage(mode: .edit(id: id, name: name), form: form, problems: problems.reasons, csrfToken: csrf, cancelPath: cancel), status: 400)
        case .success(let details):
            try await store.updateContact(id: id, with: details, now: today, calendar: calendar)
            return .redirect(to: cancel)
        }
    }

    /// GET /connect/{id}/remove asks to confirm; POST removes the contact (a tombstone) and goes to Connect.
    func removeContact(_ request: HTTPRequest, contactID id: String, csrf: String) async throws -> HTTPResponse {
        let contact = try await existingContact(id)
        guard request.method == "POST" else {
            let page = _RemoveContactPage(id: id, name: OCKContactFormatting.name(contact.name), csrfToken: csrf)
            return .html(shell.document(title: page.title, activeTab: connectTab, main: page.main))
        }
        _ = try checkedForm(request)
        try await store.removeContact(id: id, now: today, calendar: calendar)
        return .redirect(to: connectPath)
    }

    private var connectTab: String? { application.tabs.first { $0.path == "connect" }?.path }

    private func contactForm(_ page: _ContactFormPage, status: Int = 200) -> HTTPResponse {
        .html(shell.document(title: page.title, activeTab: connectTab, main: page.main), status: status)
    }

    /// The contact as it is today, or a 404.
    private func existingContact(_ id: String) async throws -> any OCKAnyContact {
        guard let contact = try await store.currentContact(id: id, now: today, calendar: calendar) else {
            throw HTTPError(status: 404, message: loc("There is no contact '{contact}'.", ["contact": id]))
        }
        return contact
    }
}
