import Foundation
import Testing
@testable import LockOutCore

@Suite("Device selection screen")
struct DeviceSelectionScreenTests {
    @Test("device selection: three cards with their texts, the confirmation, and where each mode goes")
    func deviceSelection() {
        let fresh = DeviceSelectionScreen(mode: nil, isPaired: false)
        #expect(fresh.title == "Who uses this device?")
        #expect(fresh.choices.map(\.title) == ["Parent Device", "Child Device", "Personal Device"])
        #expect(fresh.choices.map(\.summary) == DeviceMode.allCases.map(\.summary))
        #expect(fresh.choices.map(\.requiresShieldAuthorization) == [false, true, false])
        #expect(fresh.choices.allSatisfy { !$0.selected })
        #expect(fresh.route == .deviceSelection)
        #expect(DeviceSelectionScreen.confirmation(.childDevice) == "Use this device as a Child Device?")
        let child = DeviceSelectionScreen(mode: .childDevice, isPaired: true)
        #expect(child.choices.map(\.selected) == [false, true, false])
        #expect(child.route == .childHome)
    }
}
