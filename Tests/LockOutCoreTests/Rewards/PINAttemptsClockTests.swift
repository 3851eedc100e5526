import Foundation
import LockOutCore
import Testing

@Suite("Rewards: PIN tries when clocks disagree")
struct PINAttemptsClockTests {
    @Test("before the sixth wrong try there is no wait, even asked at a time before the last wrong one")
    func noWaitBeforeTheSixth() throws {
        var attempts = PINAttempts()
        let wrongAt = RewardsFixture.t0
        _ = attempts.recordWrong(now: wrongAt)
        try attempts.checkAllowed(now: wrongAt.addingTimeInterval(-10))
        for _ in 2...5 { _ = attempts.recordWrong(now: wrongAt) }
        #expect(throws: RewardsInputError.pinLockedOut(secondsLeft: 40)) { try attempts.checkAllowed(now: wrongAt.addingTimeInterval(-10)) }
    }
}
