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
        #expect(session.keyPressed("Return", at: 0) == .done(.micro))
        #expect(session.keyPressed("KP_Enter", at: 0) == .done(.micro))
        #expect(session.keyPressed("s", at: 0) == .snooze(.micro))
        #expect(session.keyPressed("S", at: 0) == .snooze(.micro))
        #expect(session.keyPressed("Escape", at: 0) == nil)
        #expect(session.keyPressed("space", at: 0) == nil)
    }

    @Test("S and the Snooze button do nothing once the break cannot be snoozed")
    func noSnoozeLeft() {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 0)
        session.heard(Fixtures.dashboard(state: "breakPending", snoozeCount: 3), at: 0)
        #expect(session.keyPressed("s", at: 0) == nil)
        #expect(session.command(for: .snooze, at: 0) == nil)
        #expect(session.command(for: .done, at: 0) == .done(.eye))
    }

    @Test("no key does anything before the first break is told")
    func keysBeforeStart() {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 0)
        #expect(session.keyPressed("Return", at: 0) == nil)
    }

    @Test("a strict break holds Snooze and Done back, buttons and keys, until its countdown ends")
    func strictWaitsForTheCountdown() {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, strict: true, at: 0)
        session.heard(Fixtures.dashboard(state: "breakPending", kind: .micro), at: 0)
        let length = Double(BreakSettings.defaults[.micro].durationSeconds)
        #expect(session.holds(at: length - 1))
        #expect(session.keyPressed("Return", at: length - 1) == nil)
        #expect(session.keyPressed("s", at: length - 1) == nil)
        #expect(session.command(for: .done, at: length - 1) == nil)
        let held = session.frame(at: length - 1)
        #expect(held?.done == nil)
        #expect(held?.snooze == nil)
        #expect(held?.hint.contains("Hold Esc for 3 s to skip") == true)

        #expect(!session.holds(at: length))
        #expect(session.keyPressed("Return", at: length) == .done(.micro))
        #expect(session.command(for: .snooze, at: length) == .snooze(.micro))
        #expect(session.frame(at: length)?.done == "Done")
        #expect(session.frame(at: length)?.snooze == "Snooze 5 min")
    }

    @Test("a strict break being taken waits for the agent's countdown, not the break's length")
    func strictActiveBreak() {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, strict: true, at: 0)
        session.heard(Fixtures.dashboard(state: "breakActive", kind: .eye, countdown: "00:04"), at: 10)
        #expect(session.holds(at: 13.9))
        #expect(!session.holds(at: 14))
    }

    @Test("Escape held for its seconds skips a strict break; released early it starts over")
    func strictEscape() {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, strict: true, at: 0)
        session.heard(Fixtures.dashboard(state: "breakPending", kind: .long), at: 0)
        #expect(session.keyPressed("Escape", at: 1) == nil)
        #expect(session.escapeHeld(at: 3.9) == nil)
        session.keyReleased("Escape")
        #expect(session.escapeHeld(at: 5) == nil)
        // Held again: a key's repeats while it stays down do not restart the hold.
        #expect(session.keyPressed("Escape", at: 5) == nil)
        #expect(session.keyPressed("Escape", at: 6) == nil)
        #expect(session.escapeHeld(at: 7.9) == nil)
        #expect(session.escapeHeld(at: 8) == .skip(.long))
    }

    @Test("a break that is not strict never holds, and Escape does nothing however long it is held")
    func notStrict() {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 0)
        session.heard(Fixtures.dashboard(state: "breakPending"), at: 0)
        #expect(!session.holds(at: 0))
        #expect(session.keyPressed("Escape", at: 0) == nil)
        #expect(session.escapeHeld(at: 60) == nil)
    }

    @Test("the input hold for each desktop: a grab on X11, the overlay's keyboard with layer-shell, none without")
    func holds() {
        #expect(InputHold.choose(wayland: false, layerShell: false) == .grab)
        #expect(InputHold.choose(wayland: true, layerShell: true) == .exclusiveKeyboard)
        #expect(InputHold.choose(wayland: true, layerShell: false) == .none)
        #expect(InputHold.none.line.contains("no program hold the input"))
    }
}
