import Foundation

/// What the gate screen and `lockout gate status` show: each goal's progress, why the gate is closed,
/// the time to the unlock time, peeks and the emergency unlock.
public struct GateScreen: Codable, Hashable, Sendable {
    /// One goal that applies today.
    public struct GoalRow: Codable, Hashable, Sendable {
        /// Which goal.
        public let kind: GateGoalKind
        /// Today's value (for the unlock time, the minute of the day).
        public let current: Double
        /// What the goal demands.
        public let target: Int
        /// How far along, 0...1.
        public let fraction: Double
        /// Whether the goal is met.
        public let isMet: Bool
        /// `6,240 / 10,000 steps`, `120 / 500 kcal`, `12 / 30 min`, `until 19:00`.
        public let text: String
    }

    /// One goal's setting, whether or not it applies today.
    public struct GoalSetting: Codable, Hashable, Sendable {
        /// Which goal.
        public let kind: GateGoalKind
        /// Whether it counts.
        public let isEnabled: Bool
        /// What it demands.
        public let target: Int
        /// The days as people say them: `every day`, `weekdays`, `weekends`, `Mon, Wed, Fri`, `today (2026-11-23)`.
        public let days: String
    }

    /// Whether a peek can be taken now.
    public enum Peek: Codable, Hashable, Sendable {
        /// A peek of this many seconds is available.
        case available(seconds: Int)
        /// A peek runs for this many more seconds.
        case running(secondsLeft: Int)
        /// The gate is open: nothing to peek at.
        case notNeeded
    }

    /// Where the emergency unlock stands.
    public enum Emergency: Codable, Hashable, Sendable {
        /// Not asked for today.
        case none
        /// Asked for: the code is shown after this many seconds.
        case waiting(secondsLeft: Int)
        /// Type this code to unlock.
        case codeShown(FrictionCode)
        /// Unlocked until midnight.
        case unlocked
    }

    /// Whether blocked apps are locked, and why.
    public let status: GateStatus
    /// Goals enabled and scheduled today, in goal order.
    public let goals: [GoalRow]
    /// The goals keeping the gate closed (empty when open).
    public let closingGoals: [GateGoalKind]
    /// Seconds until today's unlock time, when it applies today and lies ahead.
    public let secondsToUnlockTime: Int?
    /// Peek availability.
    public let peek: Peek
    /// Emergency unlock state.
    public let emergency: Emergency
    /// A weakening edit waits for the goals or its code; the code is in `editCode` once shown.
    public var hasHeldEdit: Bool { heldSettings != nil }
    /// The held edit's code, once its wait is over.
    public let editCode: FrictionCode?
    /// Seconds until the held edit's code is shown, while its wait runs.
    public let editCodeSecondsLeft: Int?
    /// The latest failed read, when the source is failing now.
    public let sourceFailure: GateSourceFailure?
    /// Where today's totals came from (this device, a synced device of the same person); nil when the source
    /// did not say (a device in no family).
    public let healthOrigin: HealthOrigin?
    /// Whether the synced device's totals were read longer ago than `SyncedHealthTotals.freshness`.
    public let syncedTotalsStale: Bool
    /// The health data's source as a sentence's end: `Anna's iPhone, read 14:02`; nil with no origin.
    public let healthSourceText: String?
    /// The blocked apps.
    public var blockedApps: [BlockedApp] { settings.blockedApps }
    /// Every goal's setting, the ones that do not apply today too.
    public let settings: GateSettings
    /// Every goal's setting as the screen shows it, in goal order.
    public var goalSettings: [GoalSetting] {
        GateGoalKind.allCases.map { kind in
            let goal = settings[kind]
            return GoalSetting(kind: kind, isEnabled: goal.isEnabled, target: goal.target, days: goal.schedule.readableText)
        }
    }
    /// The weakening edit waiting for the goals or its code.
    public let heldSettings: GateSettings?
    /// Whether the command that led to this screen dropped an edit held before it (a later edit replaces a held
    /// one), so the person who made it is told where they made it.
    public var droppedHeldEdit = false

