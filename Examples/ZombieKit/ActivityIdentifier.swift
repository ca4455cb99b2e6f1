/// The identifiers of ZombieKit's activities, as in the tutorial.
public enum ActivityIdentifier: String, CaseIterable, Sendable {
    case cardio
    case limberUp = "Limber Up"
    case targetPractice = "Target Practice"
    case pulse
    case temperature
}
