import Foundation
import SwiftIfConfig
import SwiftSyntax

/// The configuration check over `project.yml` (xcodegen's format, the single source of Info.plist and entitlements)
/// and the property lists in the apps' directory: extension point identifiers from Apple's list and fitting the
/// extension's frameworks, principal classes that exist, one App Group everywhere, usage strings for every framework
/// used, background task identifiers in code and in the plist alike, entitlements on exactly the targets that need
/// them, and iOS-only extensions embedded for iOS only.
struct ConfigCheck {
    let apps: AppsModel
    let root: URL
    let shared: SharedConstants

    static let projectFile = "project.yml"

    /// The allow-list of extension point identifiers, with the framework that marks an extension of each kind,
    /// in the order an extension's imports are matched against them.
    static let extensionPoints: [(identifier: String, framework: String)] = [
        ("com.apple.deviceactivity.monitor-extension", "DeviceActivity"),
        ("com.apple.ManagedSettingsUI.shield-configuration-service", "ManagedSettingsUI"),
        ("com.apple.widgetkit-extension", "WidgetKit"),
        ("com.apple.ManagedSettings.shield-action-service", "ManagedSettings"),
    ]
    static let widgetPoint = "com.apple.widgetkit-extension"
    /// The Info.plist usage string each framework needs.
    static let usageStrings: [(framework: String, key: String)] = [
        ("HealthKit", "NSHealthShareUsageDescription"),
        ("AlarmKit", "NSAlarmKitUsageDescription"),
        ("VisionKit", "NSCameraUsageDescription"),
    ]
    static let familyControls = "com.apple.developer.family-controls"
    static let familyFrameworks: Set<String> = ["FamilyControls", "ManagedSettings", "DeviceActivity"]
    static let healthKit = "com.apple.developer.healthkit"
    static let healthBackground = "com.apple.developer.healthkit.background-delivery"
    static let appGroups = "com.apple.security.application-groups"
    static let permittedTasks = "BGTaskSchedulerPermittedIdentifiers"

    /// One target of the project, with what its sources import and its merged Info.plist and entitlements.
    struct Target {
        let name: String
        let spec: YAMLValue
        let namePosition: YAMLValue.Position
        let type: String
        let destinations: Set<String>
        let files: [SwiftFile]
        let imports: Set<String>
        let info: Properties
        /// The entitlements for each group of destinations (`CODE_SIGN_ENTITLEMENTS[sdk=macosx*]` gives the Mac its own).
        let entitlements: [Entitlements]
    }

    /// One entitlements file of a target and the destinations it signs, with the imports active there.
    struct Entitlements {
        let properties: Properties
        let destinations: Set<String>
        let imports: Set<String>
        /// " (macOS)" for a destination's own file, "" for the target's.
        let label: String
    }

    /// A property list made of a file (when it exists) and the properties `project.yml` writes over it.
    struct Properties {
        /// The `info:` or `entitlements:` node, nil when the target has none.
        let node: YAMLValue?
        let file: [String: Any]
        let filePath: String?
        /// `INFOPLIST_KEY_*` build settings.
        let settings: [String: (value: String, position: YAMLValue.Position)]
        let fallback: YAMLValue.Position

        subscript(key: String) -> Any? {
            if let value = node?["properties"]?[key] { return value.plistValue }
            if let value = file[key] { return value }
            return settings[key]?.value
        }

        /// Where `key` is written, or where it belongs.
        func position(of key: String) -> (path: String, position: YAMLValue.Position) {
            if let properties = node?["properties"], properties[key] != nil {
                return (ConfigCheck.projectFile, properties.position(of: key))
            }
            if file[key] != nil, let filePath { return (filePath, .start) }
            if let setting = settings[key] { return (ConfigCheck.projectFile, setting.position) }
            return (ConfigCheck.projectFile, node?.position ?? fallback)
        }
    }

    /// project.yml in `root`, or why it cannot be read (as a message).
    static func project(in root: URL) -> Result<YAMLValue, ProjectError> {
        guard let text = try? String(contentsOf: root.appendingPathComponent(projectFile), encoding: .utf8) else {
            return .failure(ProjectError(message: "no project.yml in the apps' directory"))
        }
        do {
            guard let parsed = try YAMLValue.parse(text) else { return .failure(ProjectError(message: "project.yml is empty")) }
            return .success(parsed)
        } catch {
            return .failure(ProjectError(message: "project.yml is not YAML: \(error)"))
        }
    }

