import Foundation
import LockOutCore
import Testing

@Suite("Rewards badges: thresholds, once only, order")
struct RewardsBadgesTests {
    typealias F = RewardsFixture

    /// Each badge with the totals one below its threshold and at it.
    static let thresholds: [(id: String, below: RewardTotals, at: RewardTotals)] = [
        ("first_steps", RewardTotals(questsCompleted: 0), RewardTotals(questsCompleted: 1)),
        ("week_warrior", RewardTotals(longestStreak: 6), RewardTotals(longestStreak: 7)),
        ("month_master", RewardTotals(longestStreak: 29), RewardTotals(longestStreak: 30)),
        ("learning_legend", RewardTotals(learningSeconds: 100 * 3600 - 1), RewardTotals(learningSeconds: 100 * 3600)),
        ("point_collector", RewardTotals(pointsEarned: 9_999), RewardTotals(pointsEarned: 10_000)),
        ("challenge_champion", RewardTotals(questsCompleted: 9), RewardTotals(questsCompleted: 10)),
    ]

    @Test("the six starters")
    func starters() {
        #expect(BadgeDefinition.starters.map(\.id) == [
            "first_steps", "week_warrior", "month_master", "learning_legend", "point_collector", "challenge_champion",
        ])
    }

    @Test("one below a threshold does not unlock, the threshold unlocks, an unlocked badge never again")
    func thresholdsUnlockOnce() {
        for badge in Self.thresholds {
            #expect(!Badges.newlyUnlocked(totals: badge.below, unlocked: [:]).map(\.id).contains(badge.id), "\(badge.id) below")
            #expect(Badges.newlyUnlocked(totals: badge.at, unlocked: [:]).map(\.id).contains(badge.id), "\(badge.id) at")
            #expect(!Badges.newlyUnlocked(totals: badge.at, unlocked: [badge.id: F.t0]).map(\.id).contains(badge.id), "\(badge.id) again")
        }
        let lone = Badges.newlyUnlocked(totals: RewardTotals(questsCompleted: 1), unlocked: [:])
        #expect(lone.map(\.id) == ["first_steps"])
    }

    @Test("unlocked badges first, then by name; progress stops at the threshold")
    func order() {
        let states = Badges.states(
            totals: RewardTotals(questsCompleted: 12, longestStreak: 8, learningSeconds: 7200, pointsEarned: 2500),
            unlocked: ["week_warrior": F.t0, "first_steps": F.t0, "challenge_champion": F.t0]
        )
        #expect(states.map(\.name) == [
            "Challenge Champion", "First Steps", "Week Warrior", "Learning Legend", "Month Master", "Point Collector",
        ])
        #expect(states.map(\.isUnlocked) == [true, true, true, false, false, false])
        #expect(states.map(\.progress) == [10, 1, 7, 2, 8, 2500])
        #expect(states.map(\.threshold) == [10, 1, 7, 100, 30, 10_000])
    }

    @Test("none unlocked: all by name")
    func orderNoneUnlocked() {
        #expect(Badges.states(totals: RewardTotals(), unlocked: [:]).map(\.name) == [
            "Challenge Champion", "First Steps", "Learning Legend", "Month Master", "Point Collector", "Week Warrior",
        ])
    }
}

@Suite("Rewards parent PIN: four digits, not weak, a growing wait after wrong tries")
struct RewardsPINTests {
    typealias F = RewardsFixture

    @Test("weak PINs are refused: all the same, ascending or descending runs", arguments: [
        ("0000", "all digits the same"), ("1111", "all digits the same"), ("1234", "an ascending run"),
        ("0123", "an ascending run"), ("6789", "an ascending run"), ("9876", "a descending run"), ("3210", "a descending run"),
    ])
    func weak(pin: String, why: String) {
        #expect(throws: RewardsInputError.weakPIN(why)) { try ParentPIN.checkStrength(pin) }
    }

    @Test("ordinary PINs are accepted", arguments: ["1357", "2580", "1235", "9012", "0987", "1212", "8642"])
    func accepted(pin: String) throws {
        try ParentPIN.checkStrength(pin)
    }

    @Test("anything but exactly four ASCII digits is refused as not four digits", arguments: [
        "123", "12345", "12a4", "", "12 4", "١٢٣٥", "１３５７", "+135", "-135",
    ])
    func notFourDigits(pin: String) {
        #expect(throws: RewardsInputError.pinNotFourDigits) { try ParentPIN.checkStrength(pin) }
    }

