import Foundation
import LockOutCore

/// The health gate as terminal text.
extension TextRendering {
    /// The headline, every goal, the block list, and what can be done now.
    static func gate(_ screen: GateScreen) -> String {
        var lines = [gateHeadline(screen)]
        let rows = Dictionary(uniqueKeysWithValues: screen.goals.map { ($0.kind, $0) })
        for goal in screen.goalSettings {
            lines.append("  " + goal.kind.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0) + goalLine(goal, screen: screen, row: rows[goal.kind]))
        }
        lines.append(blockList(screen))
        switch screen.peek {
        case .available(let seconds): lines.append("Peek: \(DurationParser.format(seconds: seconds)) available — lockout gate peek")
        case .running(let left): lines.append("Peek: \(DurationParser.format(seconds: left)) left")
        case .notNeeded: break
        }
        switch screen.emergency {
        case .waiting(let left): lines.append("Emergency unlock: the code is shown in \(left) s — lockout gate confirm")
        case .codeShown(let code): lines.append("Emergency unlock: type \(code) with 'lockout gate confirm'")
        case .none, .unlocked: break
        }
        if screen.hasHeldEdit {
            lines.append("Held edit: applies once today's goals are met, or now with 'lockout gate confirm'")
        }
        if let source = screen.healthSourceText {
            lines.append("Health data: \(source)")
        }
        if let failure = screen.sourceFailure {
            lines.append("Health data: the source is failing (\(failure.reason)); the gate stays as it was, and opens after a day")
        }
        return lines.joined(separator: "\n")
    }

    /// `Health gate: closed until 10,000 steps (6,240 so far)`, `Health gate: open — today's goals are met`.
    static func gateHeadline(_ screen: GateScreen) -> String {
        switch screen.status {
        case .closed:
            let unmet = screen.goals.filter { screen.closingGoals.contains($0.kind) }.map(needed)
            return "Health gate: closed until " + (unmet.isEmpty ? "today's health data is read" : unmet.joined(separator: " and "))
        case .open(let reason):
            return "Health gate: open — " + openReason(reason, screen: screen)
        }
    }

    /// `Blocked apps: steam, firefox`.
    static func blockList(_ screen: GateScreen) -> String {
        guard !screen.blockedApps.isEmpty else {
            return "Blocked apps: none — add one with 'lockout gate block add NAME'"
        }
        let names = screen.blockedApps.map { app in app.desktopID.map { "\(app.executable) (\($0))" } ?? app.executable }
        return "Blocked apps: " + names.joined(separator: ", ")
    }

    private static func goalLine(_ goal: GateScreen.GoalSetting, screen: GateScreen, row: GateScreen.GoalRow?) -> String {
        let kind = goal.kind
        let days = goal.days
        let setting = "\(GateText.target(kind, goal.target)), \(days)"
        guard goal.isEnabled else { return "off (\(setting))" }
        guard let row else { return "not today (\(setting))" }
        var text = row.text
        if kind.metric != nil { text += "  \(Int((row.fraction * 100).rounded(.down)))%" }
        if kind == .unlockTime, !row.isMet, let seconds = screen.secondsToUnlockTime {
            text += " (in \(DurationParser.format(seconds: seconds)))"
        }
        return text + "  \(days)" + (row.isMet ? "  met" : "")
    }

    private static func needed(_ row: GateScreen.GoalRow) -> String {
        switch row.kind {
        case .unlockTime: GateText.clock(row.target)
        case .steps, .energy, .exercise:
            "\(GateText.target(row.kind, row.target)) (\(GateText.grouped(row.current)) so far)"
        }
    }

    private static func openReason(_ reason: GateOpenReason, screen: GateScreen) -> String {
        switch reason {
        case .goalsMet: "today's goals are met"
        case .noGoalsToday: "no goal applies today"
        case .emergencyUnlock: "emergency unlock until midnight"
        case .sourceUnavailable: "health data has been unavailable for a day, so nothing is locked"
        case .sourceUnconfirmed: "the health source has reported nothing yet, so nothing is locked"
        case .peek:
            if case .running(let left) = screen.peek { "peeking, \(DurationParser.format(seconds: left)) left" } else { "peeking" }
        }
    }
}

extension GateText {
    /// `10,000 steps`, `500 kcal`, `30 min of exercise`, `19:00`.
    static func target(_ kind: GateGoalKind, _ target: Int) -> String {
        switch kind {
        case .steps: "\(grouped(target)) steps"
        case .energy: "\(grouped(target)) kcal"
        case .exercise: "\(grouped(target)) min of exercise"
        case .unlockTime: target == 0 ? "no unlock time" : clock(target)
        }
    }

