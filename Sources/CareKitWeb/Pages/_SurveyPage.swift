import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI

/// The page of an assessment's survey: its questions as a form that posts the answers back.
struct _SurveyPage {
    let survey: OCKSurvey
    let task: OCKTask
    let event: OCKAnyEvent
    let formatter: OCKEventFormatter
    let csrfToken: String
    /// Where "Cancel" and a saved answer lead.
    let returnPath: String

    /// The form, empty or with `answers` and the `error` they got.
    func form(answers: [String: [String]], error: OCKSurveyError? = nil) -> OCKSurveyFormView {
        let form = OCKSurveyFormView(survey: survey)
        form.headerView.titleLabel.text = survey.title ?? task.title ?? task.id
        var detail = loc("{day}, {time}", ["day": formatter.shortDay(event.scheduleEvent.start), "time": formatter.timeDescription(event.scheduleEvent)])
        if let instructions = task.instructions { detail += " · " + instructions }
        form.headerView.detailLabel.text = detail
        // Saved or cancelled, the patient is back at the task's card, the keyboard's focus on it.
        form.cancelURL = returnPath + CareKitWebServer.fragment(anchor)
        form.action = OCKFormAction(
            method: .post, url: OCKWebRoute.survey(event.id).path,
            hiddenFields: [
                OCKFormField(name: WebSecurity.csrfField, value: csrfToken), OCKFormField(name: "return", value: returnPath), OCKFormField(name: "anchor", value: anchor)
            ])
        form.answers = answers
        form.error = error
        form.focusesFirstField = true
        return form
    }

    /// The id of the task's card on the daily pages.
    var anchor: String { OCKDailyTasksPageViewController.cardAnchor(forTaskID: task.id) }

    /// The page's title.
    var title: String { task.title ?? loc("Survey") }

    /// The page's content around the form.
    func main(_ form: OCKSurveyFormView) -> [HTMLNode] {
        _PageHeading.nodes(title: title) + [.element("div", [.class("ock-card-list")], [form.render(standalone: true)])]
    }
}
