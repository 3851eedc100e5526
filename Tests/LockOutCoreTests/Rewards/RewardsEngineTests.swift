import Foundation
import LockOutCore
import Testing

@Suite("Rewards engine: learning into points, redeeming, reward time, restarts")
struct RewardsEngineTests {
    typealias F = RewardsFixture

    @Test("10 min of a learning program posts its day's entry of 100 points, attributed to it")
    func accrual() throws {
        var engine = F.engine()
        let usage = F.usage("gcompris", end: F.t0, seconds: 600)
        let effects = engine.recordUsage(usage, now: F.t0, newID: UUID.init)
        #expect(effects.first == .saveUsage(usage))
        let entry = try #require(F.posts(effects).onlyElement)
        #expect(entry.kind == .accrual)
        #expect(entry.points == 100)
        #expect(entry.program == "gcompris")
        #expect(entry.day == F.day0)
        #expect(entry.reason == "learning")
        #expect(engine.record.balances.total == 100)
        #expect(engine.record.balances.byProgram == ["gcompris": 100])
        #expect(engine.record.totals.pointsEarned == 100)
        #expect(engine.record.totals.learningSeconds == 600)
    }

    @Test("a usage record written again counts only its new seconds, and the day's entry grows under the same id")
    func growingSession() throws {
        var engine = F.engine()
        let id = UUID()
        let first = engine.recordUsage(F.usage("gcompris", end: F.t0, seconds: 300, id: id), now: F.t0, newID: UUID.init)
        let later = F.at(minutes: 5)
        let second = engine.recordUsage(F.usage("gcompris", end: later, seconds: 600, id: id), now: later, newID: UUID.init)
        let again = engine.recordUsage(F.usage("gcompris", end: later, seconds: 600, id: id), now: later, newID: UUID.init)
        let one = try #require(F.posts(first).onlyElement)
        let two = try #require(F.posts(second).onlyElement)
        #expect(one.points == 50)
        #expect(two.points == 100)
        #expect(two.id == one.id)
        #expect(F.posts(again).isEmpty)
        #expect(engine.record.balances.total == 100)
        #expect(engine.record.totals.learningSeconds == 600)
    }

    @Test("tuxmath's own rate of 20 points a minute")
    func ownRate() {
        var engine = F.engine()
        F.learn(&engine, "tuxmath", minutes: 7, end: F.t0)
        #expect(engine.record.balances.byProgram == ["tuxmath": 140])
    }

    @Test("idle past 180 s: a 10 min stretch with 300 s idle at its end counts 480 s, 80 points")
    func idle() {
        var engine = F.engine()
        let start = F.at(minutes: -10)
        let active = Int(EffectiveTime.activeSeconds(from: start, to: F.t0, idleSeconds: 300))
        let usage = UsageSession(id: UUID(), program: "gcompris", category: .learning, start: start, end: F.t0, activeSeconds: active)
        _ = engine.recordUsage(usage, now: F.t0, newID: UUID.init)
        #expect(engine.record.totals.learningSeconds == 480)
        #expect(engine.record.balances.total == 80)
    }

    @Test("each program has its own daily cap: 90 min of each earns 600 + 600")
    func capPerProgram() {
        var engine = F.engine(settings: RewardsSettings(programs: [
            RewardProgram(name: "gcompris", category: .learning), RewardProgram(name: "tuxmath", category: .learning),
        ]))
        F.learn(&engine, "gcompris", minutes: 90, end: F.at(minutes: 90))
        F.learn(&engine, "tuxmath", minutes: 90, end: F.at(minutes: 180))
        #expect(engine.record.balances.byProgram == ["gcompris": 600, "tuxmath": 600])
        #expect(engine.record.pointsToday == 1200)
        let more = F.learn(&engine, "gcompris", minutes: 30, end: F.at(minutes: 210))
        #expect(F.posts(more).isEmpty)
        #expect(engine.record.balances.total == 1200)
        #expect(engine.record.totals.learningSeconds == 210 * 60)
        // The cap is a day's: the next day earns again.
        F.learn(&engine, "gcompris", minutes: 10, end: F.at(2026, 5, 13, 9))
        #expect(engine.record.balances.byProgram == ["gcompris": 700, "tuxmath": 600])
    }

