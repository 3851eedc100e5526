import Foundation
import LockOutCore
import LockOutPresentation
import Testing

@MainActor
@Suite("Rewards model (a child's home)")
struct RewardsModelTests {
    @Test("points granted show in the balance; redeeming 30 opens three minutes of reward time that count down")
    func redeem() async throws {
        let fixture = try await PresentationFixture(rewards: true)
        let model = RewardsModel(agent: fixture.agent, since: PresentationFixture.start)
        await model.refresh()
        #expect(model.balance == 0)
        #expect(model.redemptionChoices.isEmpty)
        #expect(model.rewardTime == nil)
        _ = try await fixture.agent.impose(.adjust(points: 55, reason: "tidied the room"))
        await model.refresh()
        #expect(model.balance == 55)
        #expect(model.redemptionChoices == [30, 40, 50])
        await model.redeem(points: 30)
        #expect(model.message == nil)
        #expect(model.balance == 25)
        #expect(model.rewardTime == "03:00")
        fixture.clock.advance(by: 65)
        await model.refresh()
        #expect(model.rewardTime == "01:55")
    }

    @Test("the learning programs the rules name are listed in order, for the parent to pick each one's apps")
    func learningPrograms() async throws {
        let fixture = try await PresentationFixture(rewards: true)
        let model = RewardsModel(agent: fixture.agent, since: PresentationFixture.start)
        _ = try await fixture.agent.impose(.setProgram("tuxmath", category: .learning, rate: nil))
        _ = try await fixture.agent.impose(.setProgram("supertux", category: .reward, rate: nil))
        _ = try await fixture.agent.impose(.setProgram("gcompris", category: .learning, rate: 12))
        await model.refresh()
        #expect(model.learningPrograms == ["gcompris", "tuxmath"])
    }

    @Test("a redemption the rules refuse is named and changes nothing")
    func refusedRedemption() async throws {
        let fixture = try await PresentationFixture(rewards: true)
        let model = RewardsModel(agent: fixture.agent, since: PresentationFixture.start)
        _ = try await fixture.agent.impose(.adjust(points: 20, reason: "chores"))
        await model.redeem(points: 30)
        #expect(model.message != nil)
        await model.refresh()
        #expect(model.balance == 20)
        #expect(model.rewardTime == nil)
    }

    @Test("the PIN: a weak one is refused; set, it unlocks the settings only when typed right")
    func pin() async throws {
        let fixture = try await PresentationFixture(rewards: true)
        let model = RewardsModel(agent: fixture.agent, since: PresentationFixture.start)
        await model.setPIN("1234", old: nil)
        #expect(model.message?.text.contains("ascending") == true)
        #expect(!model.pinSet)
        await model.setPIN("2580", old: nil)
        #expect(model.pinSet)
        await model.unlockSettings(pin: "1111")
        #expect(!model.settingsUnlocked)
        #expect(model.message != nil)
        await model.unlockSettings(pin: "2580")
        #expect(model.settingsUnlocked)
        await model.change(.setCap(300), pin: "2580")
        #expect(model.todayText == "0 / 300 points today")
        model.lockSettings()
        #expect(!model.settingsUnlocked)
    }
}