    @Test("no wait for the first wrong tries; after the fifth 30 s, then doubling up to an hour")
    func waits() {
        for tries in 0...4 { #expect(ParentPIN.wait(afterWrongTries: tries) == 0, "\(tries) tries") }
        #expect(ParentPIN.wait(afterWrongTries: 5) == 30)
        #expect(ParentPIN.wait(afterWrongTries: 6) == 60)
        #expect(ParentPIN.wait(afterWrongTries: 7) == 120)
        #expect(ParentPIN.wait(afterWrongTries: 8) == 240)
        #expect(ParentPIN.wait(afterWrongTries: 11) == 1920)
        #expect(ParentPIN.wait(afterWrongTries: 12) == 3600)
        #expect(ParentPIN.wait(afterWrongTries: 100) == 3600)
        for tries in 5...11 {
            #expect(ParentPIN.wait(afterWrongTries: tries + 1) > ParentPIN.wait(afterWrongTries: tries), "\(tries) tries")
        }
    }

    @Test("five wrong tries are free; then a wait runs from the last wrong try, and a right PIN clears the count")
    func attempts() throws {
        var attempts = PINAttempts()
        for left in [4, 3, 2, 1] {
            try attempts.checkAllowed(now: F.t0)
            #expect(attempts.recordWrong(now: F.t0) == .wrongPIN(triesBeforeWait: left))
        }
        try attempts.checkAllowed(now: F.t0)
        #expect(attempts.recordWrong(now: F.t0) == .wrongPIN(triesBeforeWait: 0))
        #expect(throws: RewardsInputError.pinLockedOut(secondsLeft: 30)) { try attempts.checkAllowed(now: F.t0) }
        #expect(throws: RewardsInputError.pinLockedOut(secondsLeft: 1)) {
            try attempts.checkAllowed(now: F.t0.addingTimeInterval(29.5))
        }
        try attempts.checkAllowed(now: F.t0.addingTimeInterval(30))
        _ = attempts.recordWrong(now: F.t0.addingTimeInterval(30))
        #expect(throws: RewardsInputError.pinLockedOut(secondsLeft: 60)) {
            try attempts.checkAllowed(now: F.t0.addingTimeInterval(30))
        }
        try attempts.checkAllowed(now: F.t0.addingTimeInterval(90))
        attempts.recordRight()
        #expect(attempts.wrongTries == 0)
        #expect(attempts.lastWrongAt == nil)
        try attempts.checkAllowed(now: F.t0.addingTimeInterval(90))
    }

    @Test("the engine keeps the wrong tries in its record, so a restart does not reset the wait")
    func engineAttempts() throws {
        var engine = F.engine()
        for left in [4, 3, 2, 1, 0] {
            #expect(throws: RewardsInputError.wrongPIN(triesBeforeWait: left)) { try engine.recordPIN(right: false, now: F.t0) }
        }
        let saved = try JSONDecoder().decode(RewardsRecord.self, from: JSONEncoder().encode(engine.record))
        let restarted = RewardsEngine(record: saved, settings: engine.settings, calendar: F.berlin)
        #expect(throws: RewardsInputError.pinLockedOut(secondsLeft: 20)) {
            try restarted.record.pinAttempts.checkAllowed(now: F.t0.addingTimeInterval(10))
        }
        try engine.recordPIN(right: true, now: F.t0.addingTimeInterval(30))
        #expect(engine.record.pinAttempts.wrongTries == 0)
        engine.setPINHash("salted-hash")
        #expect(engine.record.pinHash == "salted-hash")
    }

    @Test("the messages say what is allowed")
    func messages() {
        #expect(RewardsInputError.pinNotFourDigits.description == "a parent PIN is exactly 4 digits")
        #expect(RewardsInputError.pinLockedOut(secondsLeft: 30).description == "too many wrong PINs: try again in 30 s")
        #expect(RewardsInputError.pinLockedOut(secondsLeft: 61).description == "too many wrong PINs: try again in 2 min")
        #expect(RewardsInputError.wrongPIN(triesBeforeWait: 3).description == "wrong PIN: 3 more tries before a wait")
    }
}
