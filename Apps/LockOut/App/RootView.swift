import LockOutCore
import LockOutPresentation
import SwiftUI

/// The app's first screen: the device's route (seed 002) picks what it shows — the mode selection, a parent's
/// family, a child's setup or home, or a person's own breaks, focus and gate — with the break sheet and the breaks
/// onboarding over it, one at a time.
struct RootView: View {
    let environment: AppEnvironment

    var body: some View {
        routed
            .screenCoverPresenter(environment.covers)
            .task { await environment.deviceSelection.refresh() }
    }

    @ViewBuilder
    private var routed: some View {
        switch environment.deviceSelection.route {
        case .deviceSelection:
            DeviceSelectionView(model: environment.deviceSelection)
        case .familyDashboard:
            ParentTabs(environment: environment)
        case .childSetup:
            NavigationStack {
                PairingView(model: environment.familyDashboard) {
                    await environment.deviceSelection.refresh()
                }
            }
        case .childHome:
            ChildTabs(environment: environment)
        case .personal:
            PersonalTabs(environment: environment)
        }
    }
}

/// A person's own device: the four break tabs of seed 000, then focus (seed 001) and the health gate (seed 004).
struct PersonalTabs: View {
    let environment: AppEnvironment

    var body: some View {
        TabView {
            DashboardTabItem(environment: environment)
            Tab("Schedule", systemImage: "calendar") {
                NavigationStack { ScheduleView(model: environment.schedule) }
            }
            .accessibilityIdentifier("tab.schedule")
            Tab("Statistics", systemImage: "chart.bar") {
                NavigationStack { StatisticsView(model: environment.statistics) }
            }
            .accessibilityIdentifier("tab.statistics")
            FocusTabs(environment: environment)
            GateTabItem(environment: environment)
            SettingsTabItem(environment: environment)
        }
        .tabViewStyle(.sidebarAdaptable)
    }
}

/// Focus, its activities, its history and the tasks (seed 001): a section of tabs, a sidebar group on iPad and Mac.
struct FocusTabs: TabContent {
    let environment: AppEnvironment

    var body: some TabContent<Never> {
        TabSection("Focus") {
            Tab("Timer", systemImage: "timer") {
                NavigationStack { FocusTimerView(model: environment.focusTimer) }
            }
            .accessibilityIdentifier("tab.focus")
            Tab("Activities", systemImage: "tag") {
                NavigationStack { ActivitiesView(model: environment.activities) }
            }
            .accessibilityIdentifier("tab.activities")
            Tab("History", systemImage: "clock.arrow.circlepath") {
                NavigationStack { FocusHistoryView(model: environment.focusHistory) }
            }
            .accessibilityIdentifier("tab.history")
            Tab("Tasks", systemImage: "checklist") {
                NavigationStack { TasksView(model: environment.tasks) }
            }
            .accessibilityIdentifier("tab.tasks")
        }
    }
}

/// The breaks Dashboard's tab, on every kind of device.
struct DashboardTabItem: TabContent {
    let environment: AppEnvironment

    var body: some TabContent<Never> {
        Tab("Dashboard", systemImage: "eye") {
            NavigationStack { DashboardView(model: environment.dashboard) }
        }
        .accessibilityIdentifier("tab.dashboard")
    }
}

/// The health gate's tab, on a person's and a child's device.
struct GateTabItem: TabContent {
    let environment: AppEnvironment

    var body: some TabContent<Never> {
        Tab("Health Gate", systemImage: "figure.walk") {
            NavigationStack { GateTab(environment: environment) }
        }
        .accessibilityIdentifier("tab.gate")
    }
}

/// The settings' tab, on a person's and a parent's device.
struct SettingsTabItem: TabContent {
    let environment: AppEnvironment

    var body: some TabContent<Never> {
        Tab("Settings", systemImage: "gearshape") {
            NavigationStack { SettingsView(model: environment.settings) }
        }
        .accessibilityIdentifier("tab.settings")
    }
}

/// A parent's device: the family first, then the parent's own breaks and settings.
struct ParentTabs: View {
    let environment: AppEnvironment

    var body: some View {
        TabView {
            Tab("Family", systemImage: "person.2") {
                NavigationStack {
                    FamilyDashboardView(model: environment.familyDashboard) {
                        await environment.deviceSelection.refresh()
                    }
                }
            }
            .accessibilityIdentifier("tab.family")
            DashboardTabItem(environment: environment)
            SettingsTabItem(environment: environment)
        }
        .tabViewStyle(.sidebarAdaptable)
    }
}

/// A child's device: the rewards home (seed 002) first, the gate and breaks after.
struct ChildTabs: View {
    let environment: AppEnvironment

    var body: some View {
        TabView {
            Tab("Home", systemImage: "star") {
                NavigationStack { RewardsTab(environment: environment) }
            }
            .accessibilityIdentifier("tab.rewards")
            GateTabItem(environment: environment)
            DashboardTabItem(environment: environment)
        }
        .tabViewStyle(.sidebarAdaptable)
    }
}

/// The health gate (seed 004): its onboarding until finished, then the gate; on iPhone and iPad with the Screen Time
/// picker for the locked apps.
struct GateTab: View {
    let environment: AppEnvironment

    var body: some View {
        #if os(iOS)
            if environment.gateOnboarding.isFinished {
                HealthGateView(model: environment.healthGate, screenTime: environment.system.screenTime)
            } else {
                GateOnboardingView(model: environment.gateOnboarding, screenTime: environment.system.screenTime)
            }
        #else
            if environment.gateOnboarding.isFinished {
                HealthGateView(model: environment.healthGate)
            } else {
                GateOnboardingView(model: environment.gateOnboarding)
            }
        #endif
    }
}

/// A child's home: the rewards, with the reward apps' picker on iPhone and iPad.
struct RewardsTab: View {
    let environment: AppEnvironment

    var body: some View {
        #if os(iOS)
            RewardsView(model: environment.rewards, screenTime: environment.system.screenTime)
        #else
            RewardsView(model: environment.rewards)
        #endif
    }
}

#Preview("The health gate") {
    GateTab(environment: try! AppEnvironment.preview())
}

#Preview("A person's device") {
    PersonalTabs(environment: try! AppEnvironment.preview())
}

#Preview("A parent's device") {
    ParentTabs(environment: try! AppEnvironment.preview())
}

#Preview("A child's device") {
    ChildTabs(environment: try! AppEnvironment.preview())
}
