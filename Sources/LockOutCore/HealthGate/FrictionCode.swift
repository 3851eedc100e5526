import Foundation

/// The 4-digit code a person types to finish an emergency unlock or a held edit; chosen at random by the runtime.
public struct FrictionCode: Codable, Hashable, Sendable, CustomStringConvertible {
    /// Four digits, `0000`...`9999`.
    public let digits: String

    /// The code of `number` modulo 10,000, written with four digits.
    public init(number: Int) {
        let value = ((number % 10_000) + 10_000) % 10_000
        digits = String(value).leftPadded(to: 4)
    }

    /// A code drawn from `generator`; the runtime passes the system generator, tests a seeded one or none.
    public static func random(using generator: inout some RandomNumberGenerator) -> FrictionCode {
        FrictionCode(number: Int.random(in: 0...9_999, using: &generator))
    }

    /// Whether `typed`, without surrounding spaces, is this code.
    public func matches(_ typed: String) -> Bool {
        typed.trimmingCharacters(in: .whitespacesAndNewlines) == digits
    }

    /// The four digits.
    public var description: String { digits }
}
