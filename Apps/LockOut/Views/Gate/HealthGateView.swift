import LockOutCore
import LockOutPresentation
import LockOutShared
import SwiftUI

/// The health gate (seed 004): whether blocked apps are locked and why, each goal's ring with its "X / Y steps" and
/// its Goal met badge, peek, the emergency unlock with its wait and code, a held weakening edit and when it applies,
/// the goal editors and the blocked apps. Everything shown is the model's; the gate is read again when the app
/// comes to the foreground, and every second while a wait or a peek counts down.
struct HealthGateView: View {
    let model: HealthGateModel
    #if os(iOS)
        /// Where the gate's apps are kept; nil where no picker shows (previews).
        var screenTime: ScreenTimeAdapter? = nil
    #endif

    @Environment(\.scenePhase) private var scenePhase
    @State private var code = ""

    var body: some View {
        List {
            Section {
                status
            }
            Section("Today's goals") {
                ForEach(model.goals, id: \.kind) { row in
                    GoalProgressRow(row: row)
                }
            }
            Section("Peek and emergency unlock") {
                unlocking
            }
            if let held = model.heldEditText {
                Section("Waiting change") {
                    Text(verbatim: held)
                    ForEach(model.heldChanges, id: \.self) { change in
                        Text(verbatim: change).font(.callout)
                    }
                }
            }
            Section("Goals") {
                GoalEditorsView(model: model)
            }
            Section("Blocked apps") {
                blockedApps
            }
        }
        .navigationTitle(Text("Health gate"))
        .task { await model.refresh() }
        .task(id: countsDown) {
            guard countsDown else { return }
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                await model.refresh()
            }
        }
        .onChange(of: scenePhase) { _, phase in
            if phase == .active {
                Task { await model.checkHealth() }
            }
        }
    }

    /// Locked or open, why, and what went wrong.
    @ViewBuilder private var status: some View {
        Label(model.title, systemImage: model.isLocked ? "lock.fill" : "lock.open.fill")
            .font(.title2.bold())
            .foregroundStyle(model.isLocked ? Color.red : Color.green)
            .accessibilityIdentifier("gate.status")
        Text(verbatim: model.headline)
            .accessibilityIdentifier("gate.headline")
        if let failure = model.sourceFailure {
            Label(failure, systemImage: "exclamationmark.triangle")
                .foregroundStyle(.orange)
                .accessibilityIdentifier("gate.sourceFailure")
        }
        if let notice = model.notice {
            Text(verbatim: notice).font(.callout).foregroundStyle(.secondary)
        }
        if let message = model.message {
            Text(verbatim: message.text)
                .foregroundStyle(.red)
                .accessibilityIdentifier("gate.message")
        }
        Button("Check health data") {
            Task { await model.checkHealth() }
        }
        .accessibilityIdentifier("gate.checkHealth")
    }

    /// Peek, the emergency unlock, and the code asked for with its field.
    @ViewBuilder private var unlocking: some View {
        Text(verbatim: model.peekText).font(.callout)
        if model.canPeek {
            Button("Peek") {
                Task { await model.peek() }
            }
            .accessibilityIdentifier("gate.peek")
        }
        if let emergency = model.emergencyText {
            Text(verbatim: emergency).font(.callout)
        }
        if model.offersEmergencyUnlock {
            Button("Emergency unlock", role: .destructive) {
                Task { await model.requestEmergencyUnlock() }
            }
            .accessibilityIdentifier("gate.emergencyUnlock")
        }
        if let prompt = model.codePrompt {
            Text(verbatim: prompt)
                .font(.body.monospacedDigit())
                .accessibilityIdentifier("gate.codePrompt")
        }
        if model.acceptsCode {
            TextField("Code", text: $code)
                .font(.body.monospacedDigit())
                #if os(iOS)
                    .keyboardType(.numberPad)
                #endif
                .accessibilityIdentifier("gate.codeField")
            Button("Confirm") {
                Task {
                    await model.enterCode(code)
                    code = ""
                }
            }
            .accessibilityIdentifier("gate.confirmCode")
        }
        if model.canCancel {
            Button("Cancel", role: .cancel) {
                Task { await model.cancel() }
            }
            .accessibilityIdentifier("gate.cancelCode")
        }
    }

    /// The apps the gate locks: Screen Time's picker on iPhone and iPad, and the block list the gate's settings hold.
    @ViewBuilder private var blockedApps: some View {
        #if os(iOS)
            if let screenTime {
                GateAppPickerView(selectionName: ShieldSelectionName.gate, screenTime: screenTime)
            }
        #endif
        ForEach(model.blockedApps, id: \.executable) { app in
            HStack {
                Text(verbatim: app.displayName)
                Spacer()
                Button("Unblock") {
                    Task { await model.unblock(app) }
                }
                .accessibilityIdentifier("gate.unblock.\(app.executable)")
            }
        }
    }

    /// Whether a countdown shows: the wait before a code, or a running peek.
    private var countsDown: Bool {
        if model.codeRequest?.secondsLeft != nil { return true }
        if case .running = model.screen?.peek { return true }
        return false
    }
}

/// One goal: its progress ring, its "X / Y steps" and, once met, its Goal met badge.
private struct GoalProgressRow: View {
    let row: GateScreen.GoalRow

    var body: some View {
        HStack(spacing: 16) {
            ZStack {
                Circle()
                    .stroke(.quaternary, lineWidth: 8)
                Circle()
                    .trim(from: 0, to: row.fraction)
                    .stroke(
                        row.isMet ? Color.green : Color.accentColor, style: StrokeStyle(lineWidth: 8, lineCap: .round)
                    )
                    .rotationEffect(.degrees(-90))
                Text(verbatim: row.percentText)
                    .font(.caption.monospacedDigit())
            }
            .frame(width: 64, height: 64)
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(Text(verbatim: row.text))
            .accessibilityValue(Text(verbatim: row.percentText))
            .accessibilityIdentifier(row.kind == .steps ? "progressRing" : "progressRing.\(row.kind.rawValue)")
            VStack(alignment: .leading, spacing: 4) {
                Text(verbatim: row.kind.name).font(.headline)
                Text(verbatim: row.text)
                    .font(.body.monospacedDigit())
                    .accessibilityIdentifier(row.kind == .steps ? "stepCountLabel" : "goalText.\(row.kind.rawValue)")
                if let badge = row.badge {
                    Label(badge, systemImage: "checkmark.seal.fill")
                        .foregroundStyle(.green)
                        .accessibilityIdentifier(row.kind == .steps ? "goalMetBadge" : "goalMetBadge.\(row.kind.rawValue)")
                }
            }
        }
        .padding(.vertical, 4)
    }
}

#Preview("Locked") {
    NavigationStack {
        HealthGateView(model: HealthGateModel(agent: PreviewRuntime.agent(.gateLocked)))
    }
}

#Preview("Open") {
    NavigationStack {
        HealthGateView(model: HealthGateModel(agent: PreviewRuntime.agent(.gateOpen)))
    }
}
