import Foundation
import LockOutCore
import LockOutPresentation
import Testing

extension PresentationFixture {
    /// A started runtime with the breaks stopped, so the only deadlines armed are the focus ones and reminders.
    static func withoutBreaks() async throws -> PresentationFixture {
        let fixture = try await PresentationFixture()
        _ = try await fixture.agent.perform(BreakCommand.stop)
        return fixture
    }
}

@MainActor
@Suite("Focus timer model")
struct FocusTimerModelTests {
    @Test("before a start the clock shows what the chosen mode and minutes would count down from")
    func beforeStart() async throws {
        let fixture = try await PresentationFixture.withoutBreaks()
        let model = FocusTimerModel(agent: fixture.agent)
        await model.refresh()
        #expect(model.buttons == [.start])
        #expect(model.clockText == "25:00")
        #expect(model.minutes == 25 && model.minutesRange == 1...240)
        model.pick(minutes: 10)
        #expect(model.clockText == "10:00")
        model.choose(.stopwatch)
        #expect(model.clockText == "00:00")
        #expect(model.minutes == nil && model.minutesRange == nil)
        model.choose(.pomodoro)
        #expect(model.clockText == "25:00" && model.minutesRange == 5...120)
        #expect(model.label == nil && model.roundText == nil)
    }

    @Test("Start runs a timer with the chosen activity, arms its end and counts down as the clock moves")
    func startCountsDown() async throws {
        let fixture = try await PresentationFixture.withoutBreaks()
        try await fixture.agent.perform(ActivityAction.add(name: "Writing", collection: nil, notes: ""))
        let model = FocusTimerModel(agent: fixture.agent)
        await model.refresh()
        #expect(model.activities.map(\.name) == ["Writing"])
        model.pick(minutes: 10)
        model.choose(activity: "Writing")
        await model.tap(.start)
        #expect(model.message == nil)
        #expect(model.isRunning)
        #expect(model.buttons == [.pause, .stop])
        #expect(model.label == "Timer" && model.sessionActivity == "Writing")
        #expect(model.clockText == "10:00")
        #expect(await fixture.agent.nextDeadline() == PresentationFixture.start.addingTimeInterval(600))
        fixture.clock.advance(by: 61)
        await model.refresh()
        #expect(model.clockText == "08:59")
    }

    @Test("Pause holds the clock and disarms the end; Resume arms it again for the time left")
    func pauseAndResume() async throws {
        let fixture = try await PresentationFixture.withoutBreaks()
        let model = FocusTimerModel(agent: fixture.agent)
        await model.refresh()
        await model.start()
        fixture.clock.advance(by: 60)
        await model.pause()
        #expect(model.isPaused && model.buttons == [.resume, .stop])
        #expect(await fixture.agent.nextDeadline() == nil)
        fixture.clock.advance(by: 300)
        await model.refresh()
        #expect(model.clockText == "24:00")
        await model.resume()
        #expect(model.isRunning)
        #expect(await fixture.agent.nextDeadline() == PresentationFixture.start.addingTimeInterval(360 + 1440))
    }

    @Test("a timer that runs out shows Timer Complete and the page goes back to Start")
    func runsOut() async throws {
        let fixture = try await PresentationFixture.withoutBreaks()
        let model = FocusTimerModel(agent: fixture.agent)
        await model.refresh()
        model.pick(minutes: 1)
        await model.start()
        await fixture.advance(by: 60)
        await model.refresh()
        #expect(fixture.notifier.presented.map(\.title) == [FocusAlerts.title])
        #expect(fixture.notifier.presented.map(\.body) == ["Timer finished"])
        #expect(model.buttons == [.start])
        let history = try await fixture.agent.focusHistory(.everything)
        #expect(history.map(\.outcome) == ["Completed"])
    }

    @Test("a pomodoro names its segment and round, and Skip moves to the next segment")
    func pomodoro() async throws {
        let fixture = try await PresentationFixture.withoutBreaks()
        let model = FocusTimerModel(agent: fixture.agent)
        await model.refresh()
        model.choose(.pomodoro)
        await model.start()
        #expect(model.buttons == [.pause, .stop, .skip])
        #expect(model.label == "Work" && model.segmentText == "Focus" && model.roundText == "Round 1 of 4")
        await model.tap(.skip)
        #expect(model.label == "Break" && model.segmentText == "Short break" && model.roundText == "Round 1 of 4")
        #expect(model.clockText == "05:00")
        await model.tap(.skip)
        #expect(model.segmentText == "Focus" && model.roundText == "Round 2 of 4")
        #expect(await fixture.agent.nextDeadline() == PresentationFixture.start.addingTimeInterval(1500))
    }

    @Test("a stopwatch counts up")
    func stopwatch() async throws {
        let fixture = try await PresentationFixture.withoutBreaks()
        let model = FocusTimerModel(agent: fixture.agent)
        model.choose(.stopwatch)
        await model.start()
        fixture.clock.advance(by: 75)
        await model.refresh()
        #expect(model.clockText == "01:15" && model.label == "Stopwatch")
        #expect(await fixture.agent.nextDeadline() == nil)
    }

    @Test("a refused intent shows the engine's words and changes nothing")
    func refusals() async throws {
        let fixture = try await PresentationFixture.withoutBreaks()
        let model = FocusTimerModel(agent: fixture.agent)
        await model.refresh()
        model.pick(minutes: 500)
        await model.start()
        #expect(model.message?.text == "timer duration of 500 min is out of range: allowed 1...240 min")
        #expect(model.buttons == [.start])
        model.pick(minutes: nil)
        await model.start()
        #expect(model.message == nil)
        let running = model.screen
        await model.skip()
        #expect(model.message?.text == "skip is allowed only in pomodoro, not in timer: use stop")
        #expect(model.screen == running)
    }

    @Test("a regular width shows the activities and the timer in two columns")
    func layout() async throws {
        let fixture = try await PresentationFixture.withoutBreaks()
        let model = FocusTimerModel(agent: fixture.agent)
        #expect(!model.showsTwoColumns)
        model.width = .regular
        #expect(model.showsTwoColumns && model.layout.columns == 2)
    }
}
