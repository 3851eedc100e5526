import Foundation
import Testing
@testable import LockOutCore

@Suite("Deferral: chosen programs hold breaks like the other reasons")
struct ProgramDeferralTests {
    private typealias F = BreakFixture
    private let game = DeferredProgram(name: "game", when: .running)
    private let slides = DeferredProgram(name: "slides", when: .focused)

    @Test("a chosen program holds the break that falls due, names itself in the dashboard, and releases it when gone")
    func programHolds() throws {
        var engine = F.running()
        _ = try engine.handle(.deferralStarted(reasons: [.program], maximum: F.minutes(60), programs: [game]), now: F.at(20))
        #expect(engine.activeDeferral == Deferral(since: F.at(20), until: F.at(80), reasons: [.program], programs: [game]))
        let meanwhile = try engine.handle(.tick, now: F.at(30))
        #expect(F.presented(meanwhile).isEmpty)
        let waiting = DashboardScreen(engine: engine, today: nil, now: F.at(30)).waiting
        #expect(waiting?.hasPrefix("Breaks wait for game running, until ") == true)

        let ended = try engine.handle(.deferralEnded, now: F.at(35))
        #expect(F.presented(ended).count == 1)
        #expect(F.pending(engine)?.dueAt == F.at(35))
    }

    @Test("the maximum is the same as for the other reasons: the break is shown at it while the program still runs")
    func sameMaximum() throws {
        var engine = F.running()
        _ = try engine.handle(.deferralStarted(reasons: [.program], maximum: F.minutes(15), programs: [game]), now: F.at(20))
        let atMaximum = try engine.handle(.tick, now: F.at(35))
        #expect(F.presented(atMaximum).count == 1)
        #expect(engine.activeDeferral == nil)
        #expect(engine.record.deferral?.spent == true)
    }

    @Test("new programs replace the old ones and keep the start and the maximum; a call beside them is said too")
    func programsChange() throws {
        var engine = F.running()
        _ = try engine.handle(.deferralStarted(reasons: [.program], maximum: F.minutes(60), programs: [game]), now: F.at(20))
        _ = try engine.handle(.deferralStarted(reasons: [.call, .program], maximum: F.minutes(60), programs: [slides]), now: F.at(21))
        let deferral = try #require(engine.activeDeferral)
        #expect(deferral.since == F.at(20) && deferral.until == F.at(80))
        #expect(deferral.programs == [slides])
        #expect(deferral.reasonTexts == ["a call", "slides in focus"])
        _ = try engine.handle(.deferralStarted(reasons: [.call], maximum: F.minutes(60), programs: [slides]), now: F.at(22))
        #expect(engine.activeDeferral?.programs == [])
    }

    @Test("a deferral kept before chosen programs existed reads with none")
    func oldDeferralDecodes() throws {
        let json = #"{"since":0,"until":600,"reasons":["call"],"spent":false}"#
        let deferral = try JSONDecoder().decode(Deferral.self, from: Data(json.utf8))
        #expect(deferral.programs.isEmpty)
        #expect(deferral.reasons == [.call])
    }
}

@Suite("Chosen programs: the settings and their checks")
struct DeferredProgramSettingsTests {
    @Test("programs are added in order, trimmed, and turn the program reason on; removing the last turns it off")
    func addAndRemove() throws {
        var settings = DeferralSettings()
        #expect(!settings.enabledReasons.contains(.program))
        try settings.addProgram("  steam ", when: .running)
        try settings.addProgram("slides", when: .focused)
        #expect(settings.programs == [DeferredProgram(name: "steam", when: .running), DeferredProgram(name: "slides", when: .focused)])
        #expect(settings.enabledReasons.contains(.program))
        try settings.removeProgram("steam")
        try settings.removeProgram("slides")
        #expect(!settings.enabledReasons.contains(.program))
    }

    @Test("an empty name, a path, a control character, a duplicate, too many and an unknown removal are refused with what was wrong")
    func refusals() throws {
        var settings = DeferralSettings()
        #expect(throws: DeferredProgramError.emptyName) { try settings.addProgram("   ", when: .running) }
        #expect(throws: DeferredProgramError.nameIsPath("/usr/bin/steam")) { try settings.addProgram("/usr/bin/steam", when: .running) }
        #expect(throws: DeferredProgramError.controlCharacter("a\u{7}b")) { try settings.addProgram("a\u{7}b", when: .running) }
        try settings.addProgram("steam", when: .running)
        #expect(throws: DeferredProgramError.alreadyChosen("steam")) { try settings.addProgram("steam", when: .focused) }
        #expect(throws: DeferredProgramError.notChosen("obs")) { try settings.removeProgram("obs") }
        for index in 1..<DeferralSettings.maxPrograms { try settings.addProgram("p\(index)", when: .running) }
        #expect(throws: DeferredProgramError.tooMany(limit: 32)) { try settings.addProgram("one-more", when: .running) }
        #expect(settings.programs.count == DeferralSettings.maxPrograms)
        #expect(DeferredProgramError.nameIsPath("/usr/bin/steam").description.contains("give the executable's name only"))
    }

    @Test("settings kept before chosen programs existed read with none; kept ones read back")
    func codable() throws {
        let old = try JSONDecoder().decode(DeferralSettings.self, from: Data(#"{"calls":false}"#.utf8))
        #expect(old.programs.isEmpty && !old.calls)
        var settings = DeferralSettings()
        try settings.addProgram("steam", when: .focused)
        let back = try JSONDecoder().decode(DeferralSettings.self, from: JSONEncoder().encode(settings))
        #expect(back == settings)
    }
}