    /// A target to show in a usage hint.
    static func example(_ kind: GateGoalKind) -> String {
        kind == .unlockTime ? "19:00" : String(GateSettings.defaults[kind].target)
    }
}

/// `lockout gate status --json`.
struct GateStatusJSON: Encodable {
    struct Goal: Encodable {
        let kind: String
        let enabled: Bool
        let target: Int
        /// As `--days` takes it: `every`, `weekdays`, `weekends`, `mon,wed`, `today (2026-11-23)`.
        let days: String
        /// As people say it: `every day`, `weekdays`, `weekends`, `Mon, Wed`, `today (2026-11-23)`.
        let daysText: String
        let appliesToday: Bool
        let current: Double?
        let fraction: Double?
        let met: Bool?
    }

    struct Failure: Encodable {
        let at: Date
        let reason: String
    }

    /// Where today's totals came from.
    struct Source: Encodable {
        /// As the text says it: `Anna's iPhone, read 14:02`.
        let text: String
        /// The device of the same person whose synced totals counted; absent when none had sent any today.
        let deviceID: DeviceID?
        let deviceName: String?
        let readAt: Date?
        /// Whether the synced totals were read over two hours ago.
        let stale: Bool
        /// The metrics whose total is the synced device's (`steps`, `energy`, `exercise`); the others are this device's.
        let fromDevice: [String]
        let fromThisDevice: [String]
    }

    /// `open` or `closed`.
    let state: String
    /// Why it is open: goalsMet, noGoalsToday, emergencyUnlock, sourceUnavailable, sourceUnconfirmed, peek.
    let reason: String?
    /// The goals keeping it closed.
    let closedBy: [String]
    let goals: [Goal]
    let blockedApps: [BlockedAppJSON]
    /// The next peek's length while closed.
    let peekSeconds: Int?
    /// What is left of the running peek.
    let peekSecondsLeft: Int?
    let secondsToUnlockTime: Int?
    /// none, waiting, codeShown or unlocked.
    let emergency: String
    let heldEdit: Bool
    let sourceFailure: Failure?
    /// Absent on a device in no family.
    let healthSource: Source?

    init(_ screen: GateScreen) {
        switch screen.status {
        case .closed:
            state = "closed"
            reason = nil
        case .open(let why):
            state = "open"
            reason = why.rawValue
        }
        closedBy = screen.closingGoals.map(\.rawValue)
        let rows = Dictionary(uniqueKeysWithValues: screen.goals.map { ($0.kind, $0) })
        goals = screen.goalSettings.map { goal in
            let row = rows[goal.kind]
            return Goal(
                kind: goal.kind.rawValue, enabled: goal.isEnabled, target: goal.target,
                days: screen.settings[goal.kind].schedule.text, daysText: goal.days,
                appliesToday: row != nil, current: row?.current, fraction: row?.fraction, met: row?.isMet
            )
        }
        blockedApps = screen.blockedApps.map(BlockedAppJSON.init)
        switch screen.peek {
        case .available(let seconds): (peekSeconds, peekSecondsLeft) = (seconds, nil)
        case .running(let left): (peekSeconds, peekSecondsLeft) = (nil, left)
        case .notNeeded: (peekSeconds, peekSecondsLeft) = (nil, nil)
        }
        secondsToUnlockTime = screen.secondsToUnlockTime
        switch screen.emergency {
        case .none: emergency = "none"
        case .waiting: emergency = "waiting"
        case .codeShown: emergency = "codeShown"
        case .unlocked: emergency = "unlocked"
        }
        heldEdit = screen.hasHeldEdit
        sourceFailure = screen.sourceFailure.map { Failure(at: $0.at, reason: $0.reason) }
        if let origin = screen.healthOrigin, let text = screen.healthSourceText {
            healthSource = Source(
                text: text, deviceID: origin.syncedDevice?.deviceID, deviceName: origin.syncedDevice?.deviceName,
                readAt: origin.syncedDevice?.readAt, stale: screen.syncedTotalsStale, fromDevice: origin.syncedMetrics.map(\.rawValue),
                fromThisDevice: HealthMetric.allCases.filter { !origin.syncedMetrics.contains($0) }.map(\.rawValue)
            )
        } else {
            healthSource = nil
        }
    }
}

/// One blocked program in JSON.
struct BlockedAppJSON: Encodable {
    let executable: String
    let desktopID: String?
    let name: String

    init(_ app: BlockedApp) {
        executable = app.executable
        desktopID = app.desktopID
        name = app.displayName
    }
}
