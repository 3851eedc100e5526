import Charts
import LockOutCore
import LockOutPresentation
import SwiftUI

/// The family dashboard (seed 002). On a parent's device: the family's devices with their last sync, Sync Now,
/// pairing, and for the device selected its days as a chart (breaks completed and skipped, stacked) with their
/// numbers, the rewards it reported, configuration to send and what became of what was sent, rename and revoke. On
/// a device in no family: pairing. On a child's or personal device in one: its sync status.
struct FamilyDashboardView: View {
    let model: FamilyDashboardModel
    /// Runs once this device started or joined a family.
    var joined: @MainActor () async -> Void = {}

    var body: some View {
        List {
            switch model.place {
            case .loading:
                ProgressView()
            case .noMode:
                Text("Choose who uses this device first.")
            case .notMember:
                Section("Join or start a family") {
                    PairingView(model: model, joined: joined)
                }
            case .parent:
                ParentSections(model: model)
            case .member:
                MemberStatus(model: model)
            }
            if let message = model.message {
                Text(verbatim: message.text)
                    .foregroundStyle(.red)
                    .accessibilityIdentifier("family.message")
            }
        }
        .navigationTitle(Text("Family"))
        .task { await model.refresh() }
        .refreshable { await model.syncNow() }
    }
}

/// The parent's dashboard: devices, pairing, and the selected device.
private struct ParentSections: View {
    let model: FamilyDashboardModel

    var body: some View {
        Section("Devices") {
            if let unreachable = model.unreachable {
                Label(unreachable, systemImage: "wifi.exclamationmark")
                    .foregroundStyle(.orange)
                    .accessibilityIdentifier("family.unreachable")
            }
            ForEach(model.children, id: \.deviceID) { device in
                Button {
                    Task { await model.select(device, range: model.range) }
                } label: {
                    DeviceRow(device: device, isSelected: model.selected?.deviceID == device.deviceID)
                }
                .accessibilityIdentifier("family.device.\(device.deviceID)")
            }
            Button("Sync Now") {
                Task { await model.syncNow() }
            }
            .accessibilityIdentifier("family.syncNow")
        }
        Section("Pair a device") {
            PairingView(model: model)
        }
        if let selected = model.selected {
            SelectedDevice(model: model, device: selected)
        }
    }
}

/// A device of the family: name, kind, child, and when it last synced or that it was revoked.
private struct DeviceRow: View {
    let device: RegisteredDevice
    let isSelected: Bool

    var body: some View {
        HStack {
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: device.deviceName).font(.headline)
                HStack(spacing: 4) {
                    Text(verbatim: device.deviceType.displayName)
                    if let child = device.childName {
                        Text("· \(child)")
                    }
                }
                .font(.subheadline)
                .foregroundStyle(.secondary)
            }
            Spacer()
            if !device.isActive {
                Text("Revoked").foregroundStyle(.red)
            } else if let synced = device.lastSyncDate {
                Text(synced, style: .relative)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            } else {
                Text("Never synced")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            if isSelected {
                Image(systemName: "checkmark").foregroundStyle(.tint)
            }
        }
    }
}

/// The selected device: its days, its rewards, configuration to send and what was sent, rename and revoke.
private struct SelectedDevice: View {
    let model: FamilyDashboardModel
    let device: RegisteredDevice

    @State private var stepsTarget = GateSettings.defaults[.steps].target
    @State private var points: Int?
    @State private var reason = ""
    @State private var name = ""
    @State private var confirmingRevoke = false

