/// Whether a contact is part of the care team or a friend or family member.
public enum OCKContactCategory: String, Codable, Hashable, Sendable, CaseIterable {
    /// A doctor, nurse, therapist or other professional.
    case careProvider
    /// A friend or relative.
    case friendsAndFamily
}