    /// A code a person is asked to type: what it is for, and the code once shown or the wait before it.
    public struct CodeRequest: Hashable, Sendable {
        /// What typing it does.
        public let purpose: FrictionPurpose
        /// The code, once its wait is over.
        public let code: FrictionCode?
        /// Seconds until the code is shown, while the wait runs.
        public let secondsLeft: Int?
    }

    /// The code asked for now: the emergency unlock's first, else the held edit's; nil when none waits.
    public var codeRequest: CodeRequest? {
        switch emergency {
        case .waiting(let seconds): return CodeRequest(purpose: .emergencyUnlock, code: nil, secondsLeft: seconds)
        case .codeShown(let code): return CodeRequest(purpose: .emergencyUnlock, code: code, secondsLeft: nil)
        case .none, .unlocked: break
        }
        guard editCode != nil || editCodeSecondsLeft != nil else { return nil }
        return CodeRequest(purpose: .edit, code: editCode, secondsLeft: editCodeSecondsLeft)
    }

    /// The screen of `gate` at `now`, after the command whose `effects` brought it there.
    public init(gate: HealthGate, now: Date, after effects: [GateEffect]) {
        self.init(gate: gate, now: now)
        droppedHeldEdit = effects.contains { effect in
            if case .log(let entry) = effect { return entry.event == .heldEditDropped }
            return false
        }
    }

    /// The screen of `gate` at `now`.
    public init(gate: HealthGate, now: Date) {
        let evaluation = gate.evaluation(now: now)
        status = gate.status(now: now)
        goals = evaluation.goals.map { progress in
            GoalRow(
                kind: progress.kind, current: progress.current, target: progress.target,
                fraction: progress.fraction, isMet: progress.isMet, text: GateText.progress(progress)
            )
        }
        closingGoals = status.isClosed ? evaluation.unmet : []
        let snapshot = GateSnapshot(at: now, calendar: gate.calendar, totals: nil)
        if gate.settings.unlockTime.applies(on: snapshot.day, weekday: snapshot.weekday),
           gate.settings.unlockTime.target > 0, let unlock = gate.unlockTime(on: now), unlock > now {
            secondsToUnlockTime = Int(unlock.timeIntervalSince(now).rounded(.up))
        } else {
            secondsToUnlockTime = nil
        }
        switch status {
        case .closed:
            let taken = LocalDate(now, in: gate.calendar) == gate.record.day ? gate.record.peeksToday : 0
            peek = .available(seconds: Int(HealthGate.peekLength(number: taken + 1)))
        case .open(.peek):
            peek = .running(secondsLeft: Int((gate.record.peekEndsAt ?? now).timeIntervalSince(now).rounded(.up)))
        case .open:
            peek = .notNeeded
        }
        let friction = gate.record.friction
        if status == .open(.emergencyUnlock) {
            emergency = .unlocked
        } else if let friction, friction.purpose == .emergencyUnlock {
            emergency = now >= friction.codeShownAt
                ? .codeShown(friction.code)
                : .waiting(secondsLeft: Int(friction.codeShownAt.timeIntervalSince(now).rounded(.up)))
        } else {
            emergency = .none
        }
        editCode = friction.flatMap { $0.purpose == .edit && now >= $0.codeShownAt ? $0.code : nil }
        editCodeSecondsLeft = friction.flatMap { friction in
            friction.purpose == .edit && now < friction.codeShownAt
                ? Int(friction.codeShownAt.timeIntervalSince(now).rounded(.up)) : nil
        }
        sourceFailure = gate.record.failingSince == nil ? nil : gate.record.lastFailure
        let origin = gate.record.totals?.day == LocalDate(now, in: gate.calendar) ? gate.record.origin : nil
        healthOrigin = origin
        syncedTotalsStale = origin?.syncedDevice.map { SyncedHealthTotals.isStale(readAt: $0.readAt, now: now) } ?? false
        healthSourceText = origin.map { GateText.healthSource($0, now: now, calendar: gate.calendar) }
        settings = gate.settings
        heldSettings = gate.record.pendingSettings
    }

