import Foundation

/// Growth rows: the cost of one batch operation at four sizes, each doubling (or more) the one
/// before. The baseline of a size is the closed form of linear growth — the smallest size's
/// cost per item times the items at this size — so the ratio says how far the operation strays
/// from linear: 1.00× is perfectly linear, and a quadratic path shows as a ratio that doubles
/// with each doubling of the input.
enum Growth {
    /// The rows for `seconds[i]` measured on `items[i]` items (sizes in increasing order).
    static func rows(id: String, measurement: String, items: [Int], seconds: [[Double]], itemName: String) -> [Row] {
        guard let firstItems = items.first, let firstRuns = seconds.first, !firstRuns.isEmpty, firstItems > 0 else { return [] }
        let perItem = Stats.median(firstRuns) / Double(firstItems)
        return zip(items, seconds).enumerated().map { index, pair in
            let (count, runs) = pair
            return Row(
                id: "\(id)\(index + 1)",
                measurement: "\(measurement), growth: \(Format.grouped(Double(count))) \(itemName)",
                value: Figure(runs: runs, unit: .seconds),
                baseline: Figure(single: perItem * Double(count), unit: .seconds),
                target: .ratioAtMost(1.5))
        }
    }

    /// What a growth row's baseline is, for the section's note.
    static func note(_ id: String) -> String {
        "\(id)1–\(id)4 (growth): the baseline is linear growth from the smallest size (its cost per item × the items at each size); a ratio above 1.5× means the cost per item grows with the input."
    }
}
