import Foundation
import LockOutCore
import LockOutStore
import Logging
import Synchronization

/// Carries out a parent's configuration on this device: the running agent's engines, or the database
/// directly when no agent runs.
///
/// A command is applied, then recorded as applied, in two steps: a crash between them applies it again at the
/// next round. So applying one twice must come to applying it once — settings are set to the same values (a gate
/// edit that changes nothing is not logged again), and what adds up (a grant of points) is kept once by its `id`.
public protocol ConfigurationApplying: Sendable {
    /// Applies the command `id` (nil: a synced setting, no command); a refused one throws and changes nothing.
    func apply(_ command: LocalConfigurationCommand, id: CommandID?) throws
}

/// What one sync round came to.
public enum SyncRoundOutcome: Equatable, Sendable {
    /// Everything queued is on the server and everything new was pulled and applied.
    case synced(applied: Int)
    /// A transient failure: the outbox tries again at `retryAt`.
    case waiting(reason: String, retryAt: Date)
    /// The server refused for good (a revoked device, say); the items involved are in the failed state.
    case refused(reason: String)
    /// The device is not in a family.
    case notMember
}

/// One device's sync with its family server: pushes the outbox in order (400 at a time), pulls the change
/// feed until nothing more comes, applies the commands sent to this device in order — each once — and
/// pushes their acknowledgements. Blocking: call it from a queue of its own.
public final class FamilySync: Sendable {
    let store: GRDBFamilyStore
    let applier: any ConfigurationApplying
    let now: @Sendable () -> Date
    let jitter: @Sendable () -> Double
    let logger: Logger
    /// The device's breaks and focus settings as stored; a personal device shares them with the person's others.
    let sharedSettings: (@Sendable () throws -> SharedSettings)?
    private let clients = Mutex<FamilyClient?>(nil)
    /// How this platform reaches the family server.
    let connector: FamilyConnector
    /// How this platform keeps an end-to-end family's keys; nil: the device syncs plaintext families only.
    let encryption: FamilyEncryption?

    /// A sync over `store`, applying commands through `applier`; `jitter` draws 0..<1 for the backoff;
    /// `sharedSettings` reads the settings a personal device syncs (nil: none are synced).
    public init(
        store: GRDBFamilyStore, applier: any ConfigurationApplying, connector: FamilyConnector, now: @escaping @Sendable () -> Date,
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        sharedSettings: (@Sendable () throws -> SharedSettings)? = nil, encryption: FamilyEncryption? = nil,
        logger: Logger = Logger(label: "lockout.sync")
    ) {
        self.encryption = encryption
        self.store = store
        self.applier = applier
        self.connector = connector
        self.now = now
        self.jitter = jitter
        self.sharedSettings = sharedSettings
        self.logger = logger
    }

    /// Closes the connections to the server.
    public func shutdown() {
        clients.withLock { client in
            client?.shutdown()
            client = nil
        }
    }

    /// The client for `membership` within `budget`, kept between rounds of the same budget.
    func client(for membership: FamilyMembership, budget: RoundBudget? = nil) -> FamilyClient {
        clients.withLock { client in
            if let existing = client, existing.server == membership.server, existing.token == membership.token, existing.budget === budget {
                return existing
            }
            client?.shutdown()
            let fresh = FamilyClient(server: membership.server, token: membership.token, connector: connector, budget: budget)
            client = fresh
            return fresh
        }
    }

    /// One round: push, pull, apply, push the acknowledgements. Never throws: the outcome and the stored
    /// progress say what happened. Within `budget` the round sends nothing once it is spent and gives up a request
    /// in flight when it is stopped; it ends `.waiting` with the outbox kept, and counts as no failure.
    @discardableResult
    public func syncOnce(within budget: RoundBudget? = nil) -> SyncRoundOutcome {
        do {
            guard let membership = try store.membership() else { return .notMember }
            try store.updateProgress { [now] in $0.roundStartedAt = now() }
            let client = client(for: membership, budget: budget)
            let identity = try store.identity(defaultName: DeviceNames.host())
            let settings = identity.mode == .personalDevice ? sharedSettings : nil
            if let settings { try queueLocalSettings(settings) }
            var keys = try prepareKeys(client, membership: membership, identity: identity)
            try push(client, mode: identity.mode, keys: &keys)
            try pull(client, keys: &keys)
            let applied = try applyCommands()
            let settingsChanged = try settings.map { try applyRemoteSettings($0) } ?? false
            if applied > 0 || settingsChanged { try push(client, mode: identity.mode, keys: &keys) }
            try store.updateProgress { [now] in
                $0.lastSync = now()
                $0.failures = 0
                $0.nextAttempt = nil
                $0.lastError = nil
                $0.roundStartedAt = nil
            }
            return .synced(applied: applied)
        } catch _ as FamilyClientError where budget?.isSpent == true {
            return stopped()
        } catch let error as FamilyClientError {
            return failed(error.syncFailure)
        } catch let wait as KeyWait {
            return failed(.transient(reason: wait.description, retryAfter: nil))
        } catch {
            logger.error("sync failed", metadata: ["error": "\(error)"])
            return failed(.transient(reason: "\(error)", retryAfter: nil))
        }
    }