    @Test("reward and unmarked programs earn nothing")
    func nonLearning() {
        var engine = F.engine()
        F.learn(&engine, "supertux", minutes: 30, end: F.t0, category: .reward)
        F.learn(&engine, "firefox", minutes: 30, end: F.t0, category: .none)
        #expect(engine.record.balances.total == 0)
        #expect(engine.record.rewardSeconds == 1800)
        #expect(engine.record.programSeconds == ["supertux": 1800, "firefox": 1800])
    }

    @Test("the ratio mode through the engine: 30:30 earns 300 points for 30 min; 60:15 earns nothing for 59 and 150 for 60")
    func ratioEngine() throws {
        var settings = F.settings
        settings.mode = .defaultRatio
        var engine = F.engine(settings: settings)
        F.learn(&engine, "gcompris", minutes: 30, end: F.t0)
        #expect(engine.record.balances.total == 300)
        settings.mode = .ratio(learning: 60, reward: 15)
        engine = F.engine(settings: settings)
        let id = UUID()
        _ = engine.recordUsage(F.usage("tuxmath", end: F.at(minutes: 59), seconds: 59 * 60, id: id), now: F.at(minutes: 59), newID: UUID.init)
        #expect(engine.record.balances.byProgram["tuxmath"] == nil)
        _ = engine.recordUsage(F.usage("tuxmath", end: F.at(minutes: 60), seconds: 60 * 60, id: id), now: F.at(minutes: 60), newID: UUID.init)
        #expect(engine.record.balances.byProgram["tuxmath"] == 150)
    }

    @Test("the ratio adds the learning programs up: 45 min in one and 45 in another earn what 90 in one earn at 60:30")
    func ratioAcrossPrograms() throws {
        var settings = F.settings
        settings.mode = .ratio(learning: 60, reward: 30)
        var split = F.engine(settings: settings)
        F.learn(&split, "gcompris", minutes: 45, end: F.t0)
        #expect(split.record.balances.total == 0)
        F.learn(&split, "tuxmath", minutes: 45, end: F.at(minutes: 45))
        var single = F.engine(settings: settings)
        F.learn(&single, "gcompris", minutes: 90, end: F.at(minutes: 45))
        #expect(single.record.balances.total == 300)
        #expect(split.record.balances.total == 300)
        // The block goes to the program whose minutes completed it; the 30 minutes past it wait for the next block.
        #expect(split.record.balances.byProgram == ["tuxmath": 300])
        #expect(split.record.ratio?.carriedSeconds == 30 * 60)
        F.learn(&split, "gcompris", minutes: 30, end: F.at(minutes: 75))
        #expect(split.record.balances.byProgram == ["tuxmath": 300, "gcompris": 300])
    }

    @Test("ratio blocks across programs are capped per program, as each program's ledger entry is; a new day starts with no carry")
    func ratioAcrossProgramsCapped() throws {
        var settings = F.settings
        settings.mode = .defaultRatio
        var engine = F.engine(settings: settings)
        F.learn(&engine, "gcompris", minutes: 45, end: F.t0)
        F.learn(&engine, "tuxmath", minutes: 45, end: F.at(minutes: 45))
        // 90 minutes: three 30-minute blocks, one completed by gcompris, two by tuxmath.
        #expect(engine.record.balances.byProgram == ["gcompris": 300, "tuxmath": 600])
        F.learn(&engine, "tuxmath", minutes: 50, end: F.at(minutes: 95))
        #expect(engine.record.balances.byProgram == ["gcompris": 300, "tuxmath": 600])
        #expect(engine.record.ratio?.blocks == ["gcompris": 1, "tuxmath": 3])
        #expect(engine.record.ratio?.carriedSeconds == 20 * 60)
        let entries = F.posts(F.learn(&engine, "gcompris", minutes: 20, end: F.at(2026, 5, 13, 9)))
        #expect(entries.isEmpty)
        #expect(engine.record.ratio?.carriedSeconds == 20 * 60)
        #expect(engine.record.ratio?.blocks == [:])
    }

    @Test("the day is the local date of the session's end: a session over midnight counts on the new day")
    func dayOfEnd() {
        var engine = F.engine()
        let end = F.at(2026, 5, 13, 0, 10)
        let usage = F.usage("gcompris", end: end, seconds: 20 * 60)
        let effects = engine.recordUsage(usage, now: end, newID: UUID.init)
        #expect(engine.record.day == LocalDate(year: 2026, month: 5, day: 13))
        #expect(F.posts(effects).map(\.day) == [LocalDate(year: 2026, month: 5, day: 13)])
        #expect(engine.record.learningSeconds == ["gcompris": 1200])
        // The local date in the calendar's time zone: 23:30 UTC is 01:30 the next day in Berlin.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let lateUTC = utc.date(from: DateComponents(year: 2026, month: 5, day: 12, hour: 23, minute: 30))!
        #expect(F.usage("gcompris", end: lateUTC, seconds: 600).day(in: utc) == F.day0)
        #expect(F.usage("gcompris", end: lateUTC, seconds: 600).day(in: F.berlin) == LocalDate(year: 2026, month: 5, day: 13))
    }

