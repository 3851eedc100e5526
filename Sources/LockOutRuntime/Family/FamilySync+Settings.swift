import Foundation
import LockOutCore
import LockOutStore

extension FamilySync {
    /// Queues what changed in this device's shared settings since they were last synced, as one patch.
    func queueLocalSettings(_ read: @Sendable () throws -> SharedSettings) throws {
        var state = try store.settingsSync()
        // Before the first pull nothing is queued: a device joining adopts the person's settings.
        guard let last = state.lastShared else { return }
        let current = try read()
        let patch = SharedSettingsPatch(from: last, to: current)
        guard !patch.isEmpty else { return }
        state.lastShared = current
        try store.saveSettingsSync(state, queueing: try Self.mutation(for: patch), now: now())
    }

    /// Folds the settings patches pulled since the last round into this device's settings, in commit order,
    /// and applies the difference through the engines (a running break cycle reschedules). The person's
    /// first device with no patches to adopt shares all of its settings instead. Answers whether anything
    /// was queued or changed.
    func applyRemoteSettings(_ read: @Sendable () throws -> SharedSettings) throws -> Bool {
        var state = try store.settingsSync()
        let current = try read()
        let records = try store.records(.settings).filter { $0.seq > state.appliedSeq }
        if state.lastShared == nil, records.isEmpty {
            state.lastShared = current
            try store.saveSettingsSync(state, queueing: try Self.mutation(for: SharedSettingsPatch(everything: current)), now: now())
            return true
        }
        let pending = try store.pendingSettingsFields()
        var result = current
        for record in records {
            // This device's own patches fold in too, in their place: a patch of another device committed
            // before one of ours must not win over ours.
            guard let patch = try? SyncJSON.record(SharedSettingsPatch.self, from: record.body) else { continue }
            result = state.merge.apply(patch, author: record.ownerMode, to: result, pending: pending)
            state.appliedSeq = max(state.appliedSeq, record.seq)
        }
        let changes = SharedSettingsPatch.changes(from: current, to: result)
        for change in changes {
            do {
                try applier.apply(change.localCommand, id: nil)
            } catch {
                logger.warning("a synced setting was not applied", metadata: ["change": "\(change.summary)", "error": "\(error)"])
            }
        }
        state.lastShared = try read()
        try store.saveSettingsSync(state, now: now())
        if !changes.isEmpty { logger.info("settings synced", metadata: ["changes": "\(changes.map(\.summary))"]) }
        return !changes.isEmpty
    }

    static func mutation(for patch: SharedSettingsPatch) throws -> SyncMutation {
        let id = MutationID(rawValue: UUID())
        return SyncMutation(id: id, type: .settings, recordID: id.description, body: try SyncJSON.body(patch))
    }
}
