import Foundation
import LockOutCore
import LockOutPresentation
import Testing

@MainActor
@Suite("Schedule model")
struct ScheduleModelTests {
    private func at(_ minutes: Double) -> Date { PresentationFixture.start.addingTimeInterval(minutes * 60) }

    @Test("each kind shows its switch and steppers with the engine's ranges and units")
    func sections() async throws {
        let fixture = try await PresentationFixture()
        let model = ScheduleModel(agent: fixture.agent)
        await model.refresh()
        #expect(model.sections.map(\.title) == ["Eye Break", "Micro Break", "Long Break"])
        #expect(model.sections.map(\.enabled) == [true, true, true])
        let eye = try #require(model.sections.first)
        #expect((eye.interval.value, eye.interval.range, eye.interval.unit) == (20, 1...120, "min"))
        #expect((eye.duration.value, eye.duration.range, eye.duration.unit) == (20, 5...3600, "s"))
        #expect(model.days.map(\.name).first == "Monday")
        #expect(model.days.allSatisfy { !$0.isWorkingDay })
    }

    @Test("a new interval reschedules the next break at once")
    func interval() async throws {
        let fixture = try await PresentationFixture()
        let model = ScheduleModel(agent: fixture.agent)
        await model.refresh()
        #expect(fixture.timer.deadline == at(20))
        await model.setInterval(.eye, minutes: 25)
        #expect(model.message == nil)
        #expect(model.sections.first?.interval.value == 25)
        #expect(fixture.timer.deadline == at(25))
        #expect(try await fixture.agent.settings().eye.intervalMinutes == 25)
    }

    @Test("a value out of range is refused in the engine's words and changes nothing")
    func outOfRange() async throws {
        let fixture = try await PresentationFixture()
        let model = ScheduleModel(agent: fixture.agent)
        await model.refresh()
        let before = model.screen
        await model.setInterval(.eye, minutes: 121)
        #expect(model.message?.text == "eye interval of 121 min is out of range: allowed 1...120 min")
        await model.setDuration(.long, seconds: 4)
        #expect(model.message?.text == "long duration of 4 s is out of range: allowed 5...3600 s")
        #expect(model.screen == before)
        #expect(fixture.timer.deadline == at(20))
        await model.setDuration(.long, seconds: 600)
        #expect(model.message == nil)
        #expect(model.sections.last?.duration.value == 600)
    }

    @Test("switching the eye break off makes the micro break the next one")
    func switchOff() async throws {
        let fixture = try await PresentationFixture()
        let model = ScheduleModel(agent: fixture.agent)
        await model.refresh()
        await model.setEnabled(.eye, false)
        #expect(model.sections.first?.enabled == false)
        #expect(fixture.timer.deadline == at(30))
    }

    @Test("a working day outside its hours holds breaks until its window opens; clearing the hours runs them again")
    func workingDay() async throws {
        let fixture = try await PresentationFixture()
        let model = ScheduleModel(agent: fixture.agent)
        await model.refresh()
        await model.setWorkingDay(2, true)
        let monday = try #require(model.days.first)
        #expect(monday.isWorkingDay)
        #expect((monday.start, monday.end) == ("09:00", "17:00"))
        #expect(model.screen?.workingHours.map(\.hours) == ["09:00–17:00"])
        #expect(fixture.timer.deadline == at(60))
        await model.setHours(2, startMinute: 7 * 60, endMinute: 12 * 60)
        let changed = try #require(model.days.first)
        #expect((changed.startMinute, changed.endMinute) == (420, 720))
        #expect(try await fixture.agent.dashboard().state == "running")
        await model.clearWorkingHours()
        #expect(model.days.allSatisfy { !$0.isWorkingDay })
        #expect(model.screen?.workingHours == [])
    }

    @Test("a window that ends before it starts is refused in the engine's words and changes nothing")
    func badWindow() async throws {
        let fixture = try await PresentationFixture()
        let model = ScheduleModel(agent: fixture.agent)
        await model.refresh()
        await model.setWorkingDay(2, true)
        let before = (model.screen, model.workingHours, fixture.timer.deadline)
        await model.setHours(2, startMinute: 17 * 60, endMinute: 9 * 60)
        #expect(model.message?.text == "invalid working hours: a window must start before it ends")
        #expect(model.screen == before.0)
        #expect(model.workingHours == before.1)
        #expect(fixture.timer.deadline == before.2)
        #expect(try await fixture.agent.settings().workingHours?.windows[2] == .init(startMinute: 540, endMinute: 1020))
    }
}