    @Test("a session ending exactly at local midnight counts on the day that ends there")
    func endsAtMidnight() {
        let midnight = F.at(2026, 5, 13, 0)
        let closed = F.usage("gcompris", end: midnight, seconds: 600)
        #expect(closed.day(in: F.berlin) == F.day0)
        let opened = UsageSession(id: UUID(), program: "gcompris", category: .learning, start: midnight, end: midnight, activeSeconds: 0)
        #expect(opened.day(in: F.berlin) == LocalDate(year: 2026, month: 5, day: 13))
        #expect(F.usage("gcompris", end: midnight.addingTimeInterval(1), seconds: 600).day(in: F.berlin) == LocalDate(year: 2026, month: 5, day: 13))
    }

    @Test("a session written before midnight and closed at midnight counts each second once, on its day")
    func splitAtMidnight() throws {
        var engine = F.engine()
        let id = UUID()
        let start = F.at(2026, 5, 12, 23, 30)
        func written(end: Date, active: Int) -> UsageSession {
            UsageSession(id: id, program: "gcompris", category: .learning, start: start, end: end, activeSeconds: active)
        }
        _ = engine.recordUsage(written(end: F.at(2026, 5, 12, 23, 59), active: 1740), now: F.at(2026, 5, 12, 23, 59), newID: UUID.init)
        #expect(engine.record.balances.total == 290)
        // The first reading after midnight closes the session at midnight and opens the next day's.
        let after = F.at(2026, 5, 13, 0, 0, 30)
        let closed = engine.recordUsage(written(end: F.at(2026, 5, 13, 0), active: 1800), now: after, newID: UUID.init)
        let next = UsageSession(id: UUID(), program: "gcompris", category: .learning, start: F.at(2026, 5, 13, 0), end: after, activeSeconds: 30)
        _ = engine.recordUsage(next, now: after, newID: UUID.init)
        let entry = try #require(F.posts(closed).onlyElement)
        #expect(entry.day == F.day0)
        #expect(entry.points == 300)
        #expect(engine.record.totals.learningSeconds == 1830)
        #expect(engine.record.balances.total == 300)
        #expect(engine.record.day == LocalDate(year: 2026, month: 5, day: 13))
        #expect(engine.record.learningSeconds == ["gcompris": 30])
    }

    @Test("a late write of an earlier day is saved but earns nothing today")
    func lateWrite() {
        var engine = F.engine()
        F.learn(&engine, "gcompris", minutes: 10, end: F.at(2026, 5, 13, 9))
        let late = F.usage("gcompris", end: F.at(2026, 5, 12, 23), seconds: 600)
        let effects = engine.recordUsage(late, now: F.at(2026, 5, 13, 9, 5), newID: UUID.init)
        #expect(effects == [.saveUsage(late)])
        #expect(engine.record.balances.total == 100)
    }

    @Test("the streak multiplier through the engine: 10 min earn 100, 101, 130, 130 at 0, 1, 30, 31 days, 100 once broken")
    func multiplierEngine() {
        let yesterday = F.day0.adding(days: -1, in: F.berlin)
        let cases: [(StreakRecord, Int)] = [
            (StreakRecord(), 100),
            (StreakRecord(current: 1, longest: 1, lastDay: yesterday), 101),
            (StreakRecord(current: 30, longest: 30, lastDay: yesterday), 130),
            (StreakRecord(current: 31, longest: 31, lastDay: yesterday), 130),
            (StreakRecord(current: 31, longest: 31, lastDay: F.day0.adding(days: -2, in: F.berlin)), 100),
        ]
        for (streak, points) in cases {
            var engine = F.engine { $0.streak = streak }
            F.learn(&engine, "gcompris", minutes: 10, end: F.t0)
            #expect(engine.record.balances.total == points, "streak \(streak.current)")
        }
    }

    // MARK: - Redeeming and reward time

