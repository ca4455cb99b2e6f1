import Foundation

extension OCKSchedule {

    /// The starts of the events that start in `[lower, upper)`, ascending, and the occurrence
    /// number of the first of them: the events ``events(from:to:)`` gives for `lower..<upper`
    /// that start at or after `lower` (every such event ends at or after `lower` and its element
    /// has not ended by then), without making them. They are numbered consecutively:
    /// `firstOccurrence + i` is the occurrence whose start is `starts[i]`.
    /// - Complexity: O(e·log n + k) calendar-free steps for k events of e elements (k log k to
    ///   merge several elements), usually without a Foundation calendar call.
    func eventStarts(from lower: Date, to upper: Date) -> (firstOccurrence: Int, starts: [Date]) {
        guard lower < upper else { return (0, []) }
        var firstOccurrence = 0
        var starts: [Date] = []
        var elementsWithStarts = 0
        // Invalid elements yield no events and take no numbers, as in events(from:to:).
        for element in elements where element.isValid {
            let recurrence = element.recurrence
            var k = recurrence.countOfEvents(startingBefore: lower)
            firstOccurrence += k
            let before = starts.count
            while let start = recurrence.startDate(k), start < upper {
                starts.append(start)
                k += 1
            }
            if starts.count > before { elementsWithStarts += 1 }
        }
        // Occurrences are numbered in start order across elements; equal starts fall on the
        // same day, so their order among themselves does not matter here.
        if elementsWithStarts > 1 { starts.sort() }
        return (firstOccurrence, starts)
    }
}