    var body: some View {
        Section {
            Picker("Days", selection: range) {
                ForEach(StatsRange.allCases, id: \.self) { range in
                    Text("\(range.days) days").tag(range)
                }
            }
            .pickerStyle(.segmented)
            .accessibilityIdentifier("family.range")
            UsageChart(days: model.usage)
            ForEach(model.usage) { day in
                UsageDayRow(day: day)
            }
        } header: {
            Text(verbatim: device.deviceName)
        }
        if let rewards = model.rewards?.snapshot?.screen {
            Section("Rewards") {
                LabeledContent("Balance") { Text("\(rewards.balance) points") }
                LabeledContent("Today") { Text("\(rewards.pointsToday) / \(rewards.dailyCap) points") }
                LabeledContent("Streak") { Text("\(rewards.streak.days) days") }
                LabeledContent("Level") { Text(rewards.level.level, format: .number) }
                if let updated = model.rewards?.updated {
                    LabeledContent("Reported") { Text(updated, style: .relative) }
                }
            }
        }
        Section("Send configuration") {
            Stepper(value: $stepsTarget, in: GateGoalKind.steps.allowed, step: GateGoalKind.steps.increment) {
                Text(verbatim: GateGoalKind.steps.targetText(stepsTarget))
            }
            .accessibilityIdentifier("family.stepsTarget")
            Button("Send steps goal") {
                Task { await model.send(.gateGoal(.steps, target: stepsTarget, schedule: nil)) }
            }
            .accessibilityIdentifier("family.sendStepsGoal")
            TextField("Points to grant (negative removes)", value: $points, format: .number)
                .accessibilityIdentifier("family.points")
            TextField("Reason", text: $reason)
                .accessibilityIdentifier("family.reason")
            Button("Send points") {
                guard let points else { return }
                Task { await model.send(.rewards(.adjust(points: points, reason: reason))) }
            }
            .disabled(points == nil)
            .accessibilityIdentifier("family.sendPoints")
        }
        Section("Sent") {
            ForEach(model.selectedCommands, id: \.command.commandID) { sent in
                VStack(alignment: .leading, spacing: 2) {
                    Text(verbatim: sent.command.change.summary)
                    HStack(spacing: 4) {
                        Text(verbatim: sent.status.rawValue)
                        if let reason = sent.reason {
                            Text("· \(reason)")
                        }
                    }
                    .font(.footnote)
                    .foregroundStyle(sent.status == .rejected ? Color.red : Color.secondary)
                }
            }
        }
        Section("Device") {
            TextField("New name", text: $name)
                .accessibilityIdentifier("family.newName")
            Button("Rename") {
                Task { await model.rename(to: name) }
            }
            .disabled(name.isEmpty)
            .accessibilityIdentifier("family.rename")
            Button("Revoke", role: .destructive) { confirmingRevoke = true }
                .disabled(!device.isActive)
                .accessibilityIdentifier("family.revoke")
                .confirmationDialog("Revoke this device? Its access stops at once.", isPresented: $confirmingRevoke) {
                    Button("Revoke", role: .destructive) {
                        Task { await model.revoke() }
                    }
                    .accessibilityIdentifier("family.revokeConfirm")
                }
        }
    }

    /// The range picker: choosing one reads the device's days again.
    private var range: Binding<StatsRange> {
        Binding(
            get: { model.range },
            set: { range in Task { await model.select(device, range: range) } }
        )
    }
}

/// The device's breaks per day, completed and skipped stacked (Swift Charts).
private struct UsageChart: View {
    let days: [FamilyDashboardModel.UsageDay]

    var body: some View {
        Chart(days) { day in
            BarMark(x: .value("Day", day.day.description), y: .value("Breaks", day.breaksCompleted))
                .foregroundStyle(by: .value("Outcome", String(localized: "Completed")))
            BarMark(x: .value("Day", day.day.description), y: .value("Breaks", day.breaksSkipped))
                .foregroundStyle(by: .value("Outcome", String(localized: "Skipped")))
        }
        .frame(height: 180)
        .accessibilityIdentifier("family.usageChart")
    }
}

/// One day's numbers beside the chart.
private struct UsageDayRow: View {
    let day: FamilyDashboardModel.UsageDay

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(verbatim: day.day.description).font(.subheadline.bold())
            HStack(spacing: 12) {
                Text("Compliance \(day.compliance)")
                Text("Focus \(day.focusMinutes) min")
                Text("\(day.steps) steps")
                if day.gateOpened {
                    Image(systemName: "lock.open").accessibilityLabel(Text("Gate opened"))
                }
            }
            .font(.footnote)
            .foregroundStyle(.secondary)
        }
    }
}

/// A child's or personal device in a family: its sync status and Sync Now.
private struct MemberStatus: View {
    let model: FamilyDashboardModel

    var body: some View {
        Section("Family sync") {
            if let status = model.status {
                if let line = status.line {
                    Text(verbatim: line).accessibilityIdentifier("family.syncLine")
                }
                if let server = status.server {
                    LabeledContent("Server") { Text(verbatim: server.absoluteString) }
                }
                if let lastSync = status.lastSync {
                    LabeledContent("Last sync") { Text(lastSync, style: .relative) }
                }
            }
            Button("Sync Now") {
                Task { await model.syncNow() }
            }
            .accessibilityIdentifier("family.syncNow")
        }
    }
}

#Preview("Parent") {
    NavigationStack {
        FamilyDashboardView(
            model: FamilyDashboardModel(
                service: PreviewRuntime.family(.parentDevice), calendar: Calendar(identifier: .gregorian),
                today: { LocalDate(year: 2026, month: 11, day: 23) }
            ))
    }
}

#Preview("Child") {
    NavigationStack {
        FamilyDashboardView(
            model: FamilyDashboardModel(
                service: PreviewRuntime.family(.childDevice), calendar: Calendar(identifier: .gregorian),
                today: { LocalDate(year: 2026, month: 11, day: 23) }
            ))
    }
}
