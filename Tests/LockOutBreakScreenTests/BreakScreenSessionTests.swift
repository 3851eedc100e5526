import LockOutBreakScreen
import LockOutCore
import Testing

@Suite("When the break screen ends and what its keys do")
struct BreakScreenSessionTests {
    @Test("a break answered before the screen asked ends it at once")
    func answeredBeforeStart() {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 0)
        session.heard(Fixtures.dashboard(state: "running"), at: 0)
        #expect(session.end == .answered)
        #expect(session.frame(at: 0) == nil)
    }

    @Test("a break answered elsewhere ends the screen", arguments: ["running", "snoozed", "idle", "paused"])
    func answeredElsewhere(state: String) {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 0)
        session.heard(Fixtures.dashboard(state: "breakPending"), at: 0)
        session.heard(Fixtures.dashboard(state: state), at: 0.5)
        #expect(session.end == .answered)
    }

    @Test("an ended screen stays ended when a later break is told")
    func endIsFinal() {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 0)
        session.heard(Fixtures.dashboard(state: "running"), at: 0)
        session.heard(Fixtures.dashboard(state: "breakPending"), at: 1)
        #expect(session.end == .answered)
    }

    @Test("the agent silent for less than its patience keeps the screen; longer ends it")
    func agentGone() {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 0)
        session.heard(Fixtures.dashboard(state: "breakPending"), at: 0)
        session.unheard(at: 2.9)
        #expect(session.end == nil)
        session.unheard(at: 3)
        #expect(session.end == .agentGone)
    }

    @Test("an answer resets the agent's patience")
    func patienceResets() {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 0)
        session.heard(Fixtures.dashboard(state: "breakPending"), at: 0)
        session.unheard(at: 2)
        session.heard(Fixtures.dashboard(state: "breakPending"), at: 2.5)
        session.unheard(at: 5)
        #expect(session.end == nil)
    }

    @Test("Enter is Done and S is Snooze on the break shown")
    func keys() {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 0)
        session.heard(Fixtures.dashboard(state: "breakPending", kind: .micro), at: 0)
        #expect(session.command(forKey: "Return") == .done(.micro))
        #expect(session.command(forKey: "KP_Enter") == .done(.micro))
        #expect(session.command(forKey: "s") == .snooze(.micro))
        #expect(session.command(forKey: "S") == .snooze(.micro))
        #expect(session.command(forKey: "Escape") == nil)
        #expect(session.command(forKey: "space") == nil)
    }

    @Test("S and the Snooze button do nothing once the break cannot be snoozed")
    func noSnoozeLeft() {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 0)
        session.heard(Fixtures.dashboard(state: "breakPending", snoozeCount: 3), at: 0)
        #expect(session.command(forKey: "s") == nil)
        #expect(session.command(for: .snooze) == nil)
        #expect(session.command(for: .done) == .done(.eye))
    }

    @Test("no key does anything before the first break is told")
    func keysBeforeStart() {
        let session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 0)
        #expect(session.command(forKey: "Return") == nil)
    }
}
