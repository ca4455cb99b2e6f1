import CareKitHTTP
import CareKitLocalization
import CareKitUI
import Foundation

extension _TeamPages {
    /// Which rows of a sorted, filtered list a page shows: page `page` (from 1) of
    /// `pageSize` rows; a page past the end shows the last one.
    struct Paging: Sendable, Equatable {
        var page: Int
        var pageSize: Int
        var total: Int

        init(page: Int, pageSize: Int, total: Int) {
            self.pageSize = max(1, pageSize)
            self.total = max(0, total)
            self.page = min(max(1, page), max(1, (self.total + self.pageSize - 1) / self.pageSize))
        }

        var pageCount: Int { max(1, (total + pageSize - 1) / pageSize) }
        var range: Range<Int> { min(total, (page - 1) * pageSize)..<min(total, page * pageSize) }
    }

    /// The query of a page of the list with this sort, filter and search.
    static func listQuery(sort: String, onlyAlerts: Bool, search: String, stale: Int?, page: Int) -> String {
        var pairs = [("sort", sort)]
        if onlyAlerts { pairs.append(("alerts", "1")) }
        if !search.isEmpty { pairs.append(("q", search)) }
        if let stale { pairs.append(("stale", String(stale))) }
        pairs.append(("page", String(page)))
        return "?" + URLEncoding.query(pairs)
    }

    /// "Patients 51–100 of 1,000" and links to the pages before and after, keeping the sort,
    /// the filter and the search.
    static func pageLinks(_ paging: Paging, sort: String, onlyAlerts: Bool, search: String, stale: Int?) -> HTMLNode {
        guard paging.total > 0 else { return .empty }
        func href(_ page: Int) -> String { TeamRoute.patients.path + listQuery(sort: sort, onlyAlerts: onlyAlerts, search: search, stale: stale, page: page) }
        let range = paging.range
        let shown = [
            "first": OCKLocalization.number(range.lowerBound + 1), "last": OCKLocalization.number(range.upperBound), "total": OCKLocalization.number(paging.total)
        ]
        var parts: [HTMLNode] = [
            .element(
                "span", [.class("team-count")],
                [.text(loc("Patients {first}–{last} of {total}", ["first": shown["first"] ?? "", "last": shown["last"] ?? "", "total": shown["total"] ?? ""]))])
        ]
        if paging.page > 1 { parts.append(link(href(paging.page - 1), loc("← Previous {count}", count: paging.pageSize))) }
        if paging.page < paging.pageCount { parts.append(link(href(paging.page + 1), loc("Next {count} →", count: min(paging.pageSize, paging.total - range.upperBound)))) }
        return .element("nav", [.class("team-bar team-pages"), HTMLAttribute("aria-label", loc("Pages of the list"))], parts)
    }
}
