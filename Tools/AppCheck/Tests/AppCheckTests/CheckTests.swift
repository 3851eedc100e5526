import Testing

@testable import AppCheck

@Suite("The static checks of the Apple apps")
struct CheckTests {
    @Test("a good app passes every check")
    func goodAppPasses() throws {
        #expect(try Fixture.good.findings().map(\.description) == [])
    }

    // MARK: names

    @Test("names: a misspelled enum case of a Core type is reported")
    func misspelledCase() throws {
        let broken = try Fixture.good.replacing("BreakKind.eye.title", with: "BreakKind.eyee.title", in: Fixture.view)
        let findings = try broken.findings()
        #expect(findings.map(\.rule) == [.names])
        #expect(findings.messages == ["LockOut type 'BreakKind' has no member 'eyee'"])
        #expect(findings.first?.path == Fixture.view)
        #expect(findings.first?.line == 16)
    }

    @Test("names: a misspelled member of a property typed with a presentation model is reported")
    func misspelledModelMember() throws {
        let broken = try Fixture.good.replacing("model.headline)", with: "model.headlin)", in: Fixture.view)
        #expect(try broken.findings(.names).messages == ["LockOut type 'DashboardModel' has no member 'headlin'"])
    }

    @Test("names: chains follow member types through optionals, arrays, for loops and ForEach")
    func chains() throws {
        let optional = try Fixture.good.replacing("model.screen?.headline", with: "model.screen?.headlin", in: Fixture.view)
        #expect(try optional.findings(.names).messages == ["LockOut type 'DashboardScreen' has no member 'headlin'"])
        let forEach = try Fixture.good.replacing("verbatim: toggle.title", with: "verbatim: toggle.titel", in: Fixture.view)
        #expect(try forEach.findings(.names).messages == ["LockOut type 'DashboardScreen.Toggle' has no member 'titel'"])
        let loop = try Fixture.good.replacing("titles.append(toggle.title)", with: "titles.append(toggle.name)", in: Fixture.view)
        #expect(try loop.findings(.names).messages == ["LockOut type 'DashboardScreen.Toggle' has no member 'name'"])
        let parameter = try Fixture.good.replacing("_ changes: AlarmChanges", with: "_ changes: AlarmChanges?", in: Fixture.alarm)
            .replacing("changes.cancel", with: "changes?.cancels ?? []", in: Fixture.alarm)
        #expect(try parameter.findings(.names).messages == ["LockOut type 'AlarmChanges' has no member 'cancels'"])
    }

    @Test("names: a type name two edits from a LockOut type is reported with the likely one")
    func nearMiss() throws {
        let broken = try Fixture.good.replacing("let model: DashboardModel", with: "let model: DashbordModel", in: Fixture.view)
        #expect(try broken.findings(.names).messages == ["'DashbordModel' is not a LockOut type; did you mean 'DashboardModel'?"])
    }

    @Test("names: Apple's names, the apps' own types and the members the apps add are never reported")
    func appleAndOwnNames() throws {
        let shadowed = Fixture.good.with(
            "LockOut/Views/Kinds.swift",
            """
            import LockOutCore

            extension BreakKind {
                var symbol: String { rawValue }
            }

            enum Lookup {
                static let symbol = BreakKind.eye.symbol
                static let counted = BreakKind.eye.title.count
            }
            """
        )
        #expect(try shadowed.findings().map(\.description) == [])
        let apple = Fixture.good.with(
            "LockOut/Adapters/iOS/LiveActivity.swift",
            """
            #if os(iOS)
                import ActivityKit
                import LockOutCore
                import UserNotifications

                func states(_ request: UNNotificationRequest) -> [ActivityState] {
                    Activity<Attributes>.activities.map(\\.activityState)
                }
            #endif
            """
        )
        #expect(try apple.findings(.names) == [])
        let optionalType = Fixture.good.with("LockOut/Views/Optional.swift", "import LockOutCore\nlet none = BreakKind?.none\n")
        #expect(try optionalType.findings(.names) == [])
        let ownType = Fixture.good.with(
            "LockOut/Views/Own.swift", "enum BreakKind { case anything }\nlet x = BreakKind.anything\n")
        #expect(try ownType.findings(.names) == [])
    }

    // MARK: views

