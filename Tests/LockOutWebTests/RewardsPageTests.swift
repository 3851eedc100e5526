import Foundation
import LockOutCore
import Testing
@testable import LockOutWeb

/// A child's rewards at a fixed moment: 250 points, a quest half done, one badge unlocked, reward time open.
enum RewardsPageFixture {
    static let now = Date(timeIntervalSince1970: 1_795_420_800)  // 2026-11-23 08:00 UTC, 09:00 in Berlin
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        return calendar
    }()

    static func screen(window: Bool = true, pinSet: Bool = true, quest: DailyQuest? = DailyQuest(title: "Daily practice", targetMinutes: 20)) -> RewardsScreen {
        let today = LocalDate(now, in: calendar)
        var record = RewardsRecord(day: today)
        record.balances = PointBalances(byProgram: ["gcompris": 200], unattributed: 50)
        record.programSeconds = ["gcompris": 600]
        record.learningSeconds = ["gcompris": 600]
        record.accrued = ["gcompris": 100]
        record.pointsToday = 100
        record.totals = RewardTotals(questsCompleted: 1, longestStreak: 3, learningSeconds: 7200, pointsEarned: 150)
        record.badges = ["first_steps": now.addingTimeInterval(-3600)]
        record.streak = StreakRecord(current: 3, longest: 3, lastDay: today.adding(days: -1, in: calendar))
        if window { record.window = RewardWindow(openedAt: now.addingTimeInterval(-60), endsAt: now.addingTimeInterval(12 * 60 + 30)) }
        if pinSet { record.pinHash = "pbkdf2-sha256$210000$c2FsdA==$aGFzaA==" }
        let settings = RewardsSettings(
            programs: [RewardProgram(name: "gcompris", category: .learning, rate: 20), RewardProgram(name: "supertux", category: .reward)],
            quest: quest
        )
        return RewardsScreen(engine: RewardsEngine(record: record, settings: settings, calendar: calendar), now: now, method: "x11")
    }

    static let ledger = [
        LedgerEntry(id: UUID(), kind: .redemption, points: -30, program: "gcompris", day: LocalDate(now, in: calendar), at: now.addingTimeInterval(-60), reason: "3 min of reward time"),
        LedgerEntry(id: UUID(), kind: .adjustment, points: 50, program: nil, day: LocalDate(now, in: calendar), at: now.addingTimeInterval(-120), reason: "<b>tidy room</b>"),
    ]

    static func chrome(_ page: WebPage = .rewards, scale: Double = 1) -> PageChrome {
        PageChrome(page: page, csrfToken: "token", now: now, clockScale: scale)
    }
}

@Suite("Rewards page")
struct RewardsPageTests {
    typealias F = RewardsPageFixture

    @Test("the balance, today's points against the cap, the level, the streak and the quest's progress")
    func figures() {
        let page = RewardsPage.render(F.screen(), ledger: F.ledger, chrome: F.chrome(), calendar: F.calendar)
        #expect(page.contains("<a href=\"/rewards\" aria-current=\"page\">Rewards</a>"))
        #expect(page.contains("<dd id=\"balance\">250 points</dd>"))
        #expect(page.contains("<dd id=\"today\">100 points</dd>"))
        #expect(page.contains("Each program earns at most 600 points a day"))
        #expect(page.contains("<dd id=\"level\">2</dd>"))
        #expect(page.contains("<dd id=\"streak\">3 days</dd>"))
        #expect(page.contains("Level 2: 50 of 200 points to level 3"))
        #expect(page.contains("Daily practice: 10 of 20 min"))
        #expect(page.contains("<progress aria-labelledby=\"quest-label\" max=\"20\" value=\"10\">"))
        #expect(page.contains("<td>100 of 600</td>"), "the learning program's points against the cap")
        #expect(page.contains("<td>20 points a minute</td>"))
        #expect(page.contains("Usage is measured by x11."))
    }

    @Test("reward time left is a live countdown at the agent's clock speed, with the redemption's limits beside the field")
    func countdownAndLimits() throws {
        let page = RewardsPage.render(F.screen(), ledger: [], chrome: F.chrome(scale: 60), calendar: F.calendar)
        let countdown = try #require(page.range(of: "id=\"reward-countdown\"")).upperBound
        let clock = page[countdown...].prefix(220)
        #expect(clock.contains("class=\"ticking\""))
        #expect(clock.contains("data-left=\"12500\""), "750 s at 60× are 12.5 real seconds")
        #expect(clock.contains("data-scale=\"60.0\""))
        #expect(clock.contains(">12:30</time>"))
        #expect(page.contains("supertux may run."))
        #expect(page.contains("30–600 points at once, in steps of 10: 10 points buy 1 minute."))
        #expect(page.contains("Now at most 250 points."))
        #expect(page.contains("aria-describedby=\"points-hint\""))

        let closed = RewardsPage.render(F.screen(window: false), ledger: [], chrome: F.chrome(), calendar: F.calendar)
        #expect(!closed.contains("class=\"ticking\""))
        #expect(closed.contains("supertux stay closed until you redeem points."))
    }