    struct ProjectError: Error {
        let message: String
    }

    func run() -> [Finding] {
        let project: YAMLValue
        switch Self.project(in: root) {
        case .success(let parsed): project = parsed
        case .failure(let error):
            return [Finding(path: Self.projectFile, line: 1, column: 1, rule: .config, message: error.message)]
        }
        var findings = propertyListFiles()
        let targets = (project["targets"]?.entries ?? []).map { target(named: $0.key, at: $0.keyPosition, spec: $0.value) }
        if targets.isEmpty {
            findings.append(finding(at: project.position, "project.yml declares no targets"))
        }
        for target in targets {
            findings +=
                extensionPoint(target) + appGroup(target) + usageStrings(target) + backgroundTasks(target)
                + entitlements(target) + embedding(target, among: targets)
        }
        return findings.sorted()
    }

    private func finding(at position: YAMLValue.Position, in path: String = ConfigCheck.projectFile, _ message: String) -> Finding
    {
        Finding(path: path, line: position.line, column: position.column, rule: .config, message: message)
    }

    private func finding(_ properties: Properties, _ key: String, _ message: String) -> Finding {
        let (path, position) = properties.position(of: key)
        return finding(at: position, in: path, message)
    }

    // MARK: Reading

    /// Every `*.plist` and `*.entitlements` in the directory must be a property list.
    private func propertyListFiles() -> [Finding] {
        let paths = (try? SourceTree.paths(under: root, extensions: ["plist", "entitlements"])) ?? []
        return paths.compactMap { path in
            readPropertyList(path) == nil ? finding(at: .start, in: path, "not a property list") : nil
        }
    }

    private func readPropertyList(_ path: String) -> [String: Any]? {
        guard let data = try? Data(contentsOf: root.appendingPathComponent(path)) else { return nil }
        return (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any]
    }

