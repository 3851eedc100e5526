import Foundation
import LockOutAgent
import LockOutCore
import LockOutRuntime
import LockOutServer
import Synchronization
import Testing

/// Rotations that land while a parent device is busy or away: what it queued lands once under the new epoch,
/// and two parents rotating at once converge on one chain.
@Suite("Family sync: rotations under way")
struct RotationSyncTests {
    /// A transport that runs `before` ahead of each call: another device acts at that very moment.
    struct Intercepting: FamilyTransport {
        let inner: any FamilyTransport
        let before: @Sendable (FamilyRequest) -> Void

        func send(_ request: FamilyRequest, timeout: TimeInterval) throws(FamilyTransportError) -> FamilyResponse {
            before(request)
            return try inner.send(request, timeout: timeout)
        }

        func shutdown() { inner.shutdown() }
    }

    /// `before` runs once, ahead of the first call that `matches`.
    static func once(_ matches: @escaping @Sendable (FamilyRequest) -> Bool, _ before: @escaping @Sendable () -> Void) -> FamilyConnector {
        let done = Mutex(false)
        return FamilyConnector { url in
            Intercepting(inner: FamilyConnector.http.transport(to: url)) { request in
                guard matches(request), !done.withLock({ done in defer { done = true }; return done }) else { return }
                before()
            }
        }
    }

    /// Two parents, a third parent device and a child of an end-to-end family, every key committed and learnt.
    static func family(_ url: String) throws -> (a: TestDevice, b: TestDevice, old: TestDevice, child: TestDevice) {
        let a = try TestDevice.make(.parentDevice, name: "Parent laptop")
        _ = try a.family.create(server: url)
        let b = try TestDevice.make(.parentDevice, name: "Parent phone")
        _ = try b.family.join(payload: try a.family.pair(mode: .parentDevice).payload)
        let old = try TestDevice.make(.parentDevice, name: "Old tablet")
        _ = try old.family.join(payload: try a.family.pair(mode: .parentDevice).payload)
        let child = try TestDevice.make(.childDevice, name: "Anna's laptop")
        _ = try child.family.join(payload: try a.family.pair(mode: .childDevice).payload)
        for _ in 0..<3 { for device in [a, b, old, child] { _ = device.syncOnce() } }
        return (a, b, old, child)
    }

    static func epochs(_ device: TestDevice) throws -> [KeyScope: UInt32] {
        Dictionary(try #require(try device.store.keySnapshot()).epochs.map { ($0.scope, $0.epoch) }, uniquingKeysWith: max)
    }

    @Test("a parent's 20 queued commands, sealed just before a revocation rotated the child's scope, land once under the new epoch")
    func queuedThroughRotation() async throws {
        try await withFamilyServer { port, storage in
            let (childID, family, epochBefore) = try await offPool {
                var (a, b, _, child) = try Self.family("http://127.0.0.1:\(port)")
                let childID = try child.store.identity(defaultName: "x").id
                let epochBefore = try #require(try Self.epochs(b)[.child(childID)])
                // Away, the phone queues twenty commands for the child.
                for minutes in 1...20 {
                    let command = ConfigurationCommand(commandID: CommandID(rawValue: UUID()), targetDeviceID: childID,
                                                       change: .snooze(minutes: minutes), createdAt: TestDevice.now)
                    try b.store.enqueue(SyncMutation(id: MutationID(rawValue: UUID()), type: .command, recordID: command.commandID.description,
                                                     target: childID, body: try SyncJSON.body(command)), now: TestDevice.now)
                }
                // It comes back, seals them, and at the moment it sends them the laptop revokes the old tablet.
                let laptop = a
                b.connector = Self.once({ $0.method == "POST" && $0.path == "/v1/mutations" }) {
                    _ = try? laptop.family.revoke("Old tablet")
                }
                a = laptop
                #expect(b.syncOnce() == .synced(applied: 0))
                #expect(try b.store.counts().queued == 0)
                #expect(child.syncOnce() == .synced(applied: 20))
                #expect(child.applier.applied.withLock { $0 }.count == 20)
                return (childID, try #require(try a.store.membership()).family, epochBefore)
            }
            let commands = try await storage.changes(caller: Caller(device: childID, family: family, mode: .childDevice), since: 0, limit: 500)
                .changes.filter { $0.type == .command }
            #expect(commands.count == 20)
            #expect(Set(commands.map(\.keyEpoch)) == [epochBefore + 1], "all under the new epoch")
        }
    }

    @Test("two parents revoke two devices at once: one revocation is refused as stale and built again on the other's epochs; both converge")
    func concurrentRevocations() async throws {
        try await withFamilyServer { port, _ in
            try await offPool {
                var (a, b, old, child) = try Self.family("http://127.0.0.1:\(port)")
                let second = try TestDevice.make(.childDevice, name: "Anna's phone")
                _ = try second.family.join(payload: try a.family.pair(mode: .childDevice).payload)
                for _ in 0..<2 { for device in [a, b, old, child, second] { _ = device.syncOnce() } }
                let laptop = a
                b.connector = Self.once({ $0.method == "POST" && $0.path.hasSuffix("/revoke") }) {
                    _ = try? laptop.family.revoke("Anna's phone")
                }
                _ = try b.family.revoke("Old tablet")
                a = laptop
                let active = try a.family.devices().filter(\.isActive).map(\.deviceName).sorted()
                #expect(active == ["Anna's laptop", "Parent laptop", "Parent phone"])
                for device in [a, b, child] { #expect(device.syncOnce() == .synced(applied: 0)) }
                for device in [a, b] { _ = device.syncOnce() }
                // One chain: both parents hold the same newest epoch of every scope they share.
                let (fromA, fromB) = (try Self.epochs(a), try Self.epochs(b))
                #expect(fromA == fromB)
                // And the child obeys what either sends under it.
                _ = try b.family.send(.snooze(minutes: 9), to: "Anna's laptop")
                #expect(child.syncOnce() == .synced(applied: 1))
            }
        }
    }
}
