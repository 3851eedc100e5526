import Foundation
import LockOutAgent
import LockOutCore
import LockOutRuntime
import LockOutStore
import Synchronization
import Testing

/// A device composed as the Apple apps compose it: its private keys in a store of their own (the Keychain there,
/// the in-memory double here), not in its data directory; and a transport that records what it sends.
struct KeyStoreDevice {
    let device: TestDevice
    let keys: InMemoryDeviceKeyStore
    let sent: SentRequests

    var encryption: FamilyEncryption {
        let cipher = SwiftCryptoFamilyCipher()
        return FamilyEncryption(keys: keys, cipher: cipher, keyCipher: cipher)
    }

    var family: FamilyService {
        FamilyService(store: device.store, directory: device.directory, applier: device.applier, connector: sent.connector,
                      now: { TestDevice.now }, encryption: encryption)
    }

    static func make(_ mode: DeviceMode, name: String) throws -> KeyStoreDevice {
        KeyStoreDevice(device: try TestDevice.make(mode, name: name), keys: InMemoryDeviceKeyStore(), sent: SentRequests())
    }

    func syncOnce(within budget: RoundBudget? = nil) -> SyncRoundOutcome {
        let sync = FamilySync(store: device.store, applier: device.applier, connector: sent.connector, now: { TestDevice.now }, jitter: { 1 },
                              encryption: encryption)
        defer { sync.shutdown() }
        return sync.syncOnce(within: budget)
    }
}

/// The requests a device sent, and a hook run before each (`before`), over the Linux transport.
final class SentRequests: Sendable {
    let requests = Mutex<[FamilyRequest]>([])
    let before = Mutex<(@Sendable (FamilyRequest, RoundBudget?) -> Void)?>(nil)

    var connector: FamilyConnector {
        FamilyConnector { [self] server in Recording(inner: FamilyConnector.http.transport(to: server), sent: self) }
    }

    /// `METHOD /path` of each request sent.
    var lines: [String] { requests.withLock { $0.map { "\($0.method) \($0.path)" } } }

    struct Recording: FamilyTransport {
        let inner: any FamilyTransport
        let sent: SentRequests

        func send(_ request: FamilyRequest, timeout: TimeInterval) throws(FamilyTransportError) -> FamilyResponse {
            sent.record(request, budget: nil)
            return try inner.send(request, timeout: timeout)
        }

        /// Gives up, as the apps' transport does, when the budget is stopped as the request goes out.
        func send(_ request: FamilyRequest, timeout: TimeInterval, budget: RoundBudget) throws(FamilyTransportError) -> FamilyResponse {
            sent.record(request, budget: budget)
            if budget.isSpent { throw FamilyTransportError("given up: the round was stopped") }
            return try inner.send(request, timeout: timeout, budget: budget)
        }

        func shutdown() { inner.shutdown() }
    }

    func record(_ request: FamilyRequest, budget: RoundBudget?) {
        requests.withLock { $0.append(request) }
        before.withLock { $0 }?(request, budget)
    }
}

@Suite("Family: a device whose keys are kept outside its data directory, as on the Apple apps")
struct KeyStoreFamilyTests {
    @Test("it creates an end-to-end family by default, pairs a child that keeps its keys the same way, revokes it, and recovers with the code")
    func createsJoinsRevokesRecovers() async throws {
        try await withFamilyServer { port, _ in
            try await offPool {
                let parent = try KeyStoreDevice.make(.parentDevice, name: "Parent phone")
                _ = try parent.family.create(server: "http://127.0.0.1:\(port)")
                #expect(try parent.device.store.isEndToEnd(), "end-to-end by default, as on Linux")
                let child = try KeyStoreDevice.make(.childDevice, name: "Anna's phone")
                _ = try child.family.join(payload: try parent.family.pair(mode: .childDevice).payload)
                #expect(child.keys.holdsKeys)
                _ = parent.syncOnce()
                #expect(child.syncOnce() == .synced(applied: 0))
                _ = try parent.family.send(.snooze(minutes: 7), to: "Anna's phone")
                #expect(child.syncOnce() == .synced(applied: 1))
                #expect(child.device.applier.applied.withLock { $0 }.count == 1)
                #expect(!FileManager.default.fileExists(atPath: parent.device.directory.appendingPathComponent(DeviceKeyFile.fileName).path))

                let code = try parent.family.recoveryCode()
                _ = try parent.family.revoke("Anna's phone")
                #expect(try parent.family.devices().first { $0.deviceName == "Anna's phone" }?.isActive == false)

                let rescue = try KeyStoreDevice.make(.parentDevice, name: "New phone")
                _ = try rescue.family.recover(code: code.text)
                #expect(rescue.syncOnce() == .synced(applied: 0))
                #expect(try rescue.family.status().encryption?.refused == 0)
                #expect(try rescue.device.store.records(.command).contains { $0.body.contains("snooze") }, "it reads what the lost parent sent")
            }
        }
    }

