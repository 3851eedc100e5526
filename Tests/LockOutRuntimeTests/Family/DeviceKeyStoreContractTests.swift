import Foundation
import LockOutCore
import LockOutRuntime
import Synchronization
import Testing

@Suite("The device key store's contract")
struct DeviceKeyStoreContractTests {
    @Test("the in-memory double keeps it: made once, one set when eight ask at once, spoiled keys refused")
    func inMemoryKeepsIt() {
        let contract = DeviceKeyStoreContract {
            let store = InMemoryDeviceKeyStore()
            return .init(open: { store }, spoil: { store.spoil() })
        }
        #expect(contract.violations() == [])
    }

    @Test("a store that makes keys on every ask breaks it, and the contract says how")
    func forgetfulStoreBreaksIt() {
        let contract = DeviceKeyStoreContract { .init(open: { ForgetfulStore() }, spoil: {}) }
        let violations = contract.violations()
        #expect(violations.contains { $0.hasPrefix("made once: the keys were made 3 times") })
        #expect(violations.contains("one set at once: asks at once got 8 different sets of keys"))
        #expect(violations.contains { $0.hasPrefix("unreadable refused: the first ask") })
    }

    @Test("a store that replaces keys it cannot read breaks it")
    func replacingStoreBreaksIt() {
        let contract = DeviceKeyStoreContract {
            let store = ReplacingStore()
            return .init(open: { store }, spoil: { store.spoil() })
        }
        let violations = contract.violations()
        #expect(violations == [
            "unreadable refused: the first ask after the keys were spoiled gave new keys instead of throwing",
            "unreadable refused: the second ask after the keys were spoiled gave new keys instead of throwing",
        ])
    }

    @Test("the data directory's key slot is made once, the same for everyone who asks at once, and a damaged one is kept and refused")
    func slot() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-slot-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let name = try? DeviceKeySlot.name(in: directory) { names.withLock { $0.append(name) } }
        }
        let got = names.withLock { $0 }
        #expect(got.count == 8)
        #expect(Set(got).count == 1)
        #expect(try DeviceKeySlot.name(in: directory) == got.first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [DeviceKeySlot.fileName])

        let file = directory.appendingPathComponent(DeviceKeySlot.fileName)
        try Data("not a name".utf8).write(to: file)
        #expect(throws: DeviceKeyStoreError.self) { try DeviceKeySlot.name(in: directory) }
        #expect(FileManager.default.contents(atPath: file.path) == Data("not a name".utf8))
    }

    @Test("another data directory has another slot: keys kept by slot do not follow an app installed again")
    func anotherDirectoryAnotherSlot() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-slot-\(UUID())")
        defer { try? FileManager.default.removeItem(at: base) }
        let first = try DeviceKeySlot.name(in: base.appendingPathComponent("a"))
        let second = try DeviceKeySlot.name(in: base.appendingPathComponent("b"))
        #expect(first != second)
    }
}

/// Makes new keys on every ask.
private struct ForgetfulStore: DeviceKeyStoring {
    func keys(orMake make: () -> DevicePrivateKeys) throws -> DevicePrivateKeys { make() }
}

/// Keeps the last keys made, and makes new ones over keys it cannot read.
private final class ReplacingStore: DeviceKeyStoring {
    private let held = Mutex<(keys: DevicePrivateKeys?, spoiled: Bool)>((nil, false))

    func keys(orMake make: () -> DevicePrivateKeys) throws -> DevicePrivateKeys {
        if let keys = held.withLock({ $0.spoiled ? nil : $0.keys }) { return keys }
        let made = make()
        return held.withLock { held in
            if let keys = held.keys, !held.spoiled { return keys }
            held = (made, false)
            return made
        }
    }

    func spoil() { held.withLock { $0.spoiled = true } }
}
