import Foundation
import LockOutCore
import LockOutShared
import Testing

/// Core plans the Live Activity's content; the widget extension draws `FocusActivityState`. These prove both
/// speak the same JSON, field for field, and that what the widget computes from it agrees with Core.
@Suite("Core's Live Activity content read back by the extensions' module")
struct FocusActivityRoundTripTests {
    /// 2026-11-23 08:00 UTC, a Monday: 09:00 in Berlin.
    private static let t0 = Date(timeIntervalSince1970: 1_795_420_800)

    private static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    /// Every mode and segment, running (counting down or up) and paused, with and without the optional fields.
    private static let contents: [FocusActivityContent] = FocusMode.allCases.flatMap { mode in
        FocusSegment.allCases.flatMap { segment in
            [true, false].flatMap { paused in
                [true, false].map { filled in
                    let pomodoro = mode == .pomodoro
                    return FocusActivityContent(
                        mode: mode,
                        segment: segment,
                        label: pomodoro ? (segment.isBreak ? "Break" : "Work") : mode.displayName,
                        activity: filled ? "Writing" : nil,
                        endsAt: !paused && mode.countsDown ? t0.addingTimeInterval(25 * 60 + 0.25) : nil,
                        countingFrom: !paused && !mode.countsDown ? t0.addingTimeInterval(-90.5) : nil,
                        isPaused: paused,
                        pausedSeconds: paused ? 14 * 60 + 59 : nil,
                        completedCycles: pomodoro && filled ? 2 : nil,
                        totalCycles: pomodoro && filled ? 4 : nil
                    )
                }
            }
        }
    }

    /// The state the app hands the widget: Core's content through `JSONEncoder()`.
    private static func state(of content: FocusActivityContent) throws -> FocusActivityState {
        try #require(FocusActivityState.decoded(from: try JSONEncoder().encode(content)))
    }

    @Test("Every mode, segment, running and paused, with nil fields: the same values, both ways")
    func roundTrip() throws {
        #expect(Self.contents.count == FocusMode.allCases.count * FocusSegment.allCases.count * 4)
        for content in Self.contents {
            let state = try Self.state(of: content)
            #expect(state.mode == content.mode.rawValue)
            #expect(state.segment == content.segment.rawValue)
            #expect(state.label == content.label)
            #expect(state.activity == content.activity)
            #expect(state.endsAt == content.endsAt)
            #expect(state.countingFrom == content.countingFrom)
            #expect(state.isPaused == content.isPaused)
            #expect(state.pausedSeconds == content.pausedSeconds)
            #expect(state.completedCycles == content.completedCycles)
            #expect(state.totalCycles == content.totalCycles)
            #expect(try JSONDecoder().decode(FocusActivityContent.self, from: state.encoded()) == content)
        }
        #expect(Set(try Self.contents.map(Self.state)).count == Self.contents.count)
    }

    @Test("The two types have the same fields, in the same order, and the same JSON keys")
    func sameFields() throws {
        let content = try #require(Self.contents.first { $0.activity != nil && $0.completedCycles != nil && $0.endsAt != nil })
        let state = try Self.state(of: content)
        let contentFields = Mirror(reflecting: content).children.map(\.label)
        let stateFields = Mirror(reflecting: state).children.map(\.label)
        #expect(contentFields == stateFields)
        #expect(contentFields.count == 10)

        let everyField = FocusActivityContent(
            mode: .stopwatch, segment: .focus, label: "Stopwatch", activity: "Reading", endsAt: Self.t0,
            countingFrom: Self.t0, isPaused: true, pausedSeconds: 5, completedCycles: 1, totalCycles: 4
        )
        let keys = try Self.keys(JSONEncoder().encode(everyField))
        #expect(keys == Set(contentFields.compactMap { $0 }))
        #expect(try Self.keys(Self.state(of: everyField).encoded()) == keys)
    }