    @Test("keys the store cannot read: the status says so, and nothing is sent — not in plaintext, not at all — until they can be read")
    func unreadableKeysSendNothing() async throws {
        try await withFamilyServer { port, _ in
            try await offPool {
                let parent = try KeyStoreDevice.make(.parentDevice, name: "Parent phone")
                _ = try parent.family.create(server: "http://127.0.0.1:\(port)")
                let child = try KeyStoreDevice.make(.childDevice, name: "Anna's phone")
                _ = try child.family.join(payload: try parent.family.pair(mode: .childDevice).payload)
                _ = parent.syncOnce()
                #expect(child.syncOnce() == .synced(applied: 0))

                child.keys.fail(with: .locked)
                let childID = try child.device.store.identity(defaultName: "x").id
                let totals = HealthTotalsRecord(deviceID: childID, deviceName: "Anna's phone", date: LocalDate(year: 2025, month: 11, day: 24),
                                                steps: 987_654_321, activeEnergy: 100, exerciseMinutes: 5, readAt: TestDevice.now)
                try child.device.store.enqueue(try totals.mutation(id: MutationID(rawValue: UUID())), now: TestDevice.now)
                child.sent.requests.withLock { $0 = [] }

                guard case .waiting(let reason, _) = child.syncOnce() else { Issue.record("the round should wait"); return }
                #expect(reason.contains("cannot be read until the device is unlocked once"))
                #expect(reason.contains("nothing is sent or read until this device can read its keys"))
                #expect(child.sent.lines.isEmpty, "not a request, so not a plaintext body: \(child.sent.lines)")
                #expect(try child.device.store.counts().queued == 1)
                let status = try child.family.status()
                #expect(status.activity == .error(reason))
                #expect(status.line == "Family sync: sync waits: \(reason), 1 queued")

                child.keys.fail(with: nil)
                #expect(child.syncOnce() == .synced(applied: 0))
                let pushed = child.sent.requests.withLock { $0 }.filter { $0.path == "/v1/mutations" }
                #expect(pushed.count == 1)
                #expect(pushed.allSatisfy { !String(decoding: $0.body, as: UTF8.self).contains("987654321") }, "sealed when sent")
                #expect(try child.device.store.counts().queued == 0)
            }
        }
    }

    @Test("a round out of budget sends nothing more, keeps the outbox as it was, and counts no failure")
    func roundStopsWithinItsBudget() async throws {
        try await withFamilyServer { port, _ in
            try await offPool {
                let parent = try KeyStoreDevice.make(.parentDevice, name: "Parent phone")
                _ = try parent.family.create(server: "http://127.0.0.1:\(port)")
                #expect(parent.syncOnce() == .synced(applied: 0))
                let identity = try parent.device.store.identity(defaultName: "x")
                try parent.device.store.enqueue(SyncMutation(id: MutationID(rawValue: UUID()), type: .device, recordID: identity.id.description,
                                                             body: try SyncJSON.body(identity)), now: TestDevice.now)

                // Spent before it starts: not one request.
                let spent = RoundBudget(until: TestDevice.now, now: { TestDevice.now })
                parent.sent.requests.withLock { $0 = [] }
                #expect(parent.syncOnce(within: spent) == .waiting(reason: RoundBudget.spentReason, retryAt: TestDevice.now))
                #expect(parent.sent.lines.isEmpty)

                // Stopped as the push goes out, as the system's expiry does: the push is given up, nothing follows it,
                // and the item stays as it was, to go under the same mutation id next time.
                let budget = RoundBudget(until: nil, now: { TestDevice.now })
                parent.sent.before.withLock { $0 = { request, given in if given === budget, request.path == "/v1/mutations" { budget.stop() } } }
                #expect(parent.syncOnce(within: budget) == .waiting(reason: RoundBudget.spentReason, retryAt: TestDevice.now))
                #expect(parent.sent.lines.last == "POST /v1/mutations")
                #expect(parent.sent.lines.filter { $0 == "POST /v1/mutations" }.count == 1)
                let progress = try parent.device.store.progress()
                #expect(progress.failures == 0 && progress.nextAttempt == nil && progress.roundStartedAt == nil)
                #expect(try parent.device.store.queued(limit: 10).map(\.retryCount) == [0])
                #expect(try parent.device.store.queued(limit: 10).allSatisfy { $0.lastError == nil })

                parent.sent.before.withLock { $0 = nil }
                #expect(parent.syncOnce(within: RoundBudget(until: TestDevice.now + 15, now: { TestDevice.now })) == .synced(applied: 0))
                #expect(try parent.device.store.counts().queued == 0)
            }
        }
    }
}
