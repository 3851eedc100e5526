import Foundation
import LockOutCore
import Synchronization

/// The promises of `DeviceKeyStoring`, as checks any store's tests run (the Linux file, the in-memory double; a
/// Mac's tests can run them against the Keychain): keys made once and the same ever after, through another handle
/// too; one set of keys when several ask at once; stored keys that cannot be read refused, never replaced.
public struct DeviceKeyStoreContract: Sendable {
    /// Fresh storage under test: `open` gives a handle on it (each call a new one, as a new launch would), `spoil`
    /// damages the keys it holds so that they can no longer be read.
    public struct Storage: Sendable {
        public let open: @Sendable () -> any DeviceKeyStoring
        public let spoil: @Sendable () throws -> Void

        public init(open: @escaping @Sendable () -> any DeviceKeyStoring, spoil: @escaping @Sendable () throws -> Void) {
            self.open = open
            self.spoil = spoil
        }
    }

    private let fresh: @Sendable () throws -> Storage
    private let cipher = SwiftCryptoFamilyCipher()
    /// How many threads ask for the keys of one fresh store at once.
    public let contenders: Int

    /// The contract over storage that `fresh` makes anew for each check.
    public init(contenders: Int = 8, fresh: @escaping @Sendable () throws -> Storage) {
        self.fresh = fresh
        self.contenders = contenders
    }

    /// What the store under test breaks of the contract, a sentence each; empty when it keeps it all.
    public func violations() -> [String] {
        var found: [String] = []
        for (name, check) in [("made once", madeOnce), ("one set at once", oneSetAtOnce), ("unreadable refused", unreadableRefused)] {
            do {
                found += try check().map { "\(name): \($0)" }
            } catch {
                found.append("\(name): \(error)")
            }
        }
        return found
    }

    /// The first ask makes the keys with `make`, once; later asks, through the same handle or another, get them back.
    func madeOnce() throws -> [String] {
        let storage = try fresh()
        var found: [String] = []
        let made = Mutex(0)
        let store = storage.open()
        let first = try store.keys { made.withLock { $0 += 1 }; return cipher.newDeviceKeys() }
        let again = try store.keys { made.withLock { $0 += 1 }; return cipher.newDeviceKeys() }
        let reopened = try storage.open().keys { made.withLock { $0 += 1 }; return cipher.newDeviceKeys() }
        if made.withLock({ $0 }) != 1 { found.append("the keys were made \(made.withLock { $0 }) times") }
        if again != first { found.append("the same handle gave other keys") }
        if reopened != first { found.append("another handle gave other keys") }
        return found
    }

    /// Several threads ask a fresh store at once, each through its own handle and each with keys of its own to
    /// keep: all get the same keys, and so does a later ask.
    func oneSetAtOnce() throws -> [String] {
        let storage = try fresh()
        let handles = (0..<contenders).map { _ in storage.open() }
        let offered = (0..<contenders).map { _ in cipher.newDeviceKeys() }
        let results = Mutex<[Result<DevicePrivateKeys, any Error>]>([])
        let ready = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<contenders {
            ready.enter()
            done.enter()
            let store = handles[index], keys = offered[index]
            Thread {
                ready.leave()
                go.wait()
                let result = Result { try store.keys { keys } }
                results.withLock { $0.append(result) }
                done.leave()
            }.start()
        }
        ready.wait()
        for _ in 0..<contenders { go.signal() }
        done.wait()
        var found: [String] = []
        let got = results.withLock { $0 }
        let kept = got.compactMap { try? $0.get() }
        if kept.count != contenders {
            found.append("\(contenders - kept.count) of \(contenders) asks failed: \(got.compactMap { if case .failure(let e) = $0 { "\(e)" } else { nil } })")
        }
        if Set(kept.map(\.publicKeys)).count > 1 { found.append("asks at once got \(Set(kept.map(\.publicKeys)).count) different sets of keys") }
        if let any = kept.first, try storage.open().keys(orMake: { cipher.newDeviceKeys() }) != any {
            found.append("a later ask got other keys than the ones given at once")
        }
        return found
    }

    /// Keys the store holds but cannot read are refused — thrown, not replaced by new ones — and stay refused.
    func unreadableRefused() throws -> [String] {
        let storage = try fresh()
        _ = try storage.open().keys { cipher.newDeviceKeys() }
        try storage.spoil()
        var found: [String] = []
        let replacement = cipher.newDeviceKeys()
        for attempt in ["first", "second"] {
            do {
                let got = try storage.open().keys { replacement }
                found.append("the \(attempt) ask after the keys were spoiled gave \(got == replacement ? "new keys" : "keys") instead of throwing")
            } catch {}
        }
        return found
    }
}
