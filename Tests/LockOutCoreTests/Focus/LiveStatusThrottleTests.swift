import Foundation
import Testing
@testable import LockOutCore

@Suite("Live status: its values, the throttling rule and a clean end")
struct LiveStatusThrottleTests {
    private func status(
        mode: FocusMode = .pomodoro,
        remaining: TimeInterval = 600,
        running: Bool = true,
        onBreak: Bool = false,
        activity: String? = nil
    ) -> LiveStatus {
        LiveStatus(
            mode: mode,
            label: onBreak ? "Break" : "Work",
            remaining: remaining,
            elapsed: 1500 - remaining,
            isRunning: running,
            isOnBreak: onBreak,
            activity: activity,
            completedCycles: 0,
            totalCycles: 4,
            endsAt: nil
        )
    }

    private let last = FocusFixture.t0

    @Test("the first status is published")
    func firstPublished() {
        #expect(LiveStatusThrottle.shouldPublish(previous: nil, next: status(), lastPublishedAt: nil, now: last))
    }

    @Test("while running, not again within the same second")
    func runningThrottled() {
        #expect(!LiveStatusThrottle.shouldPublish(
            previous: status(remaining: 600), next: status(remaining: 599.5), lastPublishedAt: last, now: last.addingTimeInterval(0.5)
        ))
    }

    @Test("while running, again once a second has passed")
    func runningEverySecond() {
        #expect(LiveStatusThrottle.shouldPublish(
            previous: status(remaining: 600), next: status(remaining: 599), lastPublishedAt: last, now: last.addingTimeInterval(1)
        ))
    }

    @Test("while paused and unchanged, never, however long it has been")
    func pausedUnchangedNever() {
        let paused = status(running: false)
        #expect(!LiveStatusThrottle.shouldPublish(previous: paused, next: paused, lastPublishedAt: last, now: last.addingTimeInterval(3600)))
    }

    @Test("while paused, a change (here the activity) is published at once")
    func pausedChangePublished() {
        #expect(LiveStatusThrottle.shouldPublish(
            previous: status(running: false), next: status(running: false, activity: "Essay"), lastPublishedAt: last, now: last.addingTimeInterval(0.1)
        ))
    }

    @Test("running → paused is published at once, within the same second")
    func pauseAtOnce() {
        #expect(LiveStatusThrottle.shouldPublish(
            previous: status(), next: status(running: false), lastPublishedAt: last, now: last.addingTimeInterval(0.2)
        ))
    }

    @Test("work → break is published at once")
    func breakAtOnce() {
        #expect(LiveStatusThrottle.shouldPublish(
            previous: status(remaining: 0.2), next: status(remaining: 300, onBreak: true), lastPublishedAt: last, now: last.addingTimeInterval(0.2)
        ))
    }

    @Test("a change of mode is published at once")
    func modeAtOnce() {
        #expect(LiveStatusThrottle.shouldPublish(
            previous: status(mode: .timer), next: status(mode: .pomodoro), lastPublishedAt: last, now: last.addingTimeInterval(0.2)
        ))
    }

    @Test("a clock that went back does not freeze the status")
    func clockWentBack() {
        #expect(LiveStatusThrottle.shouldPublish(
            previous: status(), next: status(remaining: 590), lastPublishedAt: last, now: last.addingTimeInterval(-30)
        ))
    }

    @Test("when the session ends the feed sends one end and then nothing lingers")
    func feedEndsCleanly() {
        var feed = LiveStatusFeed()
        #expect(feed.offer(status(), now: last) == .publish(status()))
        #expect(feed.offer(nil, now: last.addingTimeInterval(1)) == .end)
        #expect(feed.offer(nil, now: last.addingTimeInterval(2)) == nil)
        #expect(feed.lastPublished == nil)
    }

    @Test("a pomodoro status says Work with the cycle count, a break says Break")
    func pomodoroValues() throws {
        var engine = try FocusFixture.started(.pomodoro, activity: "Essay")
        FocusFixture.tick(&engine, at: FocusFixture.at(25))
        let status = try #require(engine.liveStatus(now: FocusFixture.at(26)))
        #expect(status.label == "Break" && status.isOnBreak)
        #expect(status.remaining == 240 && status.elapsed == 60)
        #expect(status.completedCycles == 1 && status.totalCycles == 4)
        #expect(status.activity == "Essay")
    }

    @Test("outside pomodoro the label is the mode's name and there are no cycles")
    func timerValues() throws {
        let engine = try FocusFixture.started(.stopwatch)
        let status = try #require(engine.liveStatus(now: FocusFixture.at(2)))
        #expect(status.label == "Stopwatch")
        #expect(status.remaining == nil && status.completedCycles == nil)
    }

    @Test("the engine publishes at pause and resume, not on a quiet tick, and ends the status at stop")
    func engineStatusEffects() throws {
        var engine = try FocusFixture.started(.timer)
        let pause = try engine.handle(.userPaused, now: FocusFixture.at(1))
        let quiet = FocusFixture.tick(&engine, at: FocusFixture.at(2))
        let resume = try engine.handle(.userResumed, now: FocusFixture.at(3))
        let stop = try engine.handle(.userStopped, now: FocusFixture.at(4))
        #expect(FocusFixture.statuses(pause).map(\.isRunning) == [false])
        #expect(quiet.isEmpty)
        #expect(FocusFixture.statuses(resume).map(\.isRunning) == [true])
        #expect(stop.last == .endStatus && FocusFixture.statuses(stop).isEmpty)
    }
}
