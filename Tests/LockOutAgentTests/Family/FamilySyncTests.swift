import Foundation
import LockOutAgent
import LockOutCore
import LockOutServer
import LockOutStore
import Testing

@Suite("Family sync between devices through a live server")
struct FamilySyncTests {
    static func summary(_ device: TestDevice, day: Int) throws -> SyncMutation {
        let identity = try device.family.identity()
        return try DailySummaryBuilder.mutation(
            DailySummary(deviceID: identity.id, date: LocalDate(year: 2025, month: 11, day: day), steps: day * 100, lastUpdated: TestDevice.now),
            id: MutationID(rawValue: UUID())
        )
    }

    @Test("a parent's commands reach the child in order, apply once each and come back acknowledged")
    func commandsRoundTrip() async throws {
        try await withFamilyServer { port, _ in
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)")
            try await offPool {
                let changes: [ConfigurationChange] = [
                    .breakKind(.eye, intervalMinutes: 25, durationSeconds: nil, enabled: nil), .snooze(minutes: 7),
                    .gateGoal(.steps, target: 12_000, schedule: nil),
                ]
                for change in changes { _ = try parent.family.send(change, to: "Anna's laptop") }
                #expect(child.syncOnce() == .synced(applied: 3))
                #expect(child.applier.applied.withLock { $0 } == changes.map(\.localCommand))
                #expect(child.syncOnce() == .synced(applied: 0))
                #expect(child.applier.applied.withLock { $0.count } == 3)
                _ = parent.family.sync()
                let sent = try parent.family.sentCommands()
                #expect(sent.map(\.status) == [.applied, .applied, .applied])
                #expect(sent.map(\.command.change) == changes)
            }
        }
    }

    @Test("a command the child's engine refuses comes back rejected with the reason, and is not tried again")
    func rejected() async throws {
        let refusing = RecordingApplier { command in
            command == .breaks(.setSnooze(minutes: 9)) ? BreakInputError.snoozeOutOfRange(minutes: 9, allowed: 1...60) : nil
        }
        try await withFamilyServer { port, _ in
            let (parent, _) = try await pairedFamily(server: "http://127.0.0.1:\(port)")
            let child = try await offPool {
                let payload = try parent.family.pair(mode: .childDevice).payload
                let child = try TestDevice.make(.childDevice, name: "Ben's desktop", applier: refusing)
                _ = try child.family.join(payload: payload)
                return child
            }
            try await offPool {
                _ = try parent.family.send(.snooze(minutes: 9), to: "Ben's desktop")
                #expect(child.syncOnce() == .synced(applied: 1))
                #expect(child.syncOnce() == .synced(applied: 0))
                _ = parent.family.sync()
                let sent = try parent.family.sentCommands()
                #expect(sent.first?.status == .rejected)
                #expect(sent.first?.reason?.contains("snooze") == true)
            }
        }
    }

    @Test("while the server cannot be reached the outbox keeps its items, across a restart, and sends them once it answers")
    func outboxAcrossOutageAndRestart() async throws {
        try await withFamilyServer { port, _ in
            let proxy = try DroppingProxy(upstream: port)
            defer { proxy.close() }
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(proxy.port)")
            try await offPool {
                proxy.dropAll(true)
                for day in 20...22 { try child.store.enqueue(try Self.summary(child, day: day), now: TestDevice.now) }
                guard case .waiting(_, let retryAt) = child.syncOnce() else { Issue.record("not waiting"); return }
                #expect(retryAt == TestDevice.now + 1)
                #expect(try child.store.counts().queued == 3)
                let restarted = try child.reopened()
                #expect(try restarted.store.counts().queued == 3)
                #expect(try restarted.store.progress().failures == 1)
                proxy.dropAll(false)
                #expect(restarted.syncOnce() == .synced(applied: 0))
                #expect(try restarted.store.counts() == (0, 0))
                _ = parent.family.sync()
                let days = try parent.store.records(.dailySummary).compactMap(\.localDate).map(\.day)
                #expect(days.sorted() == [20, 21, 22])
            }
        }
    }

    @Test("a push whose answer is lost (the connection cut after the commit) is applied once when retried")
    func lostAnswer() async throws {
        try await withFamilyServer { port, _ in
            let proxy = try DroppingProxy(upstream: port)
            defer { proxy.close() }
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(proxy.port)")
            try await offPool {
                try child.store.enqueue(try Self.summary(child, day: 24), now: TestDevice.now)
                proxy.dropNext("POST /v1/mutations")
                guard case .waiting = child.syncOnce() else { Issue.record("the lost answer was not a transient failure"); return }
                #expect(proxy.dropped.withLock { $0 } == 1)
                #expect(try child.store.counts().queued == 1)
                _ = parent.family.sync()
                let first = try parent.store.records(.dailySummary)
                #expect(first.count == 1)
                #expect(child.syncOnce() == .synced(applied: 0))
                #expect(try child.store.counts().queued == 0)
                _ = parent.family.sync()
                let after = try parent.store.records(.dailySummary)
                #expect(after.map(\.seq) == first.map(\.seq))
            }
        }
    }

    @Test("a revoked device's pushes fail for good, are counted, and 'retry' queues them again")
    func refusedForGood() async throws {
        try await withFamilyServer { port, _ in
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)")
            try await offPool {
                _ = try parent.family.revoke("Anna's laptop")
                try child.store.enqueue(try Self.summary(child, day: 23), now: TestDevice.now)
                guard case .refused(let reason) = child.syncOnce() else { Issue.record("not refused"); return }
                #expect(reason.contains("401"))
                #expect(try child.store.counts() == (0, 1))
                #expect(try child.family.status().activity == .error(reason))
                let (count, outcome) = try child.family.retry()
                #expect(count == 1)
                #expect(outcome == .refused(reason: reason))
            }
        }
    }

    @Test("a 429 keeps the items queued and the next try waits at least the server's Retry-After")
    func retryAfter() async throws {
        let configuration = FamilyServer.Configuration(port: 0, deviceLimiter: RateLimiter(capacity: 3, perSecond: 0.01), now: { TestDevice.now })
        try await withFamilyServer(configuration: configuration) { port, _ in
            let (_, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)")
            try await offPool {
                try child.store.enqueue(try Self.summary(child, day: 22), now: TestDevice.now)
                var outcome = child.syncOnce()
                while case .synced = outcome { outcome = child.syncOnce() }
                guard case .waiting(let reason, let retryAt) = outcome else { Issue.record("not waiting: \(outcome)"); return }
                #expect(reason.contains("429"))
                #expect(retryAt >= TestDevice.now + 100)
            }
        }
    }
}
