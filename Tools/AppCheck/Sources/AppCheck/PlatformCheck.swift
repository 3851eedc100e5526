import SwiftIfConfig
import SwiftSyntax

/// An Apple destination the app builds for, as a build configuration: `os(…)` answers for it and `canImport(…)`
/// from the frameworks table of the apps' contract (Linux has no SDK to ask).
public struct Destination: BuildConfiguration {
    public let name: String
    let base: StaticBuildConfiguration
    /// Frameworks this destination lacks.
    let missing: Set<String>

    public static var iOS: Destination { Destination(name: "iOS", osNames: ["iOS"], missing: Frameworks.macOSOnly) }
    public static var macOS: Destination { Destination(name: "macOS", osNames: ["macOS", "OSX"], missing: Frameworks.iOSOnly) }

    init(name: String, osNames: Set<String>, missing: Set<String>) {
        self.name = name
        self.missing = missing
        self.base = StaticBuildConfiguration(
            customConditions: ["DEBUG"],
            features: [],
            attributes: [],
            targetOSs: osNames,
            targetArchitectures: ["arm64"],
            targetEnvironments: [],
            targetRuntimes: ["_ObjC"],
            targetPointerAuthenticationSchemes: [],
            targetObjectFileFormats: ["MachO"],
            targetPointerBitWidth: 64,
            targetAtomicBitWidths: [8, 16, 32, 64, 128],
            endianness: .little,
            languageVersion: VersionTuple(6, 0),
            compilerVersion: VersionTuple(6, 2)
        )
    }

    /// Whether `module` exists on this destination; a module the table does not name is taken to exist everywhere.
    public func has(_ module: String) -> Bool { !missing.contains(module) }

    public func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
        guard let module = importPath.first?.1 else { return false }
        return has(module)
    }

    public func isCustomConditionSet(name: String) throws -> Bool { base.isCustomConditionSet(name: name) }
    public func hasFeature(name: String) throws -> Bool { base.hasFeature(name: name) }
    public func hasAttribute(name: String) throws -> Bool { base.hasAttribute(name: name) }
    public func isActiveTargetOS(name: String) throws -> Bool { base.isActiveTargetOS(name: name) }
    public func isActiveTargetArchitecture(name: String) throws -> Bool { base.isActiveTargetArchitecture(name: name) }
    public func isActiveTargetEnvironment(name: String) throws -> Bool { base.isActiveTargetEnvironment(name: name) }
    public func isActiveTargetRuntime(name: String) throws -> Bool { base.isActiveTargetRuntime(name: name) }
    public func isActiveTargetPointerAuthentication(name: String) throws -> Bool {
        base.isActiveTargetPointerAuthentication(name: name)
    }
    public func isActiveTargetObjectFormat(name: String) throws -> Bool { base.isActiveTargetObjectFormat(name: name) }
    public var targetPointerBitWidth: Int { base.targetPointerBitWidth }
    public var targetAtomicBitWidths: [Int] { base.targetAtomicBitWidths }
    public var endianness: Endianness { base.endianness }
    public var languageVersion: VersionTuple { base.languageVersion }
    public var compilerVersion: VersionTuple { base.compilerVersion }
}

/// The frameworks table of the apps' contract, and the extensions' own frameworks.
public enum Frameworks {
    /// On iOS / iPadOS only (AlarmKit from 26).
    public static let iOSOnly: Set<String> = [
        "AlarmKit", "ActivityKit", "BackgroundTasks", "FamilyControls", "ManagedSettings", "ManagedSettingsUI",
        "DeviceActivity", "VisionKit", "UIKit",
    ]
    /// On macOS only.
    public static let macOSOnly: Set<String> = ["AppKit"]
    /// What every extension may import.
    public static let extensionBase: Set<String> = ["Foundation", "SwiftUI", "LockOutShared"]
    /// Each extension's own frameworks, by its folder under `Extensions/`.
    public static let extensions: [String: Set<String>] = [
        "Widgets": ["WidgetKit", "ActivityKit"],
        "ActivityMonitor": ["DeviceActivity", "ManagedSettings", "FamilyControls"],
        "ShieldConfiguration": ["ManagedSettings", "ManagedSettingsUI", "UIKit"],
        "ShieldAction": ["ManagedSettings"],
    ]
    /// ActivityKit's names, which only iOS code may use.
    static let activityKitNames: Set<String> = [
        "Activity", "ActivityAttributes", "ActivityContent", "ActivityAuthorizationInfo", "ActivityState",
        "ActivityUIDismissalPolicy", "AlertConfiguration", "PushType",
    ]
}