    /// An engine with gcompris 300, tuxmath 200 and 50 unattributed points.
    static func funded() throws -> RewardsEngine {
        var engine = F.engine()
        F.learn(&engine, "gcompris", minutes: 30, end: F.at(minutes: -60))
        F.learn(&engine, "tuxmath", minutes: 10, end: F.at(minutes: -30))
        _ = try engine.execute(.adjust(points: 50, reason: "helped at home"), now: F.at(minutes: -20), newID: UUID.init)
        return engine
    }

    @Test("a redemption draws the largest program first, then the next, then the unattributed balance, and opens reward time")
    func redeemAcrossBalances() throws {
        var engine = try Self.funded()
        #expect(engine.record.balances.byProgram == ["gcompris": 300, "tuxmath": 200])
        #expect(engine.record.balances.unattributed == 50)
        #expect(engine.shieldedPrograms(at: F.t0) == ["supertux"])
        let effects = try engine.execute(.redeem(points: 520), now: F.t0, newID: UUID.init)
        let entries = F.posts(effects)
        #expect(F.parts(entries) == ["gcompris:-300", "tuxmath:-200", "-:-20"])
        #expect(entries.allSatisfy { $0.kind == .redemption && $0.reason == "52 min of reward time" })
        #expect(F.withdrawals(effects) == [RewardsEngine.noticeID])
        #expect(F.shields(effects) == [[]])
        #expect(engine.record.balances.total == 30)
        #expect(engine.record.balances.byProgram.isEmpty)
        #expect(engine.record.window == RewardWindow(openedAt: F.t0, endsAt: F.at(minutes: 52)))
        #expect(engine.rewardTimeOpen(at: F.at(minutes: 51)))
        #expect(engine.shieldedPrograms(at: F.at(minutes: 51)).isEmpty)
        // Redeeming does not count as earning.
        #expect(engine.record.totals.pointsEarned == 500)
    }

