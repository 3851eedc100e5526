import LockOutBreakScreen
import LockOutCore
import Testing

@Suite("What the break screen shows")
struct BreakScreenFrameTests {
    @Test("a due eye break shows its title, text, whole length, Snooze 5 min and Done")
    func dueEyeBreak() throws {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 100)
        session.heard(Fixtures.dashboard(state: "breakPending"), at: 100)
        let frame = try #require(session.frame(at: 100))
        #expect(frame.title == BreakKind.eye.title)
        #expect(frame.body == BreakKind.eye.body)
        #expect(frame.countdown == "00:20")
        #expect(frame.ringFraction == 1)
        #expect(frame.snooze == "Snooze 5 min")
        #expect(frame.done == "Done")
        #expect(frame.hint == "Enter: Done · S: Snooze")
        #expect(frame.showsEye)
    }

    @Test("a due break counts its length down from when it was first shown")
    func dueBreakCountsDown() throws {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 100)
        session.heard(Fixtures.dashboard(state: "breakPending"), at: 100)
        session.heard(Fixtures.dashboard(state: "breakPending"), at: 105)
        let frame = try #require(session.frame(at: 105.5))
        #expect(frame.countdown == "00:15")
        #expect(abs(frame.ringFraction - 14.5 / 20) < 1e-9)
        #expect(try #require(session.frame(at: 200)).countdown == "00:00")
        #expect(try #require(session.frame(at: 200)).ringFraction == 0)
    }

    @Test("the countdown runs as fast as the agent's clock")
    func scaledClock() throws {
        var session = BreakScreenSession(settings: .defaults, clockScale: 120, at: 0)
        session.heard(Fixtures.dashboard(state: "breakPending"), at: 0)
        #expect(try #require(session.frame(at: 0.1)).countdown == "00:08")
    }

    @Test("a break being taken counts to the end the agent tells")
    func activeBreak() throws {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 0)
        session.heard(Fixtures.dashboard(state: "breakActive", kind: .micro, countdown: "00:12"), at: 0)
        let frame = try #require(session.frame(at: 2))
        #expect(frame.countdown == "00:10")
        #expect(frame.title == BreakKind.micro.title)
        #expect(!frame.showsEye)
    }

    @Test("the agent's count wins when the local one drifted past its rounding")
    func reanchors() throws {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 0)
        session.heard(Fixtures.dashboard(state: "breakActive", countdown: "00:20"), at: 0)
        session.heard(Fixtures.dashboard(state: "breakActive", countdown: "00:19"), at: 0.5)
        #expect(try #require(session.frame(at: 0.5)).countdown == "00:20")
        session.heard(Fixtures.dashboard(state: "breakActive", countdown: "00:05"), at: 1)
        #expect(try #require(session.frame(at: 1)).countdown == "00:05")
    }

    @Test("a micro break that covers the eye break retitles the screen and counts its own length")
    func coveringKind() throws {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 0)
        session.heard(Fixtures.dashboard(state: "breakPending", kind: .eye), at: 0)
        session.heard(Fixtures.dashboard(state: "breakPending", kind: .micro), at: 10)
        let frame = try #require(session.frame(at: 10))
        #expect(frame.title == BreakKind.micro.title)
        #expect(frame.countdown == "00:30")
    }

    @Test("after three snoozes only Done shows")
    func noMoreSnoozes() throws {
        var session = BreakScreenSession(settings: .defaults, clockScale: 1, at: 0)
        session.heard(Fixtures.dashboard(state: "breakPending", snoozeCount: 3), at: 0)
        let frame = try #require(session.frame(at: 0))
        #expect(frame.snooze == nil)
        #expect(frame.hint == "Enter: Done")
    }

    @Test("the snooze length is the agent's setting")
    func snoozeLength() throws {
        var settings = BreakSettings.defaults
        settings.snoozeMinutes = 10
        var session = BreakScreenSession(settings: settings, clockScale: 1, at: 0)
        session.heard(Fixtures.dashboard(state: "breakPending"), at: 0)
        #expect(try #require(session.frame(at: 0)).snooze == "Snooze 10 min")
    }

    @Test("countdown text reads as seconds", arguments: [("00:20", 20), ("01:05", 65), ("75:00", 4500)])
    func countdownText(text: String, seconds: Int) {
        #expect(BreakCountdown.seconds(of: text) == seconds)
    }

    @Test("what is not a countdown reads as nothing", arguments: ["", "20", "00:60", "-1:00", "a:b", "1:2:3"])
    func notCountdown(text: String) {
        #expect(BreakCountdown.seconds(of: text) == nil)
    }
}
