import Foundation
import LockOutCore
import Testing

@Suite("Rewards ledger: balances, drawing, redemption refusals, reward-time windows")
struct RewardsLedgerTests {
    typealias F = RewardsFixture

    @Test("the balance is the sum of accruals (+), redemptions (−) and adjustments (±), overall and by program")
    func balances() {
        let entries = [
            LedgerEntry(id: UUID(), kind: .accrual, points: 300, program: "gcompris", day: F.day0, at: F.t0, reason: "learning"),
            LedgerEntry(id: UUID(), kind: .accrual, points: 200, program: "tuxmath", day: F.day0, at: F.t0, reason: "learning"),
            LedgerEntry(id: UUID(), kind: .adjustment, points: 50, program: nil, day: F.day0, at: F.t0, reason: "helped at home"),
            LedgerEntry(id: UUID(), kind: .redemption, points: -100, program: "gcompris", day: F.day0, at: F.t0, reason: "10 min of reward time"),
            LedgerEntry(id: UUID(), kind: .adjustment, points: -200, program: "tuxmath", day: F.day0, at: F.t0, reason: "homework not done"),
        ]
        let balances = PointBalances(entries: entries)
        #expect(balances.byProgram == ["gcompris": 200])
        #expect(balances.unattributed == 50)
        #expect(balances.total == 250)
        #expect(PointBalances().total == 0)
    }

    @Test("a draw takes the per-program balances largest first, then the unattributed balance")
    func drawOrder() {
        let balances = F.balances([("gcompris", 300), ("tuxmath", 400), (nil, 50)])
        #expect(F.parts(balances.draw(30)) == ["tuxmath:30"])
        #expect(F.parts(balances.draw(400)) == ["tuxmath:400"])
        #expect(F.parts(balances.draw(520)) == ["tuxmath:400", "gcompris:120"])
        #expect(F.parts(balances.draw(720)) == ["tuxmath:400", "gcompris:300", "-:20"])
        #expect(F.parts(balances.draw(750)) == ["tuxmath:400", "gcompris:300", "-:50"])
        #expect(balances.draw(751) == nil)
    }

    @Test("equal program balances are drawn in name order; an unattributed-only balance is drawn from directly")
    func drawTies() {
        #expect(F.parts(F.balances([("tuxmath", 100), ("gcompris", 100)]).draw(150)) == ["gcompris:100", "tuxmath:50"])
        #expect(F.parts(F.balances([(nil, 80)]).draw(60)) == ["-:60"])
    }

    @Test("10 points buy a minute: 30 points are 3 min, 600 are 60 min")
    func minutesBought() throws {
        #expect(try Redemption.check(points: 30, balance: 30, window: nil, now: F.t0) == 3)
        #expect(try Redemption.check(points: 600, balance: 600, window: nil, now: F.t0) == 60)
        #expect(try Redemption.check(points: 120, balance: 5000, window: nil, now: F.t0) == 12)
    }

    @Test("each refusal: below 30, above 600, more than the balance")
    func refusals() {
        #expect(throws: RewardsInputError.redemptionBelowMinimum(points: 29)) {
            try Redemption.check(points: 29, balance: 1000, window: nil, now: F.t0)
        }
        #expect(throws: RewardsInputError.redemptionBelowMinimum(points: 0)) {
            try Redemption.check(points: 0, balance: 1000, window: nil, now: F.t0)
        }
        #expect(throws: RewardsInputError.redemptionAboveMaximum(points: 610)) {
            try Redemption.check(points: 610, balance: 1000, window: nil, now: F.t0)
        }
        #expect(throws: RewardsInputError.notEnoughPoints(asked: 600, balance: 590)) {
            try Redemption.check(points: 600, balance: 590, window: nil, now: F.t0)
        }
        #expect(throws: RewardsInputError.notEnoughPoints(asked: 30, balance: 0)) {
            try Redemption.check(points: 30, balance: 0, window: nil, now: F.t0)
        }
        #expect(throws: RewardsInputError.redemptionNotWholeMinutes(points: 35)) {
            try Redemption.check(points: 35, balance: 1000, window: nil, now: F.t0)
        }
    }

    @Test("the refusals come in order: below minimum before not enough points, above maximum before not enough points")
    func refusalOrder() {
        #expect(throws: RewardsInputError.redemptionBelowMinimum(points: 20)) {
            try Redemption.check(points: 20, balance: 0, window: nil, now: F.t0)
        }
        #expect(throws: RewardsInputError.redemptionAboveMaximum(points: 700)) {
            try Redemption.check(points: 700, balance: 0, window: nil, now: F.t0)
        }
        #expect(throws: RewardsInputError.redemptionBelowMinimum(points: -30)) {
            try Redemption.check(points: -30, balance: 0, window: nil, now: F.t0)
        }
    }

    @Test("reward time left is capped at 120 min: with 100 min left, 200 points fit and 210 do not")
    func extendCap() throws {
        let window = RewardWindow(openedAt: F.t0, endsAt: F.at(minutes: 100))
        #expect(try Redemption.check(points: 200, balance: 5000, window: window, now: F.t0) == 20)
        #expect(throws: RewardsInputError.rewardTimeCapReached(minutesLeft: 100, fitsPoints: 200)) {
            try Redemption.check(points: 210, balance: 5000, window: window, now: F.t0)
        }
        let full = RewardWindow(openedAt: F.t0, endsAt: F.at(minutes: 120))
        #expect(throws: RewardsInputError.rewardTimeCapReached(minutesLeft: 120, fitsPoints: 0)) {
            try Redemption.check(points: 30, balance: 5000, window: full, now: F.t0)
        }
        // An ended window leaves the whole cap.
        let ended = RewardWindow(openedAt: F.at(minutes: -200), endsAt: F.at(minutes: -80))
        #expect(try Redemption.check(points: 600, balance: 5000, window: ended, now: F.t0) == 60)
    }

    @Test("a window opens from now, an open one is extended, and no more than 120 min are ever left")
    func windowExtending() {
        let opened = RewardWindow.extending(nil, by: 30, now: F.t0)
        #expect(opened == RewardWindow(openedAt: F.t0, endsAt: F.at(minutes: 30)))
        let extended = RewardWindow.extending(opened, by: 45, now: F.at(minutes: 10))
        #expect(extended == RewardWindow(openedAt: F.t0, endsAt: F.at(minutes: 75)))
        let capped = RewardWindow.extending(extended, by: 60, now: F.at(minutes: 10))
        #expect(capped == RewardWindow(openedAt: F.t0, endsAt: F.at(minutes: 130)))
        let afresh = RewardWindow.extending(opened, by: 5, now: F.at(minutes: 31))
        #expect(afresh == RewardWindow(openedAt: F.at(minutes: 31), endsAt: F.at(minutes: 36)))
    }

    @Test("a window is open until its end, tells the seconds left, and its notice falls one minute before the end")
    func windowTimes() {
        let window = RewardWindow(openedAt: F.t0, endsAt: F.at(minutes: 30))
        #expect(window.noticeAt == F.at(minutes: 29))
        #expect(window.isOpen(at: F.at(minutes: 29.99)))
        #expect(!window.isOpen(at: F.at(minutes: 30)))
        #expect(window.secondsLeft(at: F.at(minutes: 10)) == 1200)
        #expect(window.secondsLeft(at: F.at(minutes: 40)) == 0)
    }
}
