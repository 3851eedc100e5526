import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore
import LockOutRuntime

/// How `lockout family …` prints.
enum FamilyText {
    static func status(_ status: FamilySyncStatus) -> String {
        var lines = ["Device: \(status.device?.name ?? "?") — \(status.device?.mode?.displayName ?? "no mode (lockout family setup parent|child|self)")"]
        guard let family = status.family, let server = status.server else {
            lines.append("Family: none")
            return lines.joined(separator: "\n")
        }
        lines.append("Family: \(family) on \(server.absoluteString)")
        lines.append("Encryption: \(status.encryption?.line ?? "none: the server can read this family's records")")
        for notice in status.encryption?.notices(dateText: time) ?? [] { lines.append("  ! \(notice)") }
        lines.append("Last sync: \(status.lastSync.map(time) ?? "never")")
        lines.append("Queued: \(status.queued) · Failed: \(status.failed)\(status.failed > 0 ? " (lockout family retry)" : "")")
        switch status.activity {
        case .error(let reason):
            let retry = status.nextAttempt.map { ", tries again at \(time($0))" } ?? ""
            lines.append("State: error — \(reason)\(retry)")
        case .syncing:
            lines.append("State: syncing")
        case .idle, .synced:
            lines.append("State: \(status.queued > 0 ? "sync waits" : status.activity.name)")
        }
        return lines.joined(separator: "\n")
    }

    static func devices(_ devices: [RegisteredDevice], now: Date) -> String {
        guard !devices.isEmpty else { return "No devices." }
        return devices.map { device in
            let state = !device.isActive ? "revoked" : device.isOnline(now: now) ? "online" : "offline"
            let seen = device.lastSyncDate.map { "last sync \(time($0))" } ?? "never synced"
            let kind = device.deviceType.word + (device.childName.map { " (\($0))" } ?? "")
            return "\(device.deviceName)  \(kind)  \(state), \(seen)  [\(device.deviceID)]"
        }.joined(separator: "\n")
    }

    static func usage(_ device: RegisteredDevice, _ summaries: [DailySummary]) -> String {
        var lines = ["\(device.deviceName): \(summaries.count) day\(summaries.count == 1 ? "" : "s") reported"]
        for day in summaries {
            let compliance = day.compliancePercent.map { "\($0)%" } ?? "—"
            lines.append("\(day.date)  breaks \(day.breaksCompleted) done / \(day.breaksSkipped) skipped (\(compliance))  focus \(day.focusMinutes) min  steps \(day.steps)  gate \(day.gateOpened ? "open" : "closed")")
        }
        return lines.joined(separator: "\n")
    }

    static func commands(_ sent: [SentCommand], devices: [RegisteredDevice], now: Date) -> String {
        guard !sent.isEmpty else { return "No configuration sent." }
        let byID = Dictionary(devices.map { ($0.deviceID, $0) }, uniquingKeysWith: { first, _ in first })
        return sent.map { item in
            let target = byID[item.command.targetDeviceID]
            let name = target?.deviceName ?? item.command.targetDeviceID.description
            let outcome = switch item.status {
            case .pending: "pending " + (item.waitingText(now: now, targetLastSync: target?.lastSyncDate) ?? "")
            case .applied: "applied\(item.executedAt.map { " at \(time($0))" } ?? "")"
            case .rejected: "rejected: \(item.reason ?? "")"
            }
            return "\(time(item.command.createdAt))  \(name): \(item.command.change.summary) — \(outcome)"
        }.joined(separator: "\n")
    }

    static func pairing(_ pairing: SyncAPI.Pairing, clock: ProcessClock) throws -> String {
        let code = try QRCode(encoding: pairing.payload)
        let minutes = max(0, Int(pairing.expiresAt.timeIntervalSince(clock.now()) / 60))
        return """
        \(code.terminalText())
        Scan this with the child's device, or run there:

          lockout family join \(pairing.payload)

        For a \(pairing.mode.word) device; expires at \(time(pairing.expiresAt)) (in \(minutes) min), and works once.
        """
    }

    /// A recovery code as it is shown, once: the QR code, the text, and what it can do.
    static func recoveryCode(_ code: RecoveryCode) throws -> String {
        """
        \(try QRCode(encoding: code.text).terminalText())
        The family's recovery code — shown this once. Keep it where you keep passwords, away from the children:

          \(code.text)

        If every parent device is lost, set up a new one ('lockout family setup parent') and run there:
          lockout family recover CODE
        Whoever holds this code reads and steers the family. A new code retires this one.
        """
    }

    /// Prints a sync round's outcome; a refused round exits non-zero.
    static func report(_ outcome: SyncRoundOutcome) throws {
        switch outcome {
        case .synced(let applied): print(applied > 0 ? "Synced; \(applied) configuration change\(applied == 1 ? "" : "s") applied." : "Synced.")
        case .waiting(let reason, let at): print("Sync waits: \(reason). It tries again at \(time(at)).")
        case .refused(let reason):
            FileHandle.standardError.write(Data("lockout: the family server refused: \(reason)\n".utf8))
            throw ExitCode.failure
        case .notMember:
            FileHandle.standardError.write(Data("lockout: \(FamilyInputError.notPaired)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// Asks on the terminal for a typed confirmation.
    static func prompt(_ question: String) throws -> String {
        guard isatty(STDIN_FILENO) != 0 else { throw CLIUsageError("confirm with --confirm (nothing asked: stdin is not a terminal)") }
        print(question, terminator: " ")
        return readLine() ?? ""
    }

    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
