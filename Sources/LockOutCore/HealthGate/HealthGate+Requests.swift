import Foundation

/// What the person asks of a closed gate: a peek, an emergency unlock, a code, and settings edits.
extension HealthGate {
    /// Opens the gate for the next peek's length; refused while it is open for another reason or a peek runs.
    mutating func peek(now: Date) throws(GateInputError) -> [GateEffect] {
        switch status(now: now) {
        case .closed:
            break
        case .open(.peek):
            throw .alreadyPeeking(until: record.peekEndsAt ?? now)
        case .open:
            throw .gateNotClosed
        }
        record.peeksToday += 1
        let length = Self.peekLength(number: record.peeksToday)
        record.peekEndsAt = now.addingTimeInterval(length)
        return [log(.peekStarted(seconds: Int(length)), now)]
    }

    /// Starts the emergency unlock's wait; asking again while it waits keeps the first wait and code.
    mutating func requestEmergencyUnlock(code: FrictionCode, now: Date) throws(GateInputError) -> [GateEffect] {
        switch status(now: now) {
        case .open(.emergencyUnlock): throw .emergencyAlreadyUnlocked
        case .open(.goalsMet), .open(.noGoalsToday): throw .gateNotClosed
        case .closed, .open(.peek), .open(.sourceUnavailable), .open(.sourceUnconfirmed): break
        }
        if record.friction?.purpose == .emergencyUnlock { return [] }
        record.friction = GateFriction(purpose: .emergencyUnlock, code: code, requestedAt: now)
        return [log(.emergencyUnlockRequested, now)]
    }

    /// Finishes the waiting friction when the wait is over and `typed` is its code.
    mutating func enterCode(_ typed: String, now: Date) throws(GateInputError) -> [GateEffect] {
        guard let friction = record.friction else { throw .noCodePending }
        guard now >= friction.codeShownAt else {
            throw .codeNotShownYet(secondsLeft: Int(friction.codeShownAt.timeIntervalSince(now).rounded(.up)))
        }
        guard friction.code.matches(typed) else { throw .wrongCode }
        record.friction = nil
        switch friction.purpose {
        case .emergencyUnlock:
            record.emergencyUnlockedAt = now
            return [log(.emergencyUnlocked, now)]
        case .edit:
            guard let pending = record.pendingSettings else { return [] }
            settings = pending
            record.pendingSettings = nil
            return [.saveSettings(pending), log(.heldEditApplied, now)]
        }
    }

    /// Gives up the waiting friction; a held edit goes with it.
    mutating func cancelFriction(now: Date) throws(GateInputError) -> [GateEffect] {
        guard let friction = record.friction else { throw .noCodePending }
        record.friction = nil
        guard friction.purpose == .edit, record.pendingSettings != nil else { return [] }
        record.pendingSettings = nil
        return [log(.heldEditDropped, now)]
    }

    /// Applies a valid edit at once unless goals are unmet and it weakens today's gate; then it is held
    /// behind friction with `code`. A later edit always replaces a held one.
    mutating func edit(_ edited: GateSettings, code: FrictionCode, now: Date) throws(GateInputError) -> [GateEffect] {
        // An edit made from settings read before midnight must not bring back an earlier day's today-only goal.
        let edited = edited.expiringTodayOnlyGoals(before: LocalDate(now, in: calendar))
        try edited.validate()
        let snapshot = GateSnapshot(at: now, calendar: calendar, totals: record.totals)
        let kind = GateEditClassifier.classify(from: settings, to: edited, day: snapshot.day, weekday: snapshot.weekday)
        let goalsUnmet = evaluation(now: now).isClosed
        var effects: [GateEffect] = []
        if record.pendingSettings != nil {
            record.pendingSettings = nil
            if record.friction?.purpose == .edit { record.friction = nil }
            effects.append(log(.heldEditDropped, now))
        }
        if goalsUnmet && kind == .weakening {
            record.pendingSettings = edited
            record.friction = GateFriction(purpose: .edit, code: code, requestedAt: now)
            return effects + [log(.editHeld, now)]
        }
        settings = edited
        return effects + [.saveSettings(edited), log(.editApplied(kind), now)]
    }

    /// Applies a parent's settings at once: a held edit of the child's own is dropped, since the parent's
    /// settings replace what it would have changed.
    mutating func impose(_ imposed: GateSettings, now: Date) throws(GateInputError) -> [GateEffect] {
        let imposed = imposed.expiringTodayOnlyGoals(before: LocalDate(now, in: calendar))
        try imposed.validate()
        // The same settings again (a command applied a second time after a crash) change nothing and log nothing.
        if imposed == settings, record.pendingSettings == nil { return [] }
        let snapshot = GateSnapshot(at: now, calendar: calendar, totals: record.totals)
        let kind = GateEditClassifier.classify(from: settings, to: imposed, day: snapshot.day, weekday: snapshot.weekday)
        var effects: [GateEffect] = []
        if record.pendingSettings != nil {
            record.pendingSettings = nil
            if record.friction?.purpose == .edit { record.friction = nil }
            effects.append(log(.heldEditDropped, now))
        }
        settings = imposed
        return effects + [.saveSettings(imposed), log(.parentEditApplied(kind), now)]
    }
}
