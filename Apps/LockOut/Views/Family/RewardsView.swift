import LockOutCore
import LockOutPresentation
import LockOutShared
import SwiftUI

/// A child's home (seed 002): the balance and today's points against the cap, reward time counting down and the
/// redemptions on offer, the quest, the streak, the level and the badges, a celebration when a quest is completed or
/// a badge unlocked, and the parent's settings behind the PIN. Redeeming is the child's own; the settings ask for
/// the PIN, and lock again when the app goes to the background.
struct RewardsView: View {
    let model: RewardsModel
    #if os(iOS)
        /// Where the reward apps are kept; nil where no picker shows (previews).
        var screenTime: ScreenTimeAdapter? = nil
    #endif

    @Environment(\.scenePhase) private var scenePhase
    @State private var pin = ""
    @State private var newPIN = ""
    @State private var cap: Int?

    var body: some View {
        List {
            Section {
                balance
            }
            Section("Reward time") {
                rewardTime
            }
            if let quest = model.quest {
                Section("Today's quest") {
                    VStack(alignment: .leading, spacing: 6) {
                        Text(verbatim: quest.title).font(.headline)
                        ProgressView(value: quest.fraction)
                            .accessibilityIdentifier("rewards.questProgress")
                        Text(verbatim: quest.text).font(.footnote).foregroundStyle(.secondary)
                    }
                }
            }
            Section("Streak") {
                Label(model.streak.text, systemImage: "flame.fill")
                    .foregroundStyle(model.streak.atRisk ? Color.orange : Color.primary)
                    .accessibilityIdentifier("rewards.streak")
                if model.streak.atRisk {
                    Text("Learn today to keep your streak.").font(.footnote)
                }
            }
            Section("Badges") {
                ForEach(model.badges) { badge in
                    BadgeRow(badge: badge)
                }
            }
            Section("Parent settings") {
                parentSettings
            }
            if let message = model.message {
                Text(verbatim: message.text)
                    .foregroundStyle(.red)
                    .accessibilityIdentifier("rewards.message")
            }
        }
        .navigationTitle(Text("Rewards"))
        .task { await model.refresh() }
        .task(id: model.rewardTime != nil) {
            guard model.rewardTime != nil else { return }
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                await model.refresh()
            }
        }
        .onChange(of: scenePhase) { _, phase in
            if phase == .background { lock() }
        }
        .onDisappear { lock() }
        .alert(model.celebration ?? "", isPresented: celebrating) {
            Button("Yay!") { model.celebrated() }
                .accessibilityIdentifier("rewards.celebrationDone")
        }
    }

    /// The balance, today's points against the cap, and the level.
    @ViewBuilder private var balance: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(model.balance, format: .number)
                .font(.system(size: 48, weight: .bold, design: .rounded))
                .accessibilityIdentifier("rewards.balance")
            Text("points").foregroundStyle(.secondary)
        }
        Text(verbatim: model.todayText)
            .accessibilityIdentifier("rewards.today")
        if let level = model.screen?.level {
            Text("Level \(level.level) · the next at \(level.next) points")
                .font(.footnote)
                .foregroundStyle(.secondary)
        }
    }

    /// Reward time left, or the redemptions on offer.
    @ViewBuilder private var rewardTime: some View {
        if let left = model.rewardTime {
            Text(verbatim: left)
                .font(.largeTitle.monospacedDigit())
                .accessibilityIdentifier("rewards.rewardTime")
        } else {
            Text("No reward time running.").foregroundStyle(.secondary)
        }
        ForEach(model.redemptionChoices, id: \.self) { points in
            Button("Trade \(points) points for \(RewardsScreen.rewardMinutes(points: points)) min") {
                Task { await model.redeem(points: points) }
            }
            .accessibilityIdentifier("rewards.redeem.\(points)")
        }
    }

    /// Setting the PIN the first time, unlocking with it, and the settings once unlocked.
    @ViewBuilder private var parentSettings: some View {
        if !model.pinSet {
            SecureField("New parent PIN", text: $newPIN)
                .accessibilityIdentifier("rewards.newPIN")
            Button("Set PIN") {
                Task {
                    await model.setPIN(newPIN, old: nil)
                    newPIN = ""
                }
            }
            .accessibilityIdentifier("rewards.setPIN")
        } else if !model.settingsUnlocked {
            SecureField("Parent PIN", text: $pin)
                .accessibilityIdentifier("rewards.pin")
            Button("Unlock settings") {
                Task { await model.unlockSettings(pin: pin) }
            }
            .accessibilityIdentifier("rewards.unlock")
        } else {
            TextField("Daily cap in points", value: $cap, format: .number)
                .accessibilityIdentifier("rewards.cap")
            Button("Set daily cap") {
                guard let cap else { return }
                Task { await model.change(.setCap(cap), pin: pin) }
            }
            .disabled(cap == nil)
            .accessibilityIdentifier("rewards.setCap")
            #if os(iOS)
                if let screenTime {
                    GateAppPickerView(selectionName: ShieldSelectionName.rewards, screenTime: screenTime)
                    // The apps whose time counts as each learning program: Screen Time tells their minutes.
                    ForEach(model.learningPrograms, id: \.self) { program in
                        GateAppPickerView(
                            selectionName: ShieldSelectionName.learning(program), screenTime: screenTime,
                            title: String(localized: "Choose the apps that count as \(program)")
                        )
                    }
                }
            #endif
            SecureField("New parent PIN", text: $newPIN)
                .accessibilityIdentifier("rewards.changedPIN")
            Button("Change PIN") {
                Task {
                    await model.setPIN(newPIN, old: pin)
                    newPIN = ""
                }
            }
            .accessibilityIdentifier("rewards.changePIN")
            Button("Lock settings") { lock() }
                .accessibilityIdentifier("rewards.lock")
        }
    }

    /// Whether the celebration shows; dismissing it marks it shown.
    private var celebrating: Binding<Bool> {
        Binding(
            get: { model.celebration != nil },
            set: { shown in
                if !shown { model.celebrated() }
            }
        )
    }

    /// Locks the settings and forgets the PIN typed.
    private func lock() {
        model.lockSettings()
        pin = ""
    }
}

/// A badge: its name and what earns it, unlocked or how far along.
private struct BadgeRow: View {
    let badge: BadgeState

    var body: some View {
        HStack(spacing: 12) {
            Image(systemName: badge.isUnlocked ? "rosette" : "lock.circle")
                .font(.title2)
                .foregroundStyle(badge.isUnlocked ? Color.yellow : Color.secondary)
                .accessibilityHidden(true)
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: badge.name).font(.headline)
                Text(verbatim: badge.detail).font(.footnote).foregroundStyle(.secondary)
            }
            Spacer()
            if !badge.isUnlocked {
                Text("\(badge.progress) / \(badge.threshold)")
                    .font(.footnote.monospacedDigit())
                    .foregroundStyle(.secondary)
            }
        }
        .accessibilityElement(children: .combine)
        .accessibilityIdentifier("rewards.badge.\(badge.id)")
    }
}

#Preview("Child") {
    NavigationStack {
        RewardsView(model: RewardsModel(agent: PreviewRuntime.agent(.child), since: PreviewRuntime.now))
    }
}