    @Test("badges: unlocked with a star, locked with a padlock and their progress, told apart in words, not by colour alone")
    func badges() throws {
        let page = RewardsPage.render(F.screen(), ledger: [], chrome: F.chrome(), calendar: F.calendar)
        let grid = try #require(page.range(of: "id=\"badges-grid\"")).upperBound
        let tiles = page[grid...].components(separatedBy: "<li class=\"badge-tile ").dropFirst()
        #expect(tiles.count == 6)
        #expect(tiles.first?.hasPrefix("unlocked\"") == true)
        #expect(tiles.first?.contains("First Steps") == true)
        #expect(tiles.first?.contains("Unlocked 08:00") == true)
        #expect(tiles.first?.contains(RewardsPage.starPath) == true)
        let locked = tiles.dropFirst()
        #expect(locked.allSatisfy { $0.hasPrefix("locked\"") && $0.contains(RewardsPage.lockPath) && $0.contains("Locked: ") })
        #expect(locked.contains { $0.contains("Week Warrior") && $0.contains("Locked: 3 of 7") })
        #expect(page.contains("1 of 6 unlocked"))
    }

    @Test("the ledger lists what moved points, newest first, escaped")
    func ledger() {
        let page = RewardsPage.render(F.screen(), ledger: F.ledger, chrome: F.chrome(), calendar: F.calendar)
        #expect(page.contains("<td>redeemed: 3 min of reward time</td><td>gcompris</td><td>−30</td>"))
        #expect(page.contains("<td>by a parent: &lt;b&gt;tidy room&lt;/b&gt;</td><td>—</td><td>+50</td>"))
    }

    @Test("a celebration is a status notice with a Dismiss link that works without the script")
    func celebration() throws {
        let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
        let page = RewardsPage.render(F.screen(), ledger: [], celebration: .init(id: id, text: "Badge unlocked: First Steps"),
                                      chrome: F.chrome(), calendar: F.calendar)
        #expect(page.contains("<div class=\"card celebration\" id=\"celebration\" role=\"status\" data-celebration=\"\(id.uuidString)\">"))
        #expect(page.contains("<p>Badge unlocked: First Steps</p>"))
        #expect(page.contains("href=\"/rewards?seen=\(id.uuidString)\" data-dismiss>Dismiss</a>"))
        #expect(Assets.stylesheet.contains("@media (prefers-reduced-motion: reduce) { .celebration, .celebration-mark { animation: none;"))
        #expect(Assets.script.contains("getElementById(\"celebration\")"))
        #expect(Assets.script.contains("addEventListener(\"submit\", function () { document.body.removeAttribute(\"data-live\"); }"),
                "a live page a form is leaving does not reload itself and send the form again")
        let quiet = RewardsPage.render(F.screen(), ledger: [], chrome: F.chrome(), calendar: F.calendar)
        #expect(!quiet.contains("celebration\""))
    }

    @Test("every settings form has its own PIN field, never filled in; without a PIN set, the page says to set one first")
    func pinFields() {
        let page = RewardsPage.render(F.screen(), ledger: [], chrome: F.chrome(), calendar: F.calendar)
        for command in ["program", "cap", "mode", "quest", "adjust"] {
            #expect(page.contains("<input id=\"\(command)-pin\" name=\"\(command)-pin\" type=\"password\" value inputmode=\"numeric\""), "\(command)")
        }
        #expect(page.contains("Change the parent PIN"))
        #expect(page.contains("id=\"pin-old\""))
        let unset = RewardsPage.render(F.screen(pinSet: false), ledger: [], chrome: F.chrome(), calendar: F.calendar)
        #expect(unset.contains("Set a parent PIN first"))
        #expect(unset.contains("Set the parent PIN"))
        #expect(!unset.contains("id=\"pin-old\""))
    }

    @Test("a refused field shows its message beside it, linked for screen readers; a typed PIN is never shown again")
    func refusedField() {
        let form = FormState(values: ["command": "cap", "cap": "5", "cap-pin": "2580"], errors: ["cap": "A daily cap of 5 points is out of range."])
        let page = RewardsPage.render(F.screen(), ledger: [], form: form, chrome: F.chrome(), calendar: F.calendar)
        #expect(page.contains("<input id=\"cap\" name=\"cap\" type=\"number\" value=\"5\""))
        #expect(page.contains("aria-describedby=\"cap-hint cap-error\" aria-invalid=\"true\""))
        #expect(page.contains("<p class=\"field-error\" id=\"cap-error\">A daily cap of 5 points is out of range.</p>"))
        #expect(!page.contains("2580"))
    }

    @Test("the quest form starts from the template in force; the mode menu marks the mode in force")
    func questAndMode() {
        let page = RewardsPage.render(F.screen(), ledger: [], chrome: F.chrome(), calendar: F.calendar)
        #expect(page.contains("<option value=\"daily-practice\" selected>"))
        #expect(page.contains("<option value=\"points\" selected>"))
        #expect(page.contains("<option value=\"60:30\">60 min of learning earn 30 min of reward time</option>"))
        let none = RewardsPage.render(F.screen(quest: nil), ledger: [], chrome: F.chrome(), calendar: F.calendar)
        #expect(none.contains("No quest is set."))
        #expect(none.contains("<option value=\"none\" selected>"))
    }
}

