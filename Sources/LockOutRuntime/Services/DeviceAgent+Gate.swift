import Foundation
import LockOutCore

/// The health gate in the agent: commands, the source reads it asks for, the shields and their notices.
///
/// A read is awaited outside any transition: each answer is applied to the gate as it is then, at the time
/// it arrives, so a command that ran meanwhile is never overwritten and a reading that crossed midnight is
/// discarded by the gate and read again.
extension DeviceAgent {
    /// The notification a stopped blocked program raises; a newer one replaces it.
    public static let shieldNoticeID = "gate-shield"

    /// Carries out a person's health-gate command, waits for the reads it asks for, and answers with the gate screen.
    public func perform(_ command: GateCommand) async throws -> GateScreen {
        var current = try requireGate()
        let now = clock.now()
        let effects = try gateService.execute(command, on: &current, now: now)
        gate = current
        await answer(carryOut(effects))
        return GateScreen(gate: try requireGate(), now: clock.now(), after: effects)
    }

    /// Carries out a parent's configuration of the gate: at once, weakening or not, then the reads it asks for.
    public func impose(_ command: GateCommand) async throws -> GateScreen {
        var current = try requireGate()
        let effects = try gateService.impose(command, on: &current, now: clock.now())
        gate = current
        await answer(carryOut(effects))
        return GateScreen(gate: try requireGate(), now: clock.now(), after: effects)
    }

    /// What the gate screen shows now, once the gate has caught up with the time: with nothing blocked
    /// the agent does not wake at midnight, so the day's reset and expiry happen here when it is asked.
    public func gateScreen() async throws -> GateScreen {
        _ = try requireGate()
        await updateGate(.tick)
        return GateScreen(gate: try requireGate(), now: clock.now())
    }

    /// The shield stopped a blocked program: tell the person why, with today's progress.
    public func shieldStopped(executable: String) {
        if rewardShieldStopped(executable: executable) { return }
        guard let gate else { return }
        let screen = GateScreen(gate: gate, now: clock.now())
        let app = gate.settings.blockedApps.first { $0.executable == executable } ?? BlockedApp(executable: executable)
        guard let message = screen.shieldMessage(for: app) else { return }
        notifier.present(
            NotificationRequest(
                id: Self.shieldNoticeID, title: "\(app.displayName) is locked", body: message,
                category: "GATE_CATEGORY", actions: []
            )
        ) { _ in }
    }

    /// Applies `event` and answers the reads it asks for.
    func updateGate(_ event: GateEvent) async {
        await answer(applyGate(event))
    }

    /// Applies `event` to the gate as it is now; returns the days to read.
    private func applyGate(_ event: GateEvent) -> [LocalDate] {
        guard var current = gate else { return [] }
        do {
            let effects = try gateService.handle(event, on: &current, now: clock.now())
            gate = current
            return carryOut(effects)
        } catch {
            logger.warning("health gate: \(event) not applied: \(error)")
            return []
        }
    }

    /// Reads the source for `days` and applies each answer; a reading of the wrong day asks again, a few times at most.
    private func answer(_ days: [LocalDate]) async {
        var pending = days
        for _ in 0..<GateService.maximumReads {
            guard let day = pending.first else { break }
            let event = await gateService.read(day)
            pending = applyGate(event)
        }
        rearm()
    }

    /// Carries out the gate's effects, once its record is persisted; returns the days it asks to read.
    private func carryOut(_ effects: [GateEffect]) -> [LocalDate] {
        var reads: [LocalDate] = []
        for effect in effects {
            switch effect {
            case .setShields(let on, let apps):
                do {
                    try shield.setShields(on: on, apps: apps)
                } catch {
                    logger.error("could not set the shields: \(error)")
                }
            case .readHealth(let day):
                reads.append(day)
            case .notify(let request):
                notifier.present(request) { _ in }
            case .log(let entry):
                logger.info("health gate: \(entry.event)")
            case .saveSettings:
                break // persisted with the transition, before any effect ran
            }
        }
        return reads
    }

    private func requireGate() throws -> HealthGate {
        guard let gate else { throw AgentError.notStarted }
        return gate
    }
}
