import Foundation

/// The parent PIN's rules (pure): four digits, not easy to guess, and a growing wait after wrong tries.
/// Hashing is the agent's: Core only says what a PIN may be.
public enum ParentPIN {
    /// Wrong tries allowed before the first wait.
    public static let freeTries = 5
    /// The first wait; each further wrong try doubles it, up to `longestWait`.
    public static let firstWait: TimeInterval = 30
    public static let longestWait: TimeInterval = 3600

    /// Throws unless `pin` is exactly four ASCII digits, not all the same, and not an ascending or descending run.
    public static func checkStrength(_ pin: String) throws(RewardsInputError) {
        let digits = pin.unicodeScalars.compactMap { $0.isASCII ? Int(String($0)) : nil }
        guard pin.unicodeScalars.count == 4, digits.count == 4 else { throw .pinNotFourDigits }
        if Set(digits).count == 1 { throw .weakPIN("all digits the same") }
        let steps = zip(digits, digits.dropFirst()).map { $1 - $0 }
        if steps.allSatisfy({ $0 == 1 }) { throw .weakPIN("an ascending run") }
        if steps.allSatisfy({ $0 == -1 }) { throw .weakPIN("a descending run") }
    }

    /// The wait after `wrongTries` wrong tries in a row: none for the first five, then 30 s, 60 s, 120 s… up to an hour.
    public static func wait(afterWrongTries wrongTries: Int) -> TimeInterval {
        guard wrongTries >= freeTries else { return 0 }
        let doublings = min(wrongTries - freeTries, 12)
        return min(longestWait, firstWait * pow(2, Double(doublings)))
    }
}

/// Wrong tries of the parent PIN, kept between runs so restarting does not reset the wait.
public struct PINAttempts: Codable, Hashable, Sendable {
    public private(set) var wrongTries: Int
    public private(set) var lastWrongAt: Date?

    public init(wrongTries: Int = 0, lastWrongAt: Date? = nil) {
        self.wrongTries = wrongTries
        self.lastWrongAt = lastWrongAt
    }

    /// Throws `.pinLockedOut` while a wait runs.
    public func checkAllowed(now: Date) throws(RewardsInputError) {
        let wait = ParentPIN.wait(afterWrongTries: wrongTries)
        guard let lastWrongAt, wait > 0 else { return }
        let until = lastWrongAt.addingTimeInterval(wait)
        if until > now { throw .pinLockedOut(secondsLeft: Int(until.timeIntervalSince(now).rounded(.up))) }
    }

    /// Records a wrong try and returns the error to show.
    public mutating func recordWrong(now: Date) -> RewardsInputError {
        wrongTries += 1
        lastWrongAt = now
        return .wrongPIN(triesBeforeWait: max(0, ParentPIN.freeTries - wrongTries))
    }

    /// A right PIN clears the count.
    public mutating func recordRight() {
        wrongTries = 0
        lastWrongAt = nil
    }
}