/// The platform checks: imports active on a destination exist there (`imports`); extensions import only what they
/// may (`extensions`); AlarmKit code is marked for iOS 26 and reached only behind `#available`, ActivityKit only in
/// iOS code (`availability`).
struct PlatformCheck {
    let apps: AppsModel

    func run() -> [Finding] {
        var findings: [Finding] = []
        for file in apps.files {
            findings += imports(in: file) + extensionImports(in: file) + activityKitUses(in: file)
        }
        findings += alarmKit()
        return findings.sorted()
    }

    /// Extensions are iOS only; the app builds for both.
    static func destinations(of file: SwiftFile) -> [Destination] {
        file.topFolder == "Extensions" ? [.iOS] : [.iOS, .macOS]
    }

    private func imports(in file: SwiftFile) -> [Finding] {
        var findings: [Finding] = []
        for destination in Self.destinations(of: file) {
            let regions = file.regions(on: destination)
            for (module, declaration) in file.imports where regions.isActive(declaration) == .active && !destination.has(module) {
                let other = destination.name == "iOS" ? "macOS" : "iOS"
                findings.append(
                    file.finding(
                        .imports, at: declaration,
                        "'\(module)' is \(other)-only but this import is active on \(destination.name): wrap it in #if os(\(other))"
                    )
                )
            }
        }
        return findings
    }

    private func extensionImports(in file: SwiftFile) -> [Finding] {
        guard let name = file.extensionName else { return [] }
        let own = Frameworks.extensions[name]
        let allowed = Frameworks.extensionBase.union(own ?? [])
        return file.imports.filter { !allowed.contains($0.module) }.map { module, declaration in
            let list = allowed.sorted().joined(separator: ", ")
            let note = own == nil ? " (Extensions/\(name) is not one of the known extensions)" : ""
            return file.finding(
                .extensions, at: declaration, "the \(name) extension may import only \(list)\(note); not '\(module)'")
        }
    }

    /// ActivityKit's names in code active on macOS (outside the iOS-only extensions).
    private func activityKitUses(in file: SwiftFile) -> [Finding] {
        guard file.topFolder != "Extensions" else { return [] }
        let regions = file.macOSRegions
        var findings: [Finding] = []
        let declared = apps.declaredTypes
        let references: [(String, Syntax)] =
            file.tree.descendants(DeclReferenceExprSyntax.self).map { ($0.baseName.text, Syntax($0)) }
            + file.tree.descendants(IdentifierTypeSyntax.self).map { ($0.name.text, Syntax($0)) }
        let importsActivityKit = file.imports.contains { $0.module == "ActivityKit" }
        for (name, node) in references
        where importsActivityKit && Frameworks.activityKitNames.contains(name) && !declared.contains(name) {
            if regions.isActive(node) == .active {
                findings.append(
                    file.finding(
                        .availability, at: node, "ActivityKit's '\(name)' in code active on macOS: put it inside #if os(iOS)"))
            }
        }
        return findings
    }

    // MARK: AlarmKit

    /// Whether `attributes` hold `@available(iOS 26…, *)` (or later).
    static func marksIOS26(_ attributes: AttributeListSyntax?) -> Bool {
        attributes?.contains { element in
            guard case .attribute(let attribute) = element, attribute.attributeName.trimmedDescription == "available",
                case .availability(let arguments)? = attribute.arguments
            else { return false }
            return arguments.contains { argument in
                guard case .availabilityVersionRestriction(let restriction) = argument.argument,
                    restriction.platform.text == "iOS", let version = restriction.version
                else { return false }
                return (Int(version.major.text) ?? 0) >= 26
            }
        } ?? false
    }