    @Test("The raw strings the widget reads; JSON that is no content is refused")
    func rawStrings() throws {
        #expect(FocusMode.allCases.map(\.rawValue) == ["timer", "pomodoro", "stopwatch", "focus"])
        #expect(FocusSegment.allCases.map(\.rawValue) == ["focus", "shortBreak", "longBreak"])
        #expect(FocusActivityState.decoded(from: Data("{\"mode\":\"timer\"}".utf8)) == nil)
        #expect(FocusActivityState.decoded(from: Data("not json".utf8)) == nil)
    }

    @Test("A break is a break for both")
    func breaks() throws {
        for segment in FocusSegment.allCases {
            let content = try #require(Self.contents.first { $0.segment == segment })
            #expect(try Self.state(of: content).isBreak == segment.isBreak)
        }
    }

    @Test("A running countdown spans up to its end, counting down; a count-up from its start, counting up")
    func runningClock() throws {
        for content in Self.contents where !content.isPaused {
            let state = try Self.state(of: content)
            let interval = try #require(state.timerInterval)
            #expect(state.pausedClockText == nil)
            if let endsAt = content.endsAt {
                #expect(state.countsDown)
                #expect(interval.upperBound == endsAt)
                #expect(interval.contains(Self.t0))
            } else {
                let from = try #require(content.countingFrom)
                #expect(!state.countsDown)
                #expect(interval.lowerBound == from)
                #expect(interval.contains(Self.t0.addingTimeInterval(7 * 24 * 3600)))
            }
        }
    }

    @Test("Paused: no running clock, the frozen seconds as the app's clock writes them")
    func pausedClock() throws {
        for content in Self.contents where content.isPaused {
            let state = try Self.state(of: content)
            #expect(state.timerInterval == nil)
            #expect(state.pausedClockText == "14:59")
        }
        for seconds in [0, 9, 59, 60, 61, 599, 600, 3599, 3600, 3661, 100 * 3600 + 1] {
            let content = FocusActivityContent(
                mode: .timer, segment: .focus, label: "Timer", activity: nil, endsAt: nil, countingFrom: nil,
                isPaused: true, pausedSeconds: seconds, completedCycles: nil, totalCycles: nil
            )
            #expect(try Self.state(of: content).pausedClockText == DurationParser.elapsed(TimeInterval(seconds)))
        }
    }

    @Test("The plans Core makes for a live engine read back whole: a timer, a paused pomodoro break, a stopwatch")
    func enginePlans() throws {
        var timer = FocusEngine(record: .stopped, settings: .defaults, capability: .notificationOnly, calendar: Self.berlin)
        _ = try timer.handle(.userStarted(FocusStart(mode: .timer, durationMinutes: 25, activity: "Writing")), now: Self.t0)
        var pomodoro = FocusEngine(record: .stopped, settings: .defaults, capability: .notificationOnly, calendar: Self.berlin)
        _ = try pomodoro.handle(.userStarted(FocusStart(mode: .pomodoro, durationMinutes: nil, activity: nil)), now: Self.t0)
        _ = try pomodoro.handle(.tick, now: Self.t0.addingTimeInterval(26 * 60))
        _ = try pomodoro.handle(.userPaused, now: Self.t0.addingTimeInterval(27 * 60))
        var stopwatch = FocusEngine(record: .stopped, settings: .defaults, capability: .notificationOnly, calendar: Self.berlin)
        _ = try stopwatch.handle(.userStarted(FocusStart(mode: .stopwatch, durationMinutes: nil, activity: nil)), now: Self.t0)

        let now = Self.t0.addingTimeInterval(28 * 60)
        for engine in [timer, pomodoro, stopwatch] {
            let plan = try #require(engine.activityPlan(now: now))
            let state = try Self.state(of: plan.content)
            #expect(try JSONDecoder().decode(FocusActivityContent.self, from: state.encoded()) == plan.content)
            #expect(state.isPaused == (state.timerInterval == nil))
        }
        let paused = try Self.state(of: try #require(pomodoro.activityPlan(now: now)).content)
        #expect(paused.segment == "shortBreak")
        #expect(paused.isBreak)
        #expect(paused.pausedClockText == "03:00")
        #expect(paused.completedCycles == 1)
    }

    private static func keys(_ json: Data) throws -> Set<String> {
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        return Set(object.keys)
    }
}
