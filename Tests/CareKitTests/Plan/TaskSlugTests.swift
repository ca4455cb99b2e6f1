import Testing

@testable import CareKit

/// Card anchors and task ids made from titles: the same slug whether the text is plain ASCII
/// (read byte by byte) or not (lowered by Unicode first).
@Suite struct TaskSlugTests {
    @Test(
        "Slugs keep lower-case letters and digits and turn every other run into one dash",
        arguments: [
            ("Take Ibuprofen 200mg!", "take-ibuprofen-200mg"),
            ("--a--b--", "a-b"),
            ("", "fallback"),
            ("!!! ???", "fallback"),
            ("nausea", "nausea"),
            ("Blood Pressure (AM)", "blood-pressure-am"),
            ("Crème brûlée", "cr-me-br-l-e"),
            ("\u{212A}m", "km"),
            ("İstanbul", "i-stanbul")
        ])
    func slug(_ text: String, _ expected: String) {
        #expect(OCKTaskPlan.slug(text, fallback: "fallback") == expected)
    }

    @Test("Slugs stop at 60 characters")
    func longSlug() {
        let slug = OCKTaskPlan.slug(String(repeating: "ab ", count: 40), fallback: "x")
        #expect(slug.count == 60)
        #expect(slug.hasPrefix("ab-ab-"))
    }

    @Test("A card's anchor is its task id as a slug")
    func anchor() {
        #expect(OCKDailyTasksPageViewController.cardAnchor(forTaskID: "Morning Walk") == "task-morning-walk")
        #expect(OCKDailyTasksPageViewController.cardAnchor(forTaskID: "…") == "task-card")
    }
}