    /// The target `name` of project.yml, with its sources, imports, Info.plist and entitlements.
    func target(named name: String, at position: YAMLValue.Position, spec: YAMLValue) -> Target {
        // Sources: paths relative to project.yml, as strings or `{path:}`; a folder holds every file under it.
        let sourcePaths = (spec["sources"]?.items ?? []).compactMap { item in item.string ?? item["path"]?.string }
            .map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        let files = apps.files.filter { file in
            sourcePaths.contains { file.path == $0 || file.path.hasPrefix($0 + "/") || $0 == "." }
        }
        var destinations: Set<String> = []
        for value in (spec["supportedDestinations"]?.items ?? []) + (spec["platform"]?.items ?? []) {
            switch value.string?.lowercased() {
            case "ios"?: destinations.insert("iOS")
            case "macos"?: destinations.insert("macOS")
            default: break
            }
        }
        var infoSettings: [String: (value: String, position: YAMLValue.Position)] = [:]
        for settings in [spec["settings"], spec["settings"]?["base"]] {
            for entry in settings?.entries ?? [] where entry.key.hasPrefix("INFOPLIST_KEY_") {
                if let value = entry.value.string {
                    infoSettings[String(entry.key.dropFirst("INFOPLIST_KEY_".count))] = (value, entry.keyPosition)
                }
            }
        }
        // A plist named by a build setting instead of `info:` / `entitlements:`.
        func setting(_ name: String) -> String? {
            spec["settings"]?["base"]?[name]?.string ?? spec["settings"]?[name]?.string
        }
        func properties(_ key: String, settings: [String: (value: String, position: YAMLValue.Position)]) -> Properties {
            let node = spec[key]
            let filePath = node?["path"]?.string ?? setting(key == "info" ? "INFOPLIST_FILE" : "CODE_SIGN_ENTITLEMENTS")
            return Properties(
                node: node, file: filePath.flatMap(readPropertyList) ?? [:], filePath: filePath, settings: settings,
                fallback: position
            )
        }
        let type = spec["type"]?.string ?? ""
        if destinations.isEmpty { destinations = type == "app-extension" ? ["iOS"] : ["iOS", "macOS"] }
        // `CODE_SIGN_ENTITLEMENTS[sdk=macosx*]: file` signs that destination with a file of its own.
        var ownFiles: [String: (path: String, position: YAMLValue.Position)] = [:]
        for settings in [spec["settings"], spec["settings"]?["base"]] {
            for entry in settings?.entries ?? [] where entry.key.hasPrefix("CODE_SIGN_ENTITLEMENTS[sdk=") {
                let sdk = entry.key.dropFirst("CODE_SIGN_ENTITLEMENTS[sdk=".count)
                let destination = sdk.hasPrefix("macosx") ? "macOS" : sdk.hasPrefix("iphone") ? "iOS" : nil
                if let destination, let path = entry.value.string, destinations.contains(destination) {
                    ownFiles[destination] = (path, entry.keyPosition)
                }
            }
        }
        func activeImports(_ on: Set<String>) -> Set<String> {
            var modules: Set<String> = []
            for file in files {
                for destination in [Destination.iOS, Destination.macOS] where on.contains(destination.name) {
                    let regions = file.regions(on: destination)
                    for (module, declaration) in file.imports where regions.isActive(declaration) == .active {
                        modules.insert(module)
                    }
                }
            }
            return modules
        }
        var entitlements: [Entitlements] = []
        let shared = destinations.subtracting(ownFiles.keys)
        if !shared.isEmpty {
            let label = ownFiles.isEmpty ? "" : " (\(shared.sorted().joined(separator: ", ")))"
            entitlements.append(
                Entitlements(
                    properties: properties("entitlements", settings: [:]), destinations: shared, imports: activeImports(shared),
                    label: label)
            )
        }
        for (destination, own) in ownFiles.sorted(by: { $0.key < $1.key }) {
            let properties = Properties(
                node: nil, file: readPropertyList(own.path) ?? [:], filePath: own.path, settings: [:], fallback: own.position)
            entitlements.append(
                Entitlements(
                    properties: properties, destinations: [destination], imports: activeImports([destination]),
                    label: " (\(destination))")
            )
        }
        return Target(
            name: name, spec: spec, namePosition: position, type: type, destinations: destinations,
            files: files, imports: Set(files.flatMap { $0.imports.map(\.module) }),
            info: properties("info", settings: infoSettings), entitlements: entitlements
        )
    }

    // MARK: Checks

    private func extensionPoint(_ target: Target) -> [Finding] {
        guard target.type == "app-extension" else { return [] }
        var findings: [Finding] = []
        if target.destinations.contains("macOS") {
            findings.append(
                finding(
                    at: target.namePosition,
                    "extension '\(target.name)' is iOS-only (Screen Time and Live Activities); build it for iOS alone"))
        }
        let expected = Self.extensionPoints.first { target.imports.contains($0.framework) }
        guard let nsExtension = target.info["NSExtension"] as? [String: Any],
            let point = nsExtension["NSExtensionPointIdentifier"] as? String
        else {
            let hint = expected.map { " (\($0.identifier))" } ?? ""
            return findings + [
                finding(
                    target.info, "NSExtension", "extension '\(target.name)' has no NSExtension.NSExtensionPointIdentifier\(hint)")
            ]
        }
        if !Self.extensionPoints.contains(where: { $0.identifier == point }) {
            let hint = expected.map { "; its sources fit \($0.identifier)" } ?? ""
            findings.append(
                finding(
                    target.info, "NSExtension",
                    "'\(point)' of '\(target.name)' is not an extension point identifier Apple loads\(hint)"))
        } else if let expected, expected.identifier != point {
            findings.append(
                finding(
                    target.info, "NSExtension",
                    "'\(target.name)' declares \(point) but its sources import \(expected.framework): \(expected.identifier)")
            )
        }
        let principal = nsExtension["NSExtensionPrincipalClass"] as? String
        if point == Self.widgetPoint {
            let hasMain = target.files.contains { file in
                file.tree.descendants(AttributeSyntax.self).contains { $0.attributeName.trimmedDescription == "main" }
            }
            if !hasMain {
                findings.append(
                    finding(at: target.namePosition, "widget extension '\(target.name)' has no @main type in its sources"))
            }
        } else if let principal {
            let className = String(principal.split(separator: ".").last ?? "")
            let declared = target.files.contains { file in
                file.tree.descendants(ClassDeclSyntax.self).contains { $0.name.identifier == className }
            }
            if !declared {
                findings.append(
                    finding(
                        target.info, "NSExtension",
                        "principal class '\(principal)' of '\(target.name)' is not a class in its sources"))
            }
        } else {
            findings.append(
                finding(target.info, "NSExtension", "extension '\(target.name)' has no NSExtension.NSExtensionPrincipalClass"))
        }
        return findings
    }

