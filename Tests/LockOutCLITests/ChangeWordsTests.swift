import Foundation
@testable import lockout
import LockOutCore
import Testing

/// `lockout family send DEVICE CHANGE` takes the words of the local command the change mirrors, and the shorter
/// words it took before; the usage and docs/family.md's table come from the same list.
@Suite("family send: the local command's words")
struct ChangeWordsTests {
    static let today = LocalDate(year: 2026, month: 11, day: 23)

    /// For each form (named by its local words): what follows the words, the short form's words when they differ, and
    /// the change both spell.
    struct Example: Sendable, CustomTestStringConvertible {
        let local: [String]
        let short: [String]?
        let change: ConfigurationChange
        var testDescription: String { local.joined(separator: " ") }
    }

    static let examples: [Example] = [
        Example(local: ["schedule", "set", "eye", "--every", "25m"], short: ["schedule", "eye", "--every", "25m"],
                change: .breakKind(.eye, intervalMinutes: 25, durationSeconds: nil, enabled: nil)),
        Example(local: ["schedule", "hours", "mon-fri", "09:00-17:00"], short: ["hours", "mon-fri", "09:00-17:00"],
                change: .workingHours(try! WorkingHoursParser.parse(["mon-fri", "09:00-17:00"]))),
        Example(local: ["settings", "set", "snooze", "7m"], short: ["snooze", "7m"], change: .snooze(minutes: 7)),
        Example(local: ["settings", "set", "retention", "90"], short: ["retention", "90"], change: .retention(days: 90)),
        Example(local: ["focus", "settings", "set", "short-break", "10m"], short: ["focus", "short-break", "10"], change: .focus(.shortBreak, value: 10)),
        Example(local: ["focus", "settings", "set", "hold-breaks", "off"], short: ["hold-breaks", "off"], change: .holdBreaksDuringFocus(false)),
        Example(local: ["gate", "goal", "set", "steps", "12000", "--days", "weekdays"], short: ["goal", "set", "steps", "12000", "--days", "weekdays"],
                change: .gateGoal(.steps, target: 12_000, schedule: .weekdays)),
        Example(local: ["gate", "goal", "enable", "energy"], short: ["goal", "enable", "energy"], change: .gateGoalEnabled(.energy, true)),
        Example(local: ["gate", "goal", "disable", "steps"], short: ["goal", "disable", "steps"], change: .gateGoalEnabled(.steps, false)),
        Example(local: ["gate", "block", "add", "firefox", "--desktop-id", "org.mozilla.firefox.desktop"],
                short: ["block", "add", "firefox", "--desktop-id", "org.mozilla.firefox.desktop"],
                change: .blockAdd(BlockedApp(executable: "firefox", desktopID: "org.mozilla.firefox.desktop"))),
        Example(local: ["gate", "block", "remove", "steam"], short: ["block", "remove", "steam"], change: .blockRemove(executable: "steam")),
        Example(local: ["rewards", "program", "set", "gcompris", "learning", "--rate", "20"], short: ["rewards", "program", "gcompris", "learning", "--rate", "20"],
                change: .rewards(.setProgram("gcompris", category: .learning, rate: 20))),
        Example(local: ["rewards", "cap", "300"], short: nil, change: .rewards(.setCap(300))),
        Example(local: ["rewards", "mode", "60:30"], short: nil, change: .rewards(.setMode(.ratio(learning: 60, reward: 30)))),
        Example(local: ["rewards", "quest", "set", "--minutes", "25", "--title", "Practice", "--bonus-points", "50"],
                short: ["rewards", "quest", "25", "--title", "Practice", "--bonus-points", "50"],
                change: .rewards(.setQuest(try! DailyQuest.composed(
                    template: nil, title: "Practice", minutes: 25, counting: nil, programs: [], rewardMinutes: nil, bonusPoints: 50
                )))),
        Example(local: ["rewards", "quest", "clear"], short: ["rewards", "quest", "off"], change: .rewards(.setQuest(nil))),
        Example(local: ["rewards", "grant", "50", "--reason", "tidied the room"], short: nil, change: .rewards(.adjust(points: 50, reason: "tidied the room"))),
        Example(local: ["rewards", "remove", "20", "--reason", "screen time"], short: nil, change: .rewards(.adjust(points: -20, reason: "screen time"))),
    ]

    @Test("each change in the local command's words, and in the short words, is the same change", arguments: examples)
    func localAndShortWords(_ example: Example) throws {
        #expect(try ChangeWords.parse(example.local, today: Self.today) == example.change)
        if let short = example.short {
            #expect(try ChangeWords.parse(short, today: Self.today) == example.change)
        }
    }

    @Test("every form has an example here: a form added to the list is tested through these words")
    func everyFormTested() {
        for form in ChangeWords.forms {
            let tested = Self.examples.contains { ChangeWords.spelling(of: $0.local)?.words == form.local.words }
            #expect(tested, "no example for \(form.local.text)")
            if let short = form.short {
                let shortTested = Self.examples.contains { $0.short.flatMap(ChangeWords.spelling(of:))?.words == short.words }
                #expect(shortTested, "no example for \(short.text)")
            }
        }
    }

    @Test("a change that is not one says what is, in the local command's words")
    func refusals() {
        #expect(throws: (any Error).self) { try ChangeWords.parse(["settings", "set", "break-screen", "window"], today: Self.today) }
        do {
            _ = try ChangeWords.parse(["settings", "set", "break-screen", "window"], today: Self.today)
        } catch {
            #expect("\(error)" == "give: settings set snooze DURATION · settings set retention DAYS")
        }
        do {
            _ = try ChangeWords.parse(["pause", "--for", "1h"], today: Self.today)
        } catch {
            #expect("\(error)".hasPrefix("unknown change 'pause': use schedule set, schedule hours, settings set, focus settings, gate goal, gate block, rewards program"))
        }
    }

    @Test("docs/family.md's table is the list's")
    func docsTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = try String(contentsOf: root.appendingPathComponent("docs/family.md"), encoding: .utf8)
        #expect(docs.contains(ChangeWords.markdownTable + "\n"), "docs/family.md should hold:\n\(ChangeWords.markdownTable)")
    }
}
