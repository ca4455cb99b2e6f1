import Testing
@testable import CareKitUI