    private func isProduct(_ target: Target) -> Bool { target.type == "application" || target.type == "app-extension" }

    private func appGroup(_ target: Target) -> [Finding] {
        guard isProduct(target), let identifier = shared.appGroup else { return [] }
        return target.entitlements.compactMap { entitlements in
            let properties = entitlements.properties
            let name = "'\(target.name)'\(entitlements.label)"
            guard let groups = properties[Self.appGroups] else {
                return finding(properties, Self.appGroups, "\(name) has no \(Self.appGroups) entitlement: [\(identifier)]")
            }
            guard let list = groups as? [String], list == [identifier] else {
                return finding(
                    properties, Self.appGroups, "\(name) App Groups are \(groups), not [\(identifier)] (AppGroup.identifier)")
            }
            return nil
        }
    }

    private func usageStrings(_ target: Target) -> [Finding] {
        var findings: [Finding] = []
        for (framework, key) in Self.usageStrings where target.imports.contains(framework) {
            let value = (target.info[key] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if value.isEmpty {
                findings.append(finding(target.info, key, "'\(target.name)' imports \(framework) but has no \(key)"))
            }
        }
        if target.type == "application", target.imports.contains("ActivityKit"),
            target.info["NSSupportsLiveActivities"] as? Bool != true
        {
            findings.append(
                finding(
                    target.info, "NSSupportsLiveActivities",
                    "'\(target.name)' imports ActivityKit but NSSupportsLiveActivities is not true"))
        }
        return findings
    }

    private func backgroundTasks(_ target: Target) -> [Finding] {
        var findings: [Finding] = []
        var registered: [String: Finding] = [:]
        for file in target.files {
            for call in file.tree.descendants(FunctionCallExprSyntax.self) {
                guard let argument = Self.taskIdentifierArgument(call) else { continue }
                if let identifier = identifierValue(argument.expression) {
                    registered[identifier] = registered[identifier] ?? file.finding(.config, at: argument, "")
                } else {
                    findings.append(
                        file.finding(
                            .config, at: argument,
                            "cannot read this task identifier: use a string literal or SharedIdentifiers.<name>")
                    )
                }
            }
        }
        let listed = target.info[Self.permittedTasks] as? [String] ?? []
        for (identifier, place) in registered.sorted(by: { $0.key < $1.key }) where !listed.contains(identifier) {
            findings.append(
                Finding(
                    path: place.path, line: place.line, column: place.column, rule: .config,
                    message: "task identifier '\(identifier)' is not in \(Self.permittedTasks) of '\(target.name)'")
            )
        }
        for identifier in listed where registered[identifier] == nil {
            findings.append(
                finding(
                    target.info, Self.permittedTasks,
                    "'\(identifier)' in \(Self.permittedTasks) of '\(target.name)' is never registered in its code"))
        }
        if !registered.isEmpty || !listed.isEmpty || target.imports.contains("BackgroundTasks") {
            let modes = target.info["UIBackgroundModes"] as? [String] ?? []
            if !modes.contains("fetch") {
                findings.append(
                    finding(
                        target.info, "UIBackgroundModes",
                        "'\(target.name)' schedules background refresh but UIBackgroundModes lacks fetch"))
            }
        }
        return findings
    }

    /// The identifier argument of `register(forTaskWithIdentifier:…)` or `BGAppRefreshTaskRequest(identifier:)`.
    static func taskIdentifierArgument(_ call: FunctionCallExprSyntax) -> LabeledExprSyntax? {
        let callee = call.calledExpression
        if let access = callee.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "register" {
            return call.arguments.first { $0.label?.text == "forTaskWithIdentifier" }
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self),
            ["BGAppRefreshTaskRequest", "BGProcessingTaskRequest"].contains(reference.baseName.text)
        {
            return call.arguments.first { $0.label?.text == "identifier" }
        }
        return nil
    }

    /// A string literal, `SharedIdentifiers.name`, or a constant of the apps holding one of those.
    private func identifierValue(_ expression: ExprSyntax, depth: Int = 0) -> String? {
        if let literal = literalString(expression) { return literal }
        guard depth < 4 else { return nil }
        let name: String
        if let access = expression.as(MemberAccessExprSyntax.self) {
            name = access.declName.baseName.identifier
            if let base = access.base.flatMap(AppsModel.dottedNameOfExpression), base.hasSuffix("SharedIdentifiers") {
                return shared.identifiers[name]
            }
        } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.identifier
        } else {
            return nil
        }
        for file in apps.files {
            for variable in file.tree.descendants(VariableDeclSyntax.self) {
                for binding in variable.bindings
                where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifier == name {
                    if let value = binding.initializer?.value, let found = identifierValue(value, depth: depth + 1) {
                        return found
                    }
                }
            }
        }
        return nil
    }

