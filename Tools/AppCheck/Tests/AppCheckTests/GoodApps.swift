@testable import AppCheck

extension Fixture {
    static let view = "LockOut/Views/DashboardView.swift"
    static let alarm = "LockOut/Adapters/iOS/AlarmAdapter.swift"
    static let system = "LockOut/Adapters/iOS/SystemAdapters.swift"
    static let monitor = "Extensions/ActivityMonitor/Monitor.swift"
    static let project = "project.yml"
    static let tests = "LockOutTests/AppTests.swift"
    static let workflow = ".github/workflows/apple.yml"
    static let signing = "Config/CI-no-signing.xcconfig"
    static let signingIdentity = "Config/Signing.xcconfig"

    /// An app, one extension and the app's tests that pass every check, with the workflow that builds them.
    static let good = Fixture([
        project: """
        configFiles:
          Debug: Config/Base.xcconfig
        packages:
          LockOutKit:
            path: ..
        targets:
          LockOut:
            type: application
            supportedDestinations: [iOS, macOS]
            sources: [LockOut]
            dependencies:
              - package: LockOutKit
                product: LockOutPresentation
              - package: LockOutKit
                products: [LockOutCore, LockOutShared]
              - target: ActivityMonitor
                destinationFilters: [iOS]
            info:
              path: LockOut/Info.plist
              properties:
                NSHealthShareUsageDescription: LockOut reads your steps to open the health gate.
                NSAlarmKitUsageDescription: LockOut rings when a break is due.
                BGTaskSchedulerPermittedIdentifiers: [org.lockout.LockOut.refresh]
                UIBackgroundModes: [fetch]
            entitlements:
              path: LockOut/LockOut.entitlements
              properties:
                com.apple.security.application-groups: [group.org.lockout.LockOut]
                com.apple.developer.family-controls: true
                com.apple.developer.healthkit: true
          ActivityMonitor:
            type: app-extension
            platform: iOS
            sources:
              - path: Extensions/ActivityMonitor
            info:
              path: Extensions/ActivityMonitor/Info.plist
              properties:
                NSExtension:
                  NSExtensionPointIdentifier: com.apple.deviceactivity.monitor-extension
                  NSExtensionPrincipalClass: $(PRODUCT_MODULE_NAME).MonitorExtension
            dependencies:
              - package: LockOutKit
                product: LockOutShared
            entitlements:
              path: Extensions/ActivityMonitor/ActivityMonitor.entitlements
              properties:
                com.apple.security.application-groups: [group.org.lockout.LockOut]
                com.apple.developer.family-controls: true
          LockOutTests:
            type: bundle.unit-test
            supportedDestinations: [iOS, macOS]
            sources: [LockOutTests]
            dependencies:
              - target: LockOut
        schemes:
          LockOut:
            build:
              targets:
                LockOut: all
            test:
              targets:
                - LockOutTests
        """,
        tests: """
        import LockOutCore
        import LockOutPresentation
        import Testing

        @testable import LockOut

        @Test func kinds() {
            #expect(BreakKind.eye.title == "Eye")
        }
        """,
        "Config/Base.xcconfig": """
        // The project's settings: LockOut's own targets only.
        SWIFT_VERSION = 6.0
        SWIFT_TREAT_WARNINGS_AS_ERRORS = YES
        """,
        signing: """
        // Signing alone: every target takes it.
        #include "Signing.xcconfig"
        #include? "Local.xcconfig"
        CODE_SIGNING_ALLOWED = NO
        CODE_SIGNING_REQUIRED[sdk=iphonesimulator*] = NO
        """,
        signingIdentity: """
        CODE_SIGN_IDENTITY = // none
        """,
        view: """
        import LockOutCore
        import LockOutPresentation
        import SwiftUI

        struct DashboardView: View {
            let model: DashboardModel
            var flag: Bool

            var body: some View {
                VStack(spacing: 8) {
                    Text(verbatim: model.headline)
                    Text(verbatim: model.screen?.headline ?? "")
                    ForEach(model.toggles, id: \\.title) { toggle in
                        Text(verbatim: toggle.title)
                    }
                    Text(verbatim: BreakKind.eye.title)
                    Text(verbatim: BreakKind.allCases.first?.rawValue ?? "")
                    Button("Eye") { Task { await model.setEnabled(.eye, !flag) } }
                        .opacity(flag ? 1 : 0.4)
                        .offset(x: -4)
                }
                .padding(.horizontal, 12)
                .task { await model.refresh() }
            }

            func titles(_ screen: DashboardScreen) -> [String] {
                var titles: [String] = []
                for toggle in screen.toggles where toggle.kind == .eye && toggle.enabled == flag {
                    titles.append(toggle.title)
                }
                return titles
            }
        }

        #Preview {
            let minutes = 20 + 5
            DashboardView(model: DashboardModel(agent: previewAgent), flag: minutes > 1)
        }
        """,
        alarm: """
        #if os(iOS)
            import AlarmKit
            import LockOutCore

            @available(iOS 26.0, *)
            final class AlarmAdapter {
                func apply(_ changes: AlarmChanges) throws {
                    for id in changes.cancel {
                        try AlarmManager.shared.cancel(id: id)
                    }
                }
            }

            @available(iOS 26.0, *)
            extension AlarmAdapter {
                var isAuthorized: Bool { AlarmManager.shared.authorizationState == .authorized }
            }
        #endif
        """,
        system: """
        #if os(iOS)
            import BackgroundTasks
            import FamilyControls
            import HealthKit
            import LockOutShared

            enum SystemAdapters {
                static func register() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: SharedIdentifiers.backgroundRefreshTask, using: nil) { task in
                        task.setTaskCompleted(success: true)
                    }
                    if #available(iOS 26.0, *) {
                        _ = AlarmAdapter()
                    }
                }

                @available(iOS 26.0, *)
                static func alarms() -> AlarmAdapter { AlarmAdapter() }

                static func schedule() throws {
                    guard #available(iOS 26.0, *) else { return }
                    _ = AlarmAdapter()
                    try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "org.lockout.LockOut.refresh"))
                }

                static func authorize(_ store: HKHealthStore) async throws {
                    try await AuthorizationCenter.shared.requestAuthorization(for: .individual)
                    _ = UNNotificationRequest.self
                }
            }
        #endif
        """,
        monitor: """
        import DeviceActivity
        import Foundation
        import LockOutShared
        import ManagedSettings

        final class MonitorExtension: DeviceActivityMonitor {
            override func intervalDidStart(for activity: DeviceActivityName) {
                super.intervalDidStart(for: activity)
                _ = UserDefaults(suiteName: AppGroup.identifier)
            }
        }
        """,
    ], repository: [
        workflow: """
        name: Apple apps
        on: [push]
        env:
          CONFIGS: Apps/Config
        jobs:
          apps:
            runs-on: macos-15
            env:
              NO_SIGNING: ${{ github.workspace }}/Apps/Config/CI-no-signing.xcconfig
            steps:
              - name: Build
                run: >-
                  xcodebuild build -project Apps/LockOut.xcodeproj -scheme LockOut
                  -destination 'generic/platform=iOS Simulator' -xcconfig "$NO_SIGNING"
              - name: Test
                run: |
                  device=$(xcrun simctl list devices available -j | python3 -c 'print(1)')  # one device
                  xcodebuild test -project Apps/LockOut.xcodeproj -scheme LockOut \\
                    -destination "id=$device" -xcconfig ${CONFIGS}/CI-no-signing.xcconfig CODE_SIGN_IDENTITY=
              - name: Package
                run: swift build --product LockOutShared -Xswiftc -warnings-as-errors
        """
    ])
}