    /// Whether `conditions` hold `#available(iOS 26…, *)`.
    static func checksIOS26(_ conditions: ConditionElementListSyntax) -> Bool {
        conditions.contains { element in
            guard let availability = element.condition.as(AvailabilityConditionSyntax.self),
                availability.availabilityKeyword.text == "#available"
            else { return false }
            return availability.availabilityArguments.contains { argument in
                guard case .availabilityVersionRestriction(let restriction) = argument.argument,
                    restriction.platform.text == "iOS", let version = restriction.version
                else { return false }
                return (Int(version.major.text) ?? 0) >= 26
            }
        }
    }

    /// The top-level declarations of a file, looking through `#if`.
    static func topLevelDeclarations(_ items: CodeBlockItemListSyntax) -> [DeclSyntax] {
        items.flatMap { item -> [DeclSyntax] in
            guard let decl = item.item.as(DeclSyntax.self) else { return [] }
            if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                return ifConfig.clauses.flatMap { clause -> [DeclSyntax] in
                    if case .statements(let statements)? = clause.elements { return topLevelDeclarations(statements) }
                    return []
                }
            }
            return [decl]
        }
    }

    private func alarmKit() -> [Finding] {
        var findings: [Finding] = []
        let alarmFiles = apps.files.filter { file in file.imports.contains { $0.module == "AlarmKit" } }
        // Types the apps mark for iOS 26: their extensions need no mark of their own.
        var marked: Set<String> = []
        for file in apps.files {
            for decl in file.tree.descendants(DeclSyntax.self) {
                if let name = AppsModel.declaredName(decl),
                    Self.marksIOS26(decl.asProtocol((any WithAttributesSyntax).self)?.attributes)
                {
                    marked.insert(name)
                }
            }
        }
        var alarmTypes: Set<String> = []
        for file in alarmFiles {
            for decl in Self.topLevelDeclarations(file.tree.statements) where !decl.is(ImportDeclSyntax.self) {
                if let name = AppsModel.declaredName(decl) { alarmTypes.insert(name) }
                let attributes = decl.asProtocol((any WithAttributesSyntax).self)?.attributes
                if Self.marksIOS26(attributes) { continue }
                if let extensionDecl = decl.as(ExtensionDeclSyntax.self),
                    let extended = AppsModel.lastComponent(extensionDecl.extendedType), marked.contains(extended)
                {
                    continue
                }
                findings.append(
                    file.finding(
                        .availability, at: decl, "this file imports AlarmKit: mark every declaration @available(iOS 26.0, *)"))
            }
        }
        alarmTypes.subtract(["iOS"])
        guard !alarmTypes.isEmpty else { return findings }
        let alarmPaths = Set(alarmFiles.map(\.path))
        for file in apps.files where !alarmPaths.contains(file.path) {
            let references: [(String, Syntax)] =
                file.tree.descendants(DeclReferenceExprSyntax.self).map { ($0.baseName.text, Syntax($0)) }
                + file.tree.descendants(IdentifierTypeSyntax.self).map { ($0.name.text, Syntax($0)) }
            for (name, node) in references where alarmTypes.contains(name) && !Self.isGuardedForIOS26(node) {
                findings.append(
                    file.finding(
                        .availability, at: node,
                        "'\(name)' needs iOS 26: use it inside if #available(iOS 26.0, *) or an @available(iOS 26.0, *) declaration"
                    )
                )
            }
        }
        return findings
    }

    /// Whether `node` only runs on iOS 26: inside `if #available(iOS 26…)`, after `guard #available(iOS 26…)`, or in
    /// a declaration marked `@available(iOS 26…)`.
    static func isGuardedForIOS26(_ node: Syntax) -> Bool {
        var child = node
        while let parent = child.parent {
            if let ifExpr = parent.as(IfExprSyntax.self), checksIOS26(ifExpr.conditions) {
                if child.id == Syntax(ifExpr.body).id { return true }
                if child.id == Syntax(ifExpr.conditions).id { return true }
            }
            if let items = parent.as(CodeBlockItemListSyntax.self) {
                for item in items {
                    if item.position >= child.position { break }
                    if let guardStmt = item.item.as(GuardStmtSyntax.self), checksIOS26(guardStmt.conditions) { return true }
                }
            }
            if let decl = parent.as(DeclSyntax.self), marksIOS26(decl.asProtocol((any WithAttributesSyntax).self)?.attributes) {
                return true
            }
            child = parent
        }
        return false
    }
}