    /// A round out of budget: no longer under way, with nothing held against the server or the outbox.
    private func stopped() -> SyncRoundOutcome {
        try? store.updateProgress { $0.roundStartedAt = nil }
        logger.notice("sync stopped", metadata: ["reason": "\(RoundBudget.spentReason)"])
        return .waiting(reason: RoundBudget.spentReason, retryAt: now())
    }

    /// Records a failed round: a transient one backs off, a permanent one is an error until the next good round.
    private func failed(_ failure: SyncFailure) -> SyncRoundOutcome {
        let at = now()
        var outcome = SyncRoundOutcome.refused(reason: failure.description)
        try? store.updateProgress { [jitter] progress in
            progress.lastError = failure.description
            progress.roundStartedAt = nil
            switch failure {
            case .transient(_, let retryAfter):
                progress.failures += 1
                let delay = RetryBackoff.delay(afterAttempt: progress.failures, jitter: jitter(), retryAfter: retryAfter)
                progress.nextAttempt = at + delay
            case .permanent:
                progress.nextAttempt = nil
            }
        }
        if case .transient = failure, let next = try? store.progress().nextAttempt {
            outcome = .waiting(reason: failure.description, retryAt: next)
        }
        logger.notice("sync waits", metadata: ["reason": "\(failure.description)"])
        return outcome
    }

    /// Pushes every queued item, oldest first, in batches; a batch refused for good fails its items and the
    /// next batch goes on; a transient failure stops the round with the items still queued.
    ///
    /// In an end-to-end family (`keys`) each mutation is sealed at send, the plaintext staying in the outbox;
    /// a push the server refuses as sealed under a stale epoch is sealed again, same mutation ids, after the
    /// keys are fetched anew.
    func push(_ client: FamilyClient, mode: DeviceMode? = nil, keys: inout FamilyKeyState?) throws {
        var reseals = 0
        while true {
            var batch = try store.queued(limit: SyncAPI.maximumBatch)
            guard !batch.isEmpty else { return }
            var mutations = batch.map(\.mutation)
            if var state = keys, let mode {
                mutations = try seal(batch, mode: mode, &state)
                batch = Array(batch.prefix(mutations.count))
                keys = state
            }
            let answer: SyncAPI.PushResult
            do {
                answer = try client.push(mutations)
            } catch FamilyClientError.refused(409, let code, let message, _) where keys != nil && ["stale_epoch", "rotation_pending"].contains(code) {
                // Nothing was applied: the items stay queued, sealed again once the keys moved on.
                guard reseals < Self.resealAttempts else { throw KeyWait(description: "waiting for the family's keys: \(message)") }
                reseals += 1
                if var state = keys {
                    try refreshKeys(client, &state)
                    keys = state
                }
                continue
            } catch {
                // A round out of budget leaves the items as they were: nothing was wrong with them or the server.
                if client.budget?.isSpent == true { throw error }
                let failure = error.syncFailure
                try store.attempted(batch, failure: failure, now: now())
                // A transient failure, or a device the server no longer knows, ends the round.
                if failure.isTransient { throw error }
                if case .refused(401, _, _, _) = error { throw error }
                logger.warning("a batch was refused", metadata: ["items": "\(batch.count)", "reason": "\(failure)"])
                continue
            }
            try store.settle(answer.results, now: now())
            for result in answer.results where result.status == .rejected {
                logger.warning("a queued change was refused", metadata: ["mutation": "\(result.id)", "reason": "\(result.reason ?? "")"])
            }
        }
    }

