import CareKit
import CareKitStore
import CareKitUI
import Foundation

/// Links that move a page a week back or forward, and back to today. The day travels in the
/// page's `?date=` (so the address keeps it and the back button works); "Today" is the page's
/// own address without one, and only words on today's page (a link to itself would be one more
/// stop for the keyboard).
struct _WeekPager {
    /// The page the links lead to (a tab).
    let route: OCKWebRoute
    /// The day shown.
    let date: Date
    /// Today, by the app's clock.
    let today: Date
    let calendar: Calendar
    /// What the links start with before the route (``OCKWebPageContext/pathPrefix``).
    var prefix = ""
    /// Whether "Next week" may lead past today (the Care Card plans ahead; Insights has no future).
    var allowsFuture = true
    /// Other query fields the links keep (Insights' chosen measurement).
    var keeping: [(String, String)] = []

    /// The day a week before or after the one shown.
    func day(weeks: Int) -> Date {
        calendar.date(byAdding: .day, value: 7 * weeks, to: date) ?? date
    }

    func link(to day: Date) -> String {
        prefix + route.path(query: [("date", OCKDayCodec.string(from: day, calendar: calendar))] + keeping)
    }

    var node: HTMLNode {
        let startOfToday = calendar.startOfDay(for: today)
        let isToday = calendar.isDate(date, inSameDayAs: today)
        var items: [HTMLNode] = [
            .element(
                "a", [HTMLAttribute("href", link(to: day(weeks: -1))), .class("ck-week-link ck-previous-week"), HTMLAttribute("rel", "prev")],
                [.text(loc("‹ Previous week"))])
        ]
        if isToday {
            items.append(.element("span", [.class("ck-week-link ck-today-link"), .aria("current", "date")], [.text(loc("Today"))]))
        } else {
            items.append(.element("a", [HTMLAttribute("href", prefix + route.path(query: keeping)), .class("ck-week-link ck-today-link")], [.text(loc("Today"))]))
        }
        let next = day(weeks: 1)
        if allowsFuture || calendar.startOfDay(for: date) < startOfToday {
            // Without a future, a week on from a day less than a week ago is today.
            let target = allowsFuture || next < startOfToday ? link(to: next) : prefix + route.path(query: keeping)
            items.append(
                .element(
                    "a", [HTMLAttribute("href", target), .class("ck-week-link ck-next-week"), HTMLAttribute("rel", "next")],
                    [.text(loc("Next week ›"))]))
        }
        return .element("nav", [.class("ck-week-pager"), .aria("label", loc("Weeks"))], items)
    }
}