    /// Screen Time and HealthKit entitlements on exactly the targets (and destinations) whose active code imports them.
    private func entitlements(_ target: Target) -> [Finding] {
        guard isProduct(target) else { return [] }
        let backgroundDelivery = target.files.contains { file in
            file.tree.descendants(DeclReferenceExprSyntax.self).contains { $0.baseName.text == "enableBackgroundDelivery" }
        }
        var findings: [Finding] = []
        for entitlements in target.entitlements {
            let properties = entitlements.properties
            let name = "'\(target.name)'\(entitlements.label)"
            let usesFamily = !entitlements.imports.isDisjoint(with: Self.familyFrameworks)
            if usesFamily && properties[Self.familyControls] as? Bool != true {
                findings.append(
                    finding(
                        properties, Self.familyControls, "\(name) imports Screen Time frameworks but lacks \(Self.familyControls)"
                    ))
            } else if !usesFamily && properties[Self.familyControls] != nil {
                findings.append(
                    finding(
                        properties, Self.familyControls,
                        "\(name) has \(Self.familyControls) but imports none of FamilyControls, ManagedSettings, DeviceActivity")
                )
            }
            let usesHealth = entitlements.imports.contains("HealthKit")
            if usesHealth && properties[Self.healthKit] as? Bool != true {
                findings.append(finding(properties, Self.healthKit, "\(name) imports HealthKit but lacks \(Self.healthKit)"))
            } else if !usesHealth && properties[Self.healthKit] != nil {
                findings.append(
                    finding(properties, Self.healthKit, "\(name) has \(Self.healthKit) but does not import HealthKit"))
            }
            if usesHealth && backgroundDelivery && properties[Self.healthBackground] as? Bool != true {
                findings.append(
                    finding(
                        properties, Self.healthBackground,
                        "\(name) enables HealthKit background delivery but lacks \(Self.healthBackground)")
                )
            } else if !usesHealth && properties[Self.healthBackground] != nil {
                findings.append(
                    finding(
                        properties, Self.healthBackground, "\(name) has \(Self.healthBackground) but does not import HealthKit"))
            }
        }
        return findings
    }

    /// An app built for macOS too embeds its (iOS-only) extensions for iOS only.
    private func embedding(_ target: Target, among targets: [Target]) -> [Finding] {
        guard target.type == "application", target.destinations.contains("macOS") else { return [] }
        let extensions = Set(targets.filter { $0.type == "app-extension" }.map(\.name))
        var findings: [Finding] = []
        for dependency in target.spec["dependencies"]?.items ?? [] {
            guard let name = dependency["target"]?.string, extensions.contains(name) else { continue }
            let destinationFilters = (dependency["destinationFilters"]?.items ?? []).compactMap { $0.string?.lowercased() }
            let platformFilters = ((dependency["platformFilters"]?.items ?? []) + (dependency["platformFilter"]?.items ?? []))
                .compactMap { $0.string?.lowercased() }
            let iOSOnly = (destinationFilters == ["ios"]) || (platformFilters == ["ios"])
            if !iOSOnly {
                findings.append(
                    finding(
                        at: dependency.position, "'\(target.name)' embeds '\(name)' for macOS too: add destinationFilters: [iOS]")
                )
            }
        }
        return findings
    }
}