    /// Pulls pages until the server has nothing more; each page is stored with its token in one transaction.
    ///
    /// In an end-to-end family (`keys`) each sealed record is opened, and judged against the version of it this
    /// device holds, before it is kept; one under a key this device does not hold yet waits aside, and one refused
    /// (tampered, rolled back, plaintext) is dropped and counted against its writer (`open`).
    func pull(_ client: FamilyClient, keys: inout FamilyKeyState?) throws {
        while true {
            let page = try client.changes(since: try store.progress().token)
            if var state = keys {
                var listed: [RegisteredDevice]?
                let read = try open(page, &state) {
                    if listed == nil { listed = try client.devices() }
                    return listed ?? []
                }
                try store.storePulled(read.page, waiting: read.waiting, held: read.held, versions: read.versions, now: now())
                try store.saveKeySnapshot(state.snapshot)
                keys = state
            } else {
                try store.storePulled(page, now: now())
            }
            guard page.moreComing else { return }
        }
    }

    /// Applies the commands sent to this device that it has not applied yet, in the parent's order.
    func applyCommands() throws -> Int {
        let me = try store.identity(defaultName: DeviceNames.host()).id
        var count = 0
        for command in try store.pendingCommands(for: me) {
            let ack = acknowledge(command, device: me)
            try store.commandFinished(ack, mutation: try Self.mutation(for: ack), now: now())
            logger.info("configuration command \(ack.status.rawValue)", metadata: [
                "command": "\(command.commandID)", "change": "\(command.change.summary)", "reason": "\(ack.reason ?? "")",
            ])
            count += 1
        }
        return count
    }

    private func acknowledge(_ command: ConfigurationCommand, device: DeviceID) -> CommandAcknowledgement {
        do {
            try applier.apply(command.change.localCommand, id: command.commandID)
            return CommandAcknowledgement(commandID: command.commandID, deviceID: device, status: .applied, reason: nil, executedAt: now())
        } catch where command.change.alreadyHolds(after: error) {
            return CommandAcknowledgement(commandID: command.commandID, deviceID: device, status: .applied, reason: nil, executedAt: now())
        } catch {
            return CommandAcknowledgement(commandID: command.commandID, deviceID: device, status: .rejected, reason: "\(error)", executedAt: now())
        }
    }

    static func mutation(for ack: CommandAcknowledgement) throws -> SyncMutation {
        SyncMutation(id: MutationID(rawValue: UUID()), type: .commandAck, recordID: ack.commandID.description, body: try SyncJSON.body(ack))
    }
}

/// This machine's name, the default name of its device.
public enum DeviceNames {
    /// The host name, or "LockOut device".
    public static func host() -> String {
        let name = ProcessInfo.processInfo.hostName
        return name.isEmpty ? "LockOut device" : String(name.prefix(64))
    }

    /// What an end-to-end family's server is told a device is called: not its name, which travels in the
    /// device's sealed record, but the start of its id.
    public static func shownToServer(_ device: DeviceID) -> String {
        "device \(device.description.prefix(8).lowercased())"
    }
}

/// A sync round's outcome as the local API answers it.
public struct SyncRoundReport: Codable, Hashable, Sendable {
    /// `synced`, `waiting`, `refused` or `notMember`.
    public let outcome: String
    public let reason: String?
    public let retryAt: Date?
    public let applied: Int?

    /// The report of `outcome`.
    public init(_ outcome: SyncRoundOutcome) {
        switch outcome {
        case .synced(let applied): (self.outcome, reason, retryAt, self.applied) = ("synced", nil, nil, applied)
        case .waiting(let reason, let at): (self.outcome, self.reason, retryAt, applied) = ("waiting", reason, at, nil)
        case .refused(let reason): (self.outcome, self.reason, retryAt, applied) = ("refused", reason, nil, nil)
        case .notMember: (self.outcome, reason, retryAt, applied) = ("notMember", nil, nil, nil)
        }
    }

    /// The outcome this report stands for.
    public var roundOutcome: SyncRoundOutcome {
        switch outcome {
        case "synced": .synced(applied: applied ?? 0)
        case "waiting": .waiting(reason: reason ?? "", retryAt: retryAt ?? Date(timeIntervalSince1970: 0))
        case "refused": .refused(reason: reason ?? "")
        default: .notMember
        }
    }
}
