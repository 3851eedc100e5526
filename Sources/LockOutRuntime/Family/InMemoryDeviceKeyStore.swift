import Foundation
import LockOutCore
import Synchronization

/// A key store in memory, for tests: keeps the contract of `DeviceKeyStoring` (made once, first writer wins), and
/// can be spoiled (`spoil()`) or made to fail (`fail(with:)`) as a real store can.
public final class InMemoryDeviceKeyStore: DeviceKeyStoring {
    private enum Held {
        case none
        case keys(DevicePrivateKeys)
        case spoiled
    }

    private let held = Mutex<Held>(.none)
    private let failure = Mutex<DeviceKeyStoreError?>(nil)

    public init() {}

    public func keys(orMake make: () -> DevicePrivateKeys) throws -> DevicePrivateKeys {
        if let error = failure.withLock({ $0 }) { throw error }
        if let kept = try read() { return kept }
        // Made outside the lock, as a real store makes them before it writes: the first one kept wins.
        let made = make()
        return try held.withLock { held throws(DeviceKeyStoreError) -> DevicePrivateKeys in
            switch held {
            case .none:
                held = .keys(made)
                return made
            case .keys(let kept): return kept
            case .spoiled: throw .unreadable(reason: "the stored keys are spoiled")
            }
        }
    }

    private func read() throws(DeviceKeyStoreError) -> DevicePrivateKeys? {
        try held.withLock { held throws(DeviceKeyStoreError) -> DevicePrivateKeys? in
            switch held {
            case .none: return nil
            case .keys(let kept): return kept
            case .spoiled: throw .unreadable(reason: "the stored keys are spoiled")
            }
        }
    }

    /// Whether keys are held (spoiled ones too).
    public var holdsKeys: Bool {
        held.withLock { if case .none = $0 { false } else { true } }
    }

    /// Spoils what is held, as a damaged file or keychain item would be: reading it throws from now on.
    public func spoil() {
        held.withLock { $0 = .spoiled }
    }

    /// Every read throws `error` from now on (nil: reads work again), as a locked device's keychain does.
    public func fail(with error: DeviceKeyStoreError?) {
        failure.withLock { $0 = error }
    }
}