    @Test("views: date math in a view is reported")
    func dateMath() throws {
        let broken = try Fixture.good.replacing(
            "Text(verbatim: model.headline)", with: "Text(Date().addingTimeInterval(60), style: .timer)", in: Fixture.view)
        let findings = try broken.findings()
        #expect(findings.map(\.rule) == [.views, .views])
        #expect(findings.messages.allSatisfy { $0.contains("Date(…)") || $0.contains("addingTimeInterval") })
    }

    @Test("views: arithmetic, ordering, ranges and compound assignment in a view are reported")
    func arithmetic() throws {
        let plus = try Fixture.good.replacing(
            "Text(verbatim: model.headline)", with: "Text(verbatim: \"\\(x + 1)\")", in: Fixture.view)
        #expect(try plus.findings(.views).messages.contains("arithmetic '+' in a view: take the value from the model or Core"))
        let compare = try Fixture.good.replacing(
            "Text(verbatim: model.headline)", with: "if count > 10 { Text(\"Many\") }", in: Fixture.view)
        let messages = try compare.findings(.views).messages
        #expect(messages.contains("comparison '>' in a view: take the value from the model or Core"))
        #expect(messages.contains { $0.hasPrefix("number '10' in a view") })
        let compound = try Fixture.good.replacing("titles.append(toggle.title)", with: "count += 2", in: Fixture.view)
        #expect(
            try compound.findings(.views).messages.contains("arithmetic '+=' in a view: take the value from the model or Core"))
        let range = try Fixture.good.replacing(
            "ForEach(model.toggles, id: \\.title)", with: "ForEach(0..<3, id: \\.self)", in: Fixture.view)
        #expect(try range.findings(.views).messages.contains("range '..<' in a view: take the value from the model or Core"))
    }

    @Test("views: reading the clock through .now is reported; a timer over the model's dates is not")
    func clock() throws {
        let now = try Fixture.good.replacing("Text(verbatim: model.headline)", with: "Text(.now, style: .time)", in: Fixture.view)
        #expect(try now.findings(.views).messages.contains { $0.hasPrefix("'.now' reads the clock in a view") })
        let timer = try Fixture.good.replacing(
            "var flag: Bool", with: "var flag: Bool\n    let start: Date\n    let end: Date", in: Fixture.view
        )
        .replacing("Text(verbatim: model.headline)", with: "Text(timerInterval: start...end, countsDown: true)", in: Fixture.view)
        #expect(try timer.findings(.views) == [])
    }

    @Test("views: a number outside a call's arguments is a rule constant")
    func numbers() throws {
        let broken = try Fixture.good.replacing("var flag: Bool", with: "var flag: Bool\n    let limit = 25", in: Fixture.view)
        #expect(
            try broken.findings(.views).messages == [
                "number '25' in a view outside a call's arguments: rule constants belong in Core; layout numbers go inline"
            ])
    }

    // MARK: previews

    @Test("previews: a view file without #Preview is reported")
    func missingPreview() throws {
        let text = try #require(Fixture.good.files[Fixture.view])
        let withoutPreview = String(text[..<text.range(of: "#Preview")!.lowerBound])
        let findings = try Fixture.good.with(Fixture.view, withoutPreview).findings()
        #expect(
            findings.map(\.description) == [
                "\(Fixture.view):5:8: previews: 'DashboardView' is a view but its file has no #Preview"
            ])
    }

    // MARK: imports

    @Test("imports: an iOS-only framework active on macOS is reported, inside #if os(iOS) it is not")
    func iOSOnlyOnMacOS() throws {
        let broken = try Fixture.good.replacing(
            "#if os(iOS)\n    import BackgroundTasks\n    import FamilyControls",
            with: "import FamilyControls\n#if os(iOS)\n    import BackgroundTasks", in: Fixture.system)
        #expect(
            try broken.findings(.imports).messages == [
                "'FamilyControls' is iOS-only but this import is active on macOS: wrap it in #if os(iOS)"
            ])
        let canImport = Fixture.good.with(
            "LockOut/Adapters/Picker.swift", "#if canImport(FamilyControls)\n    import FamilyControls\n#endif\n")
        #expect(try canImport.findings(.imports) == [])
        let appKit = Fixture.good.with("LockOut/Adapters/Menu.swift", "#if !os(watchOS)\n    import AppKit\n#endif\n")
        #expect(
            try appKit.findings(.imports).messages == [
                "'AppKit' is macOS-only but this import is active on iOS: wrap it in #if os(macOS)"
            ])
    }

    // MARK: extensions

    @Test("extensions: an extension importing LockOutCore is reported")
    func extensionImportsCore() throws {
        let broken = try Fixture.good.replacing(
            "import LockOutShared", with: "import LockOutCore\nimport LockOutShared", in: Fixture.monitor)
        #expect(
            try broken.findings(.extensions).messages == [
                "the ActivityMonitor extension may import only DeviceActivity, FamilyControls, Foundation, LockOutShared, ManagedSettings, SwiftUI; not 'LockOutCore'"
            ])
    }

    // MARK: availability

    @Test("availability: AlarmKit code without @available(iOS 26) is reported, and so is its use outside #available")
    func alarmKit() throws {
        let unmarked = try Fixture.good.replacing(
            "@available(iOS 26.0, *)\n    final class", with: "final class", in: Fixture.alarm)
        let findings = try unmarked.findings(.availability)
        #expect(findings.messages.contains("this file imports AlarmKit: mark every declaration @available(iOS 26.0, *)"))
        let unguarded = Fixture.good.with(
            "LockOut/Adapters/iOS/Alarms.swift", "#if os(iOS)\n    func alarms() { _ = AlarmAdapter() }\n#endif\n")
        #expect(
            try unguarded.findings(.availability).messages == [
                "'AlarmAdapter' needs iOS 26: use it inside if #available(iOS 26.0, *) or an @available(iOS 26.0, *) declaration"
            ])
    }

    @Test("availability: ActivityKit used in code active on macOS is reported")
    func activityKitOnMacOS() throws {
        let broken = Fixture.good.with(
            "LockOut/Adapters/LiveActivity.swift",
            """
            #if canImport(ActivityKit)
                import ActivityKit
            #endif

            func endAll() async {
                for activity in Activity<Attributes>.activities { await activity.end(nil) }
            }
            """
        )
        #expect(
            try broken.findings(.availability).messages == [
                "ActivityKit's 'Activity' in code active on macOS: put it inside #if os(iOS)"
            ])
    }

    // MARK: config

    @Test("config: a misspelled extension point identifier is reported")
    func wrongExtensionPoint() throws {
        let broken = try Fixture.good.replacing(
            "com.apple.deviceactivity.monitor-extension", with: "com.apple.deviceactivity.monitor", in: Fixture.project)
        let findings = try broken.findings()
        #expect(findings.map(\.rule) == [.config])
        #expect(
            findings.messages == [
                "'com.apple.deviceactivity.monitor' of 'ActivityMonitor' is not an extension point identifier Apple loads; its sources fit com.apple.deviceactivity.monitor-extension"
            ])
    }

    @Test("config: an allowed identifier that does not fit the extension's frameworks is reported")
    func mismatchedExtensionPoint() throws {
        let broken = try Fixture.good.replacing(
            "com.apple.deviceactivity.monitor-extension", with: "com.apple.ManagedSettings.shield-action-service",
            in: Fixture.project)
        #expect(
            try broken.findings(.config).messages == [
                "'ActivityMonitor' declares com.apple.ManagedSettings.shield-action-service but its sources import DeviceActivity: com.apple.deviceactivity.monitor-extension"
            ])
    }

    @Test("config: a principal class missing from the extension's sources is reported")
    func missingPrincipalClass() throws {
        let broken = try Fixture.good.replacing("final class MonitorExtension", with: "final class Monitor", in: Fixture.monitor)
        #expect(
            try broken.findings(.config).messages == [
                "principal class '$(PRODUCT_MODULE_NAME).MonitorExtension' of 'ActivityMonitor' is not a class in its sources"
            ])
    }

    @Test("config: an App Group other than AppGroup.identifier is reported")
    func differentAppGroup() throws {
        let yaml = try #require(Fixture.good.files[Fixture.project])
        let last = try #require(yaml.range(of: "[group.org.lockout.LockOut]", options: .backwards))
        let broken = Fixture.good.with(Fixture.project, yaml.replacingCharacters(in: last, with: "[group.org.lockout.Monitor]"))
        let findings = try broken.findings(.config)
        #expect(
            findings.messages == [
                "'ActivityMonitor' App Groups are [\"group.org.lockout.Monitor\"], not [group.org.lockout.LockOut] (AppGroup.identifier)"
            ])
        let line = yaml[..<last.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(findings.first?.line == line)
    }

    @Test("config: a framework's missing usage string is reported")
    func missingUsageString() throws {
        let broken = try Fixture.good.replacing(
            "        NSHealthShareUsageDescription: LockOut reads your steps to open the health gate.\n", with: "",
            in: Fixture.project)
        #expect(try broken.findings(.config).messages == ["'LockOut' imports HealthKit but has no NSHealthShareUsageDescription"])
    }

    @Test("config: a task identifier registered in code but not permitted, and one permitted but never registered")
    func backgroundTasks() throws {
        let inCode = try Fixture.good.replacing(
            "BGAppRefreshTaskRequest(identifier: \"org.lockout.LockOut.refresh\")",
            with: "BGAppRefreshTaskRequest(identifier: \"org.lockout.LockOut.sync\")", in: Fixture.system)
        #expect(
            try inCode.findings(.config).messages == [
                "task identifier 'org.lockout.LockOut.sync' is not in BGTaskSchedulerPermittedIdentifiers of 'LockOut'"
            ])
        let inPlist = try Fixture.good.replacing(
            "[org.lockout.LockOut.refresh]", with: "[org.lockout.LockOut.refresh, org.lockout.LockOut.sync]", in: Fixture.project)
        #expect(
            try inPlist.findings(.config).messages == [
                "'org.lockout.LockOut.sync' in BGTaskSchedulerPermittedIdentifiers of 'LockOut' is never registered in its code"
            ])
        let noFetch = try Fixture.good.replacing(
            "UIBackgroundModes: [fetch]", with: "UIBackgroundModes: [audio]", in: Fixture.project)
        #expect(
            try noFetch.findings(.config).messages == [
                "'LockOut' schedules background refresh but UIBackgroundModes lacks fetch"
            ])
    }

    @Test("config: a Family Controls entitlement on a target that does not use Screen Time is reported")
    func needlessFamilyControls() throws {
        let broken = try Fixture.good.replacing("    import FamilyControls\n", with: "", in: Fixture.system)
            .replacing(
                "try await AuthorizationCenter.shared.requestAuthorization(for: .individual)\n", with: "", in: Fixture.system)
        #expect(
            try broken.findings(.config).messages == [
                "'LockOut' has com.apple.developer.family-controls but imports none of FamilyControls, ManagedSettings, DeviceActivity"
            ])
    }

    @Test("config: the Mac's own entitlements file is checked against the imports active on macOS")
    func macEntitlements() throws {
        func mac(_ entries: String) throws -> Fixture {
            try Fixture.good.replacing(
                "    info:\n      path: LockOut/Info.plist",
                with:
                    "    settings:\n      base:\n        CODE_SIGN_ENTITLEMENTS[sdk=macosx*]: Config/Mac.entitlements\n    info:\n      path: LockOut/Info.plist",
                in: Fixture.project
            ).with(
                "Config/Mac.entitlements",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \(entries)
                </dict>
                </plist>
                """
            )
        }
        let group = "<key>com.apple.security.application-groups</key><array><string>group.org.lockout.LockOut</string></array>"
        #expect(try mac(group).findings().map(\.description) == [])
        let family = try mac(group + "<key>com.apple.developer.family-controls</key><true/>").findings(.config)
        #expect(
            family.map(\.description) == [
                "Config/Mac.entitlements:1:1: config: 'LockOut' (macOS) has com.apple.developer.family-controls but imports none of FamilyControls, ManagedSettings, DeviceActivity"
            ])
        #expect(
            try mac("").findings(.config).messages == [
                "'LockOut' (macOS) has no com.apple.security.application-groups entitlement: [group.org.lockout.LockOut]"
            ])
        #expect(try mac("<key>broken").findings(.config).messages.contains("not a property list"))
    }

    @Test("config: an iOS-only extension embedded for macOS too is reported")
    func embeddedForMacOS() throws {
        let broken = try Fixture.good.replacing("        destinationFilters: [iOS]\n", with: "", in: Fixture.project)
        #expect(
            try broken.findings(.config).messages == [
                "'LockOut' embeds 'ActivityMonitor' for macOS too: add destinationFilters: [iOS]"
            ])
    }
}
