import Foundation

/// The body of every refusal: what was wrong, for a person.
public struct OCKSyncProblem: Codable, Hashable, Sendable {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }
}
