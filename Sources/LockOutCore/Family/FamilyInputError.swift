import Foundation

/// Why a family or sync request was refused before anything changed.
public enum FamilyInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownMode(String)
    case nameLength(count: Int, allowed: ClosedRange<Int>)
    case nameHasControlCharacters
    case confirmationMismatch(expected: String)
    case malformedPairingPayload(String)
    case unsupportedPairingVersion(Int)
    case oldPairingVersion(Int)
    case malformedRecoveryCode(String)
    case serverURL(String)
    case pairingSecret
    case noMode
    case notPaired
    case alreadyPaired
    case wrongMode(needed: [DeviceMode], actual: DeviceMode?)
    case unknownDevice(String)
    case unknownCommand(String)
    case invalidValue(String)

    public var description: String {
        switch self {
        case .unknownMode(let text): "unknown device mode '\(text)': use parent, child or self"
        case .nameLength(let count, let allowed):
            "a device name must be \(allowed.lowerBound)…\(allowed.upperBound) characters, counting accents and the parts of emoji and flags apart (got \(count))"
        case .nameHasControlCharacters: "a device name cannot contain control characters, line breaks or invisible formatting characters"
        case .confirmationMismatch(let expected): "not confirmed: type '\(expected)' to confirm"
        case .malformedPairingPayload(let reason): "not a LockOut pairing code: \(reason)"
        case .unsupportedPairingVersion(let version): "this pairing code is of version \(version), which this LockOut does not know; update LockOut"
        case .malformedRecoveryCode(let reason): "not a LockOut recovery code: \(reason)"
        case .oldPairingVersion(let version):
            "this pairing code is of version \(version), made by an older LockOut, and is no longer taken: ask the parent for a new code (update LockOut on the parent's device first)"
        case .serverURL(let text): "'\(text)' is not a server URL: use http://HOST[:PORT] or https://HOST[:PORT]"
        case .pairingSecret: "the pairing code's secret is malformed: copy the whole code again"
        case .noMode: "this device has no mode yet: run 'lockout family setup parent|child|self' first"
        case .notPaired: "this device is not in a family yet"
        case .alreadyPaired: "this device is already in a family: 'lockout family reset' leaves it first"
        case .wrongMode(let needed, let actual):
            "this needs a \(needed.map(\.word).joined(separator: " or ")) device; this one is \(actual?.word ?? "not set up")"
        case .unknownDevice(let text): "no device '\(text)' in this family: 'lockout family devices' lists them"
        case .unknownCommand(let text): "unknown configuration '\(text)'"
        case .invalidValue(let reason): reason
        }
    }
}
