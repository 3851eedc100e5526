import Foundation
import LockOutCore
import LockOutPresentation
import Testing

@MainActor
@Suite("Tasks model")
struct TasksModelTests {
    /// 18:00 on the fixture's Monday.
    static let evening = PresentationFixture.start.addingTimeInterval(10 * 3600)

    @Test("a task added with a due time and the 1-hour preset shows its bell and reminds at 17:00")
    func addWithReminder() async throws {
        let fixture = try await PresentationFixture.withoutBreaks()
        let model = TasksModel(agent: fixture.agent)
        await model.add(title: "Submit report", due: Self.evening, dueIncludesTime: true, reminder: .preset(.hourBefore))
        #expect(model.message == nil)
        let row = try #require(model.rows.first)
        #expect(row.title == "Submit report" && row.due == "2026-11-23 18:00")
        #expect(row.hasReminder && row.reminder == "1h-before" && row.remindsAt == "17:00")
        #expect(await fixture.agent.nextDeadline() == Self.evening.addingTimeInterval(-3600))
        await fixture.advance(by: 9 * 3600)
        let shown = try #require(fixture.notifier.presented.last)
        #expect(shown.title == "Task Due Soon" && shown.body == "Submit report")
    }

    @Test("the reminder menu offers none, the default and the presets; a due day alone reminds at 09:00")
    func menu() async throws {
        let fixture = try await PresentationFixture.withoutBreaks()
        let model = TasksModel(agent: fixture.agent)
        #expect(model.reminderChoices.map(\.title) == ["None", "Default", "1 hour before", "09:00 on the day", "18:00 the day before"])
        await model.add(title: "Pay rent", due: Self.evening.addingTimeInterval(86_400), reminder: .standard)
        let row = try #require(model.rows.first)
        #expect(row.due == "2026-11-24" && row.reminder == "morning-of" && row.remindsAt == "2026-11-24 09:00")
    }

    @Test("a reminder set to a picked moment fires then; turning it off cancels it")
    func pickedMoment() async throws {
        let fixture = try await PresentationFixture.withoutBreaks()
        let model = TasksModel(agent: fixture.agent)
        await model.add(title: "Call the bank")
        var row = try #require(model.rows.first)
        #expect(!row.hasReminder && row.due == nil)
        await model.remind(row, at: PresentationFixture.start.addingTimeInterval(1800))
        row = try #require(model.rows.first)
        #expect(row.hasReminder && row.remindsAt == "08:30")
        #expect(await fixture.agent.nextDeadline() == PresentationFixture.start.addingTimeInterval(1800))
        await model.remind(row, .off)
        #expect(model.rows.first?.hasReminder == false)
        #expect(await fixture.agent.nextDeadline() == nil)
    }

    @Test("Done strikes the task through and silences its reminder; Delete removes it")
    func doneAndDelete() async throws {
        let fixture = try await PresentationFixture.withoutBreaks()
        let model = TasksModel(agent: fixture.agent)
        await model.add(title: "Submit report", due: Self.evening, dueIncludesTime: true, reminder: .preset(.hourBefore))
        await model.add(title: "Water plants")
        await model.complete(try #require(model.rows.first { $0.title == "Submit report" }))
        #expect(model.rows.map(\.title) == ["Water plants", "Submit report"])
        #expect(model.rows.last?.isDone == true && model.rows.last?.hasReminder == false)
        #expect(await fixture.agent.nextDeadline() == nil)
        await model.delete(try #require(model.rows.first))
        #expect(model.rows.map(\.title) == ["Submit report"])
    }

    @Test("a test reminder shows the task's reminder 5 s later under its own id")
    func testReminder() async throws {
        let fixture = try await PresentationFixture.withoutBreaks()
        let model = TasksModel(agent: fixture.agent)
        await model.add(title: "Stretch")
        await model.testReminder(try #require(model.rows.first))
        await fixture.advance(by: ReminderPlanner.testDelay)
        let shown = try #require(fixture.notifier.presented.last)
        #expect(shown.id == "task.1.test" && shown.body == "Stretch")
    }

    @Test("refused intents show the engine's words and change nothing")
    func refusals() async throws {
        let fixture = try await PresentationFixture.withoutBreaks()
        let model = TasksModel(agent: fixture.agent)
        await model.add(title: "   ")
        #expect(model.message?.text == "a task needs a title: use some text that is not only spaces")
        #expect(model.rows.isEmpty)
        await model.add(title: "Call the bank")
        let row = try #require(model.rows.first)
        await model.remind(row, .preset(.morningOf))
        #expect(model.message?.text.hasPrefix("the reminder morning-of needs a due date") == true)
        await model.remind(row, at: PresentationFixture.start.addingTimeInterval(-60))
        #expect(model.message?.text == "the reminder at 2026-11-23 07:59 has passed: choose a later time, a preset or off")
        #expect(model.rows.first == row)
    }
}