    @Test("refused redemptions change nothing, in the order below minimum, above maximum, not enough points")
    func redeemRefusals() throws {
        var engine = try Self.funded()
        let before = engine.record
        #expect(throws: RewardsInputError.redemptionBelowMinimum(points: 20)) {
            try engine.execute(.redeem(points: 20), now: F.t0, newID: UUID.init)
        }
        #expect(throws: RewardsInputError.redemptionAboveMaximum(points: 700)) {
            try engine.execute(.redeem(points: 700), now: F.t0, newID: UUID.init)
        }
        #expect(throws: RewardsInputError.notEnoughPoints(asked: 600, balance: 550)) {
            try engine.execute(.redeem(points: 600), now: F.t0, newID: UUID.init)
        }
        #expect(engine.record == before)
        var empty = F.engine()
        #expect(throws: RewardsInputError.redemptionBelowMinimum(points: 10)) {
            try empty.execute(.redeem(points: 10), now: F.t0, newID: UUID.init)
        }
        #expect(throws: RewardsInputError.redemptionAboveMaximum(points: 1000)) {
            try empty.execute(.redeem(points: 1000), now: F.t0, newID: UUID.init)
        }
    }

    @Test("redeeming again extends reward time, capped at 120 min left")
    func extendCap() throws {
        var engine = F.engine()
        _ = try engine.execute(.adjust(points: 5000, reason: "birthday"), now: F.t0, newID: UUID.init)
        _ = try engine.execute(.redeem(points: 600), now: F.t0, newID: UUID.init)
        _ = try engine.execute(.redeem(points: 600), now: F.t0, newID: UUID.init)
        #expect(engine.record.window?.endsAt == F.at(minutes: 120))
        #expect(throws: RewardsInputError.rewardTimeCapReached(minutesLeft: 120, fitsPoints: 0)) {
            try engine.execute(.redeem(points: 30), now: F.t0, newID: UUID.init)
        }
        let later = F.at(minutes: 10)
        #expect(throws: RewardsInputError.rewardTimeCapReached(minutesLeft: 110, fitsPoints: 100)) {
            try engine.execute(.redeem(points: 110), now: later, newID: UUID.init)
        }
        _ = try engine.execute(.redeem(points: 100), now: later, newID: UUID.init)
        #expect(engine.record.window == RewardWindow(openedAt: F.t0, endsAt: F.at(minutes: 130)))
        #expect(engine.record.balances.total == 5000 - 1300)
    }

    @Test("one minute before the end a notice, at the end the reward programs close with a notification")
    func windowEnd() throws {
        var engine = F.engine()
        _ = try engine.execute(.adjust(points: 300, reason: "chores"), now: F.t0, newID: UUID.init)
        _ = try engine.execute(.redeem(points: 300), now: F.t0, newID: UUID.init)
        #expect(engine.nextDeadline(now: F.t0) == F.at(minutes: 29))
        #expect(engine.tick(now: F.at(minutes: 28.99)).isEmpty)
        let notice = engine.tick(now: F.at(minutes: 29))
        #expect(F.notifications(notice).map(\.id) == [RewardsEngine.noticeID])
        #expect(F.notifications(notice).map(\.title) == ["Reward time ends in 1 minute"])
        #expect(F.shields(notice).isEmpty)
        #expect(engine.nextDeadline(now: F.at(minutes: 29)) == F.at(minutes: 30))
        #expect(engine.tick(now: F.at(minutes: 29.5)).isEmpty)
        #expect(engine.rewardTimeOpen(at: F.at(minutes: 29.99)))
        let end = engine.tick(now: F.at(minutes: 30))
        #expect(F.withdrawals(end) == [RewardsEngine.noticeID])
        #expect(F.shields(end) == [["supertux"]])
        #expect(F.notifications(end).map(\.title) == ["Reward time is over"])
        #expect(engine.record.window == nil)
        #expect(!engine.rewardTimeOpen(at: F.at(minutes: 30)))
        #expect(engine.nextDeadline(now: F.at(minutes: 30)) == nil)
        #expect(engine.tick(now: F.at(minutes: 31)).isEmpty)
    }

    @Test("resumed at a start, reward time that ended meanwhile closes without a word; a late wake still tells it")
    func resumeAfterEnd() throws {
        var engine = F.engine()
        _ = try engine.execute(.adjust(points: 300, reason: "chores"), now: F.t0, newID: UUID.init)
        _ = try engine.execute(.redeem(points: 300), now: F.t0, newID: UUID.init)
        var woken = engine
        let resumed = engine.resume(now: F.at(minutes: 32))
        #expect(F.notifications(resumed).isEmpty)
        #expect(F.shields(resumed) == [["supertux"]])
        #expect(engine.record.window == nil)
        #expect(engine.nextDeadline(now: F.at(minutes: 32)) == nil)
        let late = woken.tick(now: F.at(minutes: 32))
        #expect(F.notifications(late).map(\.title) == ["Reward time is over"])
        // Reward time still open at the start goes on as it was.
        var open = F.engine()
        _ = try open.execute(.adjust(points: 300, reason: "chores"), now: F.t0, newID: UUID.init)
        _ = try open.execute(.redeem(points: 300), now: F.t0, newID: UUID.init)
        #expect(open.resume(now: F.at(minutes: 10)).isEmpty)
        #expect(open.rewardTimeOpen(at: F.at(minutes: 10)))
    }

    @Test("extending after the notice clears it: the notice comes again a minute before the new end")
    func noticeAfterExtending() throws {
        var engine = F.engine()
        _ = try engine.execute(.adjust(points: 600, reason: "chores"), now: F.t0, newID: UUID.init)
        _ = try engine.execute(.redeem(points: 300), now: F.t0, newID: UUID.init)
        #expect(F.notifications(engine.tick(now: F.at(minutes: 29))).count == 1)
        let extended = try engine.execute(.redeem(points: 300), now: F.at(minutes: 29.5), newID: UUID.init)
        #expect(F.withdrawals(extended) == [RewardsEngine.noticeID])
        #expect(engine.tick(now: F.at(minutes: 30)).isEmpty)
        #expect(engine.nextDeadline(now: F.at(minutes: 30)) == F.at(minutes: 59))
        #expect(F.notifications(engine.tick(now: F.at(minutes: 59))).map(\.title) == ["Reward time ends in 1 minute"])
        #expect(F.shields(engine.tick(now: F.at(minutes: 60))) == [["supertux"]])
    }

    @Test("reward time survives a restart with the right time left; an expired one is gone")
    func restart() throws {
        var engine = F.engine()
        _ = try engine.execute(.adjust(points: 300, reason: "chores"), now: F.t0, newID: UUID.init)
        _ = try engine.execute(.redeem(points: 300), now: F.t0, newID: UUID.init)
        let saved = try JSONEncoder().encode(engine.record)

        var restarted = RewardsEngine(record: try JSONDecoder().decode(RewardsRecord.self, from: saved), settings: F.settings, calendar: F.berlin)
        #expect(restarted.rewardTimeOpen(at: F.at(minutes: 10)))
        #expect(restarted.shieldedPrograms(at: F.at(minutes: 10)).isEmpty)
        #expect(RewardsScreen(engine: restarted, now: F.at(minutes: 10)).rewardSecondsLeft == 1200)
        #expect(restarted.tick(now: F.at(minutes: 10)).isEmpty)
        #expect(F.notifications(restarted.tick(now: F.at(minutes: 29))).map(\.title) == ["Reward time ends in 1 minute"])

        var expired = RewardsEngine(record: try JSONDecoder().decode(RewardsRecord.self, from: saved), settings: F.settings, calendar: F.berlin)
        let late = F.at(minutes: 45)
        #expect(!expired.rewardTimeOpen(at: late))
        #expect(expired.shieldedPrograms(at: late) == ["supertux"])
        let effects = expired.tick(now: late)
        #expect(F.shields(effects) == [["supertux"]])
        #expect(expired.record.window == nil)
        #expect(RewardsScreen(engine: expired, now: late).rewardEndsAt == nil)
        #expect(RewardsScreen(engine: expired, now: late).rewardSecondsLeft == 0)
    }

    @Test("a record with everything in it survives a JSON round trip whole")
    func codableRoundTrip() throws {
        var engine = F.engine(settings: RewardsSettings(
            programs: F.settings.programs, mode: .ratio(learning: 60, reward: 20),
            quest: DailyQuest(title: "Daily practice", targetMinutes: 1, reward: .bonusPoints(40))
        ))
        F.learn(&engine, "gcompris", minutes: 90, end: F.t0)
        _ = try engine.execute(.adjust(points: 100, reason: "chores"), now: F.t0, newID: UUID.init)
        _ = try engine.execute(.redeem(points: 60), now: F.t0, newID: UUID.init)
        #expect(throws: RewardsInputError.wrongPIN(triesBeforeWait: 4)) { try engine.recordPIN(right: false, now: F.t0) }
        engine.setPINHash("salt$hash")
        #expect(throws: RewardsInputError.wrongPIN(triesBeforeWait: 4)) { try engine.recordPIN(right: false, now: F.t0) }
        let record = engine.record
        #expect(record.window != nil)
        #expect(!record.badges.isEmpty)
        #expect(record.streak.current == 1)
        #expect(record.questCompletedAt != nil)
        #expect(!record.countedSessions.isEmpty)
        let decoded = try JSONDecoder().decode(RewardsRecord.self, from: JSONEncoder().encode(record))
        #expect(decoded == record)
        let settings = try JSONDecoder().decode(RewardsSettings.self, from: JSONEncoder().encode(engine.settings))
        #expect(settings == engine.settings)
    }

    // MARK: - Adjustments

    @Test("a parent's adjustment needs a reason, never takes the balance below zero, and does not count as earned")
    func adjustments() throws {
        var engine = try Self.funded()
        let before = engine.record.totals.pointsEarned
        #expect(throws: RewardsInputError.adjustmentWithoutReason) {
            try engine.execute(.adjust(points: 10, reason: "  "), now: F.t0, newID: UUID.init)
        }
        #expect(throws: RewardsInputError.adjustmentOutOfRange(0)) {
            try engine.execute(.adjust(points: 0, reason: "nothing"), now: F.t0, newID: UUID.init)
        }
        #expect(throws: RewardsInputError.adjustmentOutOfRange(10_001)) {
            try engine.execute(.adjust(points: 10_001, reason: "too much"), now: F.t0, newID: UUID.init)
        }
        #expect(throws: RewardsInputError.adjustmentBelowZero(points: -551, balance: 550)) {
            try engine.execute(.adjust(points: -551, reason: "homework"), now: F.t0, newID: UUID.init)
        }
        let removed = try engine.execute(.adjust(points: -350, reason: " homework not done "), now: F.t0, newID: UUID.init)
        #expect(F.parts(F.posts(removed)) == ["gcompris:-300", "tuxmath:-50"])
        #expect(F.posts(removed).allSatisfy { $0.kind == .adjustment && $0.reason == "homework not done" })
        let granted = try engine.execute(.adjust(points: 25, reason: "tidy room"), now: F.t0, newID: UUID.init)
        let entry = try #require(F.posts(granted).onlyElement)
        #expect(entry.kind == .adjustment)
        #expect(entry.program == nil)
        #expect(entry.points == 25)
        #expect(engine.record.balances.total == 225)
        #expect(engine.record.totals.pointsEarned == before)
    }
}
