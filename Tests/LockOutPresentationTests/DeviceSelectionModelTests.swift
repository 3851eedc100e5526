import Foundation
import LockOutCore
import LockOutPresentation
import Testing

@MainActor
@Suite("Device selection model")
struct DeviceSelectionModelTests {
    @Test("a new device asks who uses it: three cards with their texts, none chosen")
    func fresh() async throws {
        let fixture = try await PresentationFixture()
        let model = DeviceSelectionModel(family: fixture.family())
        await model.refresh()
        #expect(model.title == "Who uses this device?")
        #expect(model.choices.map(\.title) == ["Parent Device", "Child Device", "Personal Device"])
        #expect(model.choices.map(\.summary) == [
            "Monitor and configure your children's devices remotely.",
            "Run breaks, focus and the health gate as a parent sets them, and report the day.",
            "Use LockOut for yourself and keep your settings the same on all your devices.",
        ])
        #expect(model.choices.allSatisfy { !$0.selected })
        #expect(model.route == .deviceSelection)
    }

    @Test("a card asks for confirmation; cancelling chooses nothing, confirming sets the mode and leads on")
    func confirmation() async throws {
        let fixture = try await PresentationFixture()
        let family = fixture.family()
        let model = DeviceSelectionModel(family: family)
        await model.refresh()
        model.propose(.parentDevice)
        #expect(model.confirmation == "Use this device as a Parent Device?")
        model.cancel()
        #expect(model.confirmation == nil)
        #expect(try family.identity().mode == nil)
        model.propose(.parentDevice)
        await model.confirm()
        #expect(model.confirmation == nil)
        #expect(try family.identity().mode == .parentDevice)
        #expect(model.choices.map(\.selected) == [true, false, false])
        #expect(model.route == .familyDashboard)
    }

    @Test("each mode leads to its own screen", arguments: [
        (DeviceMode.parentDevice, RootRoute.familyDashboard), (.childDevice, .childSetup), (.personalDevice, .personal),
    ])
    func routes(mode: DeviceMode, route: RootRoute) async throws {
        let fixture = try await PresentationFixture()
        let model = DeviceSelectionModel(family: fixture.family())
        await model.choose(mode, name: "Kitchen iPad")
        #expect(model.message == nil)
        #expect(model.route == route)
        #expect(try fixture.family().identity().name == "Kitchen iPad")
    }

    @Test("a device in a family keeps its mode: another is refused in the service's words")
    func keepsMode() async throws {
        let fixture = try await PresentationFixture()
        let family = fixture.family()
        let model = DeviceSelectionModel(family: family)
        await model.choose(.childDevice)
        try fixture.joinFamily()
        await model.refresh()
        #expect(model.route == .childHome)
        await model.choose(.parentDevice)
        #expect(model.message?.text == "this device is already in a family: 'lockout family reset' leaves it first")
        #expect(try family.identity().mode == .childDevice)
        #expect(model.route == .childHome)
    }

    @Test("a blank name is refused in the service's words and no mode is set")
    func blankName() async throws {
        let fixture = try await PresentationFixture()
        let family = fixture.family()
        let model = DeviceSelectionModel(family: family)
        await model.refresh()
        await model.choose(.personalDevice, name: "   ")
        #expect(model.message?.text == "a device name must be 1…64 characters, counting accents and the parts of emoji and flags apart (got 0)")
        #expect(try family.identity().mode == nil)
        #expect(model.route == .deviceSelection)
    }
}