@Suite("Rewards forms")
struct RewardsFormTests {
    @Test("redeeming needs no PIN; settings carry the PIN typed into their own form")
    func actions() throws {
        #expect(try RewardsForm.action(["command": "redeem", "points": " 60 "], pinSet: true).get() == .command(.redeem(points: 60), pin: nil))
        #expect(try RewardsForm.action(["command": "program", "program": "gcompris", "category": "learning", "rate": "15", "program-pin": "2580"], pinSet: true).get()
            == .command(.setProgram("gcompris", category: .learning, rate: 15), pin: "2580"))
        #expect(try RewardsForm.action(["command": "program", "program": "supertux", "category": "reward", "rate": "15", "program-pin": "2580"], pinSet: true).get()
            == .command(.setProgram("supertux", category: .reward, rate: nil), pin: "2580"), "a rate counts for learning programs only")
        #expect(try RewardsForm.action(["command": "cap", "cap": "300", "cap-pin": "2580"], pinSet: true).get() == .command(.setCap(300), pin: "2580"))
        #expect(try RewardsForm.action(["command": "mode", "mode": "60:30", "mode-pin": "2580"], pinSet: true).get()
            == .command(.setMode(.ratio(learning: 60, reward: 30)), pin: "2580"))
        #expect(try RewardsForm.action(["command": "quest", "quest-template": "learning-hour", "quest-pin": "2580"], pinSet: true).get()
            == .command(.setQuest(QuestTemplate.all[1].quest), pin: "2580"))
        #expect(try RewardsForm.action(["command": "quest", "quest-template": "none", "quest-pin": "2580"], pinSet: true).get() == .command(.setQuest(nil), pin: "2580"))
        let custom = ["command": "quest", "quest-template": "custom", "quest-title": "Reading", "quest-target": "25", "quest-counting": "per-program",
                      "quest-reward-kind": "points", "quest-reward": "80", "quest-pin": "2580"]
        #expect(try RewardsForm.action(custom, pinSet: true).get()
            == .command(.setQuest(DailyQuest(title: "Reading", targetMinutes: 25, counting: .perProgram, reward: .bonusPoints(80))), pin: "2580"))
        #expect(try RewardsForm.action(["command": "adjust", "adjust-points": "40", "adjust-reason": "chores", "adjust": "remove", "adjust-pin": "2580"], pinSet: true).get()
            == .command(.adjust(points: -40, reason: "chores"), pin: "2580"))
        #expect(try RewardsForm.action(["command": "pin", "pin-new": "2580"], pinSet: false).get() == .setPIN("2580", old: nil))
        #expect(try RewardsForm.action(["command": "pin", "pin-new": "2581", "pin-old": "2580"], pinSet: true).get() == .setPIN("2581", old: "2580"))
    }

    @Test("what the form can tell is refused field by field before anything is sent, an empty PIN included")
    func refusals() {
        func errors(_ fields: [String: String], pinSet: Bool = true) -> [String: String] {
            guard case .failure(let refusal) = RewardsForm.action(fields, pinSet: pinSet) else { return [:] }
            return refusal.form.errors
        }
        #expect(errors(["command": "redeem", "points": "lots"]) == ["points": "“lots” is not a whole number of points."])
        #expect(Set(errors(["command": "program", "program": " ", "category": "learning", "rate": "x"]).keys) == ["program", "rate", "program-pin"])
        #expect(errors(["command": "cap", "cap": "300", "cap-pin": ""]) == ["cap-pin": "Enter the parent PIN: rewards settings need it."])
        #expect(errors(["command": "cap", "cap": "300", "cap-pin": "2580"], pinSet: false)["cap-pin"]?.hasPrefix("Set a parent PIN first") == true)
        #expect(errors(["command": "mode", "mode": "sometimes", "mode-pin": "2580"]) == ["mode": "Choose points or a ratio like 60:30."])
        #expect(errors(["command": "quest", "quest-template": "marathon", "quest-pin": "2580"])["quest-template"]?.hasPrefix("Unknown quest template") == true)
        #expect(Set(errors(["command": "quest", "quest-template": "custom", "quest-pin": "2580"]).keys) == ["quest-title", "quest-target", "quest-reward"])
        #expect(errors(["command": "quest", "quest-template": "custom", "quest-title": "Reading", "quest-target": "25", "quest-counting": "each",
                        "quest-reward": "10", "quest-pin": "2580"]) == ["quest-counting": "Unknown counting 'each': use combined or per-program."])
        #expect(Set(errors(["command": "adjust", "adjust-points": "10", "adjust-pin": "2580"]).keys) == ["adjust-reason"])
        #expect(errors(["command": "pin", "pin-new": ""], pinSet: true) == ["pin-new": "Enter a new PIN of 4 digits.", "pin-old": "Enter the current PIN to change it."])
        #expect(errors(["command": "fly"]) == ["command": "“fly” is not something the Rewards page can do."])
    }

    @Test("the engine's refusals land beside the field they are about")
    func fields() {
        #expect(RewardsForm.field(for: .notEnoughPoints(asked: 60, balance: 10), command: "redeem") == "points")
        #expect(RewardsForm.field(for: .rateOutOfRange(500), command: "program") == "rate")
        #expect(RewardsForm.field(for: .protectedRewardProgram("bash", reason: .helper(path: "/usr/libexec/bash")), command: "program") == "program")
        #expect(RewardsForm.field(for: .wrongPIN(triesBeforeWait: 4), command: "cap") == "cap-pin")
        #expect(RewardsForm.field(for: .wrongPIN(triesBeforeWait: 4), command: "pin") == "pin-old")
        #expect(RewardsForm.field(for: .weakPIN("an ascending run"), command: "pin") == "pin-new")
        #expect(RewardsForm.field(for: .adjustmentBelowZero(points: -90, balance: 10), command: "adjust") == "adjust-points")
    }

    @Test("a parent's rewards change is checked before it is sent: a bad value is named beside its field with the reward- prefix")
    func parentChange() throws {
        #expect(try FamilyForm.change(["change": "rewards-program", "reward-program": "gcompris", "reward-category": "learning", "reward-rate": "12"]).get()
            == .rewards(.setProgram("gcompris", category: .learning, rate: 12)))
        #expect(try FamilyForm.change(["change": "rewards-adjust", "reward-adjust-points": "100", "reward-adjust-reason": "chores", "reward-adjust": "grant"]).get()
            == .rewards(.adjust(points: 100, reason: "chores")))
        #expect(try FamilyForm.change(["change": "rewards-quest", "reward-quest-template": "point-boost"]).get() == .rewards(.setQuest(QuestTemplate.all[3].quest)))
        guard case .failure(let rate) = FamilyForm.change(["change": "rewards-program", "reward-program": "gcompris", "reward-category": "learning", "reward-rate": "500"]),
              case .failure(let cap) = FamilyForm.change(["change": "rewards-cap", "reward-cap": "1"]),
              case .failure(let adjust) = FamilyForm.change(["change": "rewards-adjust", "reward-adjust-points": "20000", "reward-adjust-reason": "x"]),
              case .failure(let name) = FamilyForm.change(["change": "rewards-program", "reward-program": "../x", "reward-category": "reward"])
        else {
            Issue.record("a bad rewards change was accepted")
            return
        }
        #expect(rate.form.errors.keys.sorted() == ["reward-rate"])
        #expect(rate.form.errors["reward-rate"]?.hasPrefix("A rate of 500 points a minute is out of range") == true)
        #expect(cap.form.errors.keys.sorted() == ["reward-cap"])
        #expect(adjust.form.errors.keys.sorted() == ["reward-adjust-points"])
        #expect(name.form.errors.keys.sorted() == ["reward-program"])
    }
}
