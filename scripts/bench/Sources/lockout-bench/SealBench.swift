import Foundation
import LockOutCore
import LockOutRuntime

/// `lockout-bench seal [--runs N]`: the device-side CPU of an end-to-end family's sync, per record: sealing a
/// day summary at send, opening it at pull, and opening this device's wrap of an epoch key (once a round).
/// Prints each one's median and p95 over N runs; never fails on a timing.
struct SealBench {
    static let usage = "usage: lockout-bench seal [--runs N]"

    var runs = 2_000

    init(arguments: [String]) throws(StatsBenchOptions.UsageError) {
        var rest = arguments.dropFirst()
        while let option = rest.popFirst() {
            guard let value = rest.popFirst() else { throw .missingValue(option: option) }
            switch option {
            case "--runs":
                guard let number = Int(value), number > 0 else { throw .invalidValue(option: option, value: value) }
                runs = number
            default: throw .unknownOption(option)
            }
        }
    }

    func run() throws {
        let cipher = SwiftCryptoFamilyCipher()
        let family = FamilyID(rawValue: UUID())
        let parentKeys = cipher.newDeviceKeys(), childKeys = cipher.newDeviceKeys()
        let parent = SyncAPI.DeviceKey(deviceID: DeviceID(rawValue: UUID()), mode: .parentDevice, publicKeys: parentKeys.publicKeys)
        let child = SyncAPI.DeviceKey(deviceID: DeviceID(rawValue: UUID()), mode: .childDevice, publicKeys: childKeys.publicKeys)
        var parentState = FamilyKeyState(family: family, me: parent.deviceID, keys: parentKeys, cipher: cipher, keyCipher: cipher)
        var childState = FamilyKeyState(family: family, me: child.deviceID, keys: childKeys, cipher: cipher, keyCipher: cipher)
        let directory = SyncAPI.Keys(devices: [parent, child], epochs: [])
        parentState.learn(directory)
        let owed = parentState.commitsOwed(by: directory)
        let served = SyncAPI.Keys(devices: [parent, child], epochs: owed.filter { $0.members.contains(child.deviceID) }.map { $0.served(to: child.deviceID) })
        childState.learn(served)
        parentState.learn(SyncAPI.Keys(devices: [parent, child], epochs: owed.map { $0.served(to: parent.deviceID) }))

        let day = LocalDate(year: 2026, month: 11, day: 24)
        let summary = DailySummary(deviceID: child.deviceID, date: day, steps: 8_412, lastUpdated: Date(timeIntervalSince1970: 1_795_000_000))
        let mutation = SyncMutation(id: MutationID(rawValue: UUID()), type: .dailySummary, recordID: "\(child.deviceID)/\(day)", localDate: day,
                                    body: try SyncJSON.body(summary))
        var sealed = try childState.sealNext(mutation, mode: .childDevice)
        let sealTiming = try Timing.measure("seal", runs: runs) { sealed = try childState.sealNext(mutation, mode: .childDevice) }

        var changes: [SyncChange] = []
        for _ in 0...runs {
            let next = try childState.sealNext(mutation, mode: .childDevice)
            changes.append(SyncChange(seq: Int64(changes.count + 1), owner: child.deviceID, ownerMode: .childDevice, committedAt: Date(),
                                      type: next.type, recordID: next.recordID, target: nil, localDate: day, deleted: false, body: next.body,
                                      mutationID: next.id, sealing: next.sealing))
        }
        var index = 0
        let openTiming = Timing.measure("open", runs: runs) {
            _ = parentState.open(changes[index])
            index += 1
        }

        let keyring = EpochKeyring(cipher: cipher, keys: cipher)
        let commit = owed.first { $0.scope == .child(child.deviceID) }!
        let wrap = commit.wraps.first { $0.recipient == child.deviceID }!
        let unwrapTiming = try Timing.measure("unwrap", runs: runs) {
            _ = try keyring.unwrap(wrap, family: family, scope: commit.scope, epoch: 1, as: child.deviceID, keys: childKeys)
        }
        print("end-to-end sync CPU per record (\(runs) runs; a day summary of \(mutation.body.utf8.count) B, sealed \(sealed.body.utf8.count) B)")
        for timing in [sealTiming, openTiming, unwrapTiming] {
            print(String(format: "  %@: median %.1f µs, p95 %.1f µs", timing.name, timing.median * 1000, timing.p95 * 1000))
        }
    }
}