    /// What the shield says when it stops `app`: "Steam is locked until you reach 10,000 steps — 6,240 so far".
    /// Nil while the gate is open.
    public func shieldMessage(for app: BlockedApp) -> String? {
        shieldReason.map { "\(app.displayName) is locked \($0)" }
    }

    /// Why the shield stops apps, after "is locked": "until you reach 10,000 steps — 6,240 so far", then
    /// ", and 1 more goal" when others are unmet too. Nil while the gate is open.
    public var shieldReason: String? {
        guard status.isClosed, let first = goals.first(where: { !$0.isMet }) else { return nil }
        let reason: String
        switch first.kind {
        case .steps:
            reason = "until you reach \(GateText.grouped(first.target)) steps — \(GateText.grouped(first.current)) so far"
        case .energy:
            reason = "until you burn \(GateText.grouped(first.target)) kcal — \(GateText.grouped(first.current)) so far"
        case .exercise:
            reason = "until you exercise \(GateText.grouped(first.target)) min — \(GateText.grouped(first.current)) so far"
        case .unlockTime:
            reason = "until \(GateText.clock(first.target))"
        }
        let others = closingGoals.count - 1
        let more = others <= 0 ? "" : others == 1 ? ", and 1 more goal" : ", and \(others) more goals"
        return "\(reason)\(more)"
    }
}

/// How the gate writes numbers and times for people.
public enum GateText {
    /// `6,240`: whole numbers (rounded down) with a comma between thousands, the same in every locale.
    public static func grouped(_ value: Double) -> String {
        grouped(Int(max(value, 0).rounded(.down)))
    }

    /// `10,000`: a whole number with a comma between thousands.
    public static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// `19:00` for 1140 minutes after midnight.
    public static func clock(_ minuteOfDay: Int) -> String {
        "\(String(minuteOfDay / 60).leftPadded(to: 2)):\(String(minuteOfDay % 60).leftPadded(to: 2))"
    }

    /// Where the health data came from: `Anna's iPhone, read 14:02`; `Anna's iPhone, read 14:02 (steps); this
    /// device (energy, exercise)`; `this device (Anna's iPhone's totals, read 14:02, are lower)`; `this device — no
    /// health totals from your other devices today`; stale totals end in `— stale: nothing newer for 3 h`.
    public static func healthSource(_ origin: HealthOrigin, now: Date, calendar: Calendar) -> String {
        guard let device = origin.syncedDevice else { return "this device — no health totals from your other devices today" }
        let parts = calendar.dateComponents([.hour, .minute], from: device.readAt)
        let read = "read \(clock((parts.hour ?? 0) * 60 + (parts.minute ?? 0)))"
        let own = HealthMetric.allCases.filter { !origin.syncedMetrics.contains($0) }
        var text: String
        if origin.syncedMetrics.isEmpty {
            text = "this device (\(device.deviceName)'s totals, \(read), are lower)"
        } else if own.isEmpty {
            text = "\(device.deviceName), \(read)"
        } else {
            text = "\(device.deviceName), \(read) (\(names(origin.syncedMetrics))); this device (\(names(own)))"
        }
        if SyncedHealthTotals.isStale(readAt: device.readAt, now: now) {
            text += " — stale: nothing newer for \(Int(now.timeIntervalSince(device.readAt) / 3600)) h"
        }
        return text
    }

    private static func names(_ metrics: [HealthMetric]) -> String {
        metrics.map(\.rawValue).joined(separator: ", ")
    }

    /// `6,240 / 10,000 steps`, `until 19:00` for the unlock time.
    public static func progress(_ goal: GoalProgress) -> String {
        switch goal.kind {
        case .unlockTime: goal.isMet ? "since \(clock(goal.target))" : "until \(clock(goal.target))"
        case .steps, .energy, .exercise: "\(grouped(goal.current)) / \(grouped(goal.target)) \(goal.kind.unit)"
        }
    }
}
