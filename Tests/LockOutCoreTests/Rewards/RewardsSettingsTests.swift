import Foundation
import LockOutCore
import Testing

@Suite("Rewards settings: conflicts, protected programs, ranges, commands")
struct RewardsSettingsTests {
    typealias F = RewardsFixture

    @Test("a program both learning and reward is refused, naming it, whichever comes first")
    func learningAndReward() {
        for categories in [[ProgramCategory.learning, .reward], [.reward, .learning]] {
            let settings = RewardsSettings(programs: categories.map { RewardProgram(name: "gcompris", category: $0) })
            #expect(throws: RewardsInputError.learningAndReward("gcompris")) { try settings.validate() }
        }
        #expect(RewardsInputError.learningAndReward("gcompris").description.contains("gcompris"))
        let twice = RewardsSettings(programs: [RewardProgram(name: "gcompris", category: .learning), RewardProgram(name: "gcompris", category: .learning)])
        #expect(throws: RewardsInputError.duplicateProgram("gcompris")) { try twice.validate() }
    }

    @Test("a protected program (bash) is refused as a reward program, allowed as a learning one")
    func protectedReward() throws {
        let reason = try #require(ShieldProtection.catalog.reason(for: "bash"))
        let reward = RewardsSettings(programs: [RewardProgram(name: "bash", category: .reward)])
        #expect(throws: RewardsInputError.protectedRewardProgram("bash", reason: reason)) { try reward.validate() }
        try RewardsSettings(programs: [RewardProgram(name: "bash", category: .learning)]).validate()
        var engine = F.engine()
        #expect(throws: RewardsInputError.protectedRewardProgram("bash", reason: reason)) {
            try engine.execute(.setProgram("bash", category: .reward, rate: nil), now: F.t0, newID: UUID.init)
        }
        #expect(engine.settings == F.settings)
    }

    @Test("rates, caps and names out of range are refused and change nothing")
    func ranges() throws {
        var engine = F.engine()
        #expect(throws: RewardsInputError.rateOutOfRange(0)) {
            try engine.execute(.setProgram("gcompris", category: .learning, rate: 0), now: F.t0, newID: UUID.init)
        }
        #expect(throws: RewardsInputError.rateOutOfRange(101)) {
            try engine.execute(.setProgram("gcompris", category: .learning, rate: 101), now: F.t0, newID: UUID.init)
        }
        #expect(throws: RewardsInputError.capOutOfRange(9)) { try engine.execute(.setCap(9), now: F.t0, newID: UUID.init) }
        #expect(throws: RewardsInputError.ratioOutOfRange(learning: 0, reward: 30)) {
            try engine.execute(.setMode(.ratio(learning: 0, reward: 30)), now: F.t0, newID: UUID.init)
        }
        #expect(throws: RewardsInputError.malformedProgramName("../bin/sh")) {
            try engine.execute(.setProgram("../bin/sh", category: .learning, rate: nil), now: F.t0, newID: UUID.init)
        }
        #expect(throws: RewardsInputError.unknownProgram("firefox")) {
            try engine.execute(.setProgram("firefox", category: .none, rate: nil), now: F.t0, newID: UUID.init)
        }
        #expect(engine.settings == F.settings)
        _ = try engine.execute(.setCap(300), now: F.t0, newID: UUID.init)
        #expect(engine.settings.dailyCap == 300)
    }

    @Test("marking a program closes or opens it at once; re-marking a learning program as reward moves it")
    func marking() throws {
        var engine = F.engine()
        let effects = try engine.execute(.setProgram("minetest", category: .reward, rate: nil), now: F.t0, newID: UUID.init)
        #expect(F.shields(effects) == [["minetest", "supertux"]])
        _ = try engine.execute(.setProgram("gcompris", category: .reward, rate: nil), now: F.t0, newID: UUID.init)
        #expect(engine.settings.category(of: "gcompris") == .reward)
        #expect(engine.settings.learningPrograms == ["tuxmath"])
        #expect(engine.shieldedPrograms(at: F.t0) == ["gcompris", "minetest", "supertux"])
        let removed = try engine.execute(.setProgram("minetest", category: .none, rate: nil), now: F.t0, newID: UUID.init)
        #expect(F.shields(removed) == [["gcompris", "supertux"]])
    }

    @Test("a quest over a program that stops being a learning program drops it")
    func questFollowsPrograms() throws {
        var engine = F.engine()
        _ = try engine.execute(.setQuest(DailyQuest(title: "Maths", targetMinutes: 20, programs: ["gcompris", "tuxmath"])), now: F.t0, newID: UUID.init)
        _ = try engine.execute(.setProgram("gcompris", category: .none, rate: nil), now: F.t0, newID: UUID.init)
        #expect(engine.settings.quest?.programs == ["tuxmath"])
        #expect(throws: RewardsInputError.questProgramNotLearning("supertux")) {
            try engine.execute(.setQuest(DailyQuest(title: "Play", targetMinutes: 20, programs: ["supertux"])), now: F.t0, newID: UUID.init)
        }
    }

    @Test("redeeming needs no PIN; every other command is a setting")
    func settingCommands() {
        #expect(!RewardsCommand.redeem(points: 30).isSetting)
        #expect(RewardsCommand.adjust(points: 30, reason: "x").isSetting)
        #expect(RewardsCommand.setCap(600).isSetting)
        #expect(RewardsCommand.setMode(.points).isSetting)
    }
}
