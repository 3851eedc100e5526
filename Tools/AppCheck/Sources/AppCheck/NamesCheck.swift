import SwiftSyntax

/// What an expression in the apps is, as far as names can tell.
indirect enum ValueType: Hashable {
    /// A value of a LockOut type (dotted path in the interface).
    case instance(String)
    /// A LockOut type itself: `BreakKind` in `BreakKind.eye`.
    case metatype(String)
    /// A value of a type the apps declare.
    case localInstance(String)
    /// A type the apps declare.
    case localMetatype(String)
    case optional(ValueType)
    case array(ValueType)
    /// A LockOut module's name: `LockOutCore` in `LockOutCore.BreakKind`.
    case module(String)
    /// `$model` of a `@Bindable var model: T`: its members are `T`'s, what they give is a binding.
    case projection(ValueType)
}

/// The names check: every `Type.member` on a LockOut type and every member reached from a value of a LockOut type
/// (a property or parameter annotated with one, a chain through member types the interface gives, a `for` loop's
/// element) names a member that exists; a type name close to a LockOut type's but not one is reported with the
/// likely intended name. Names only: neither overloads nor argument labels nor types are checked.
final class NamesCheck {
    let interface: Interface
    let apps: AppsModel
    private(set) var findings: Set<Finding> = []
    private var cache: [SyntaxIdentifier: ValueType?] = [:]
    private var visibleCache: [String: Set<String>] = [:]
    /// The likely intended LockOut type of an unknown name, by file and name.
    private var nearMisses: [String: String?] = [:]
    /// LockOut types the apps extend with a conformance to a protocol the checker cannot see: their members are not
    /// checked.
    private var openTypes: Set<String> = []
    /// Members the apps add to LockOut types in extensions, with the declaration each comes from.
    private var addedMembers: [String: [String: DeclSyntax]] = [:]

    /// Apple's names that are LockOut's too or within two edits of one: in a file importing the framework they are
    /// Apple's (`Activity<FocusActivityAttributes>`, `ActivityState` next to LockOut's `ActivityStore`).
    static let frameworkNames: [String: Set<String>] = [
        "ActivityKit": [
            "Activity", "ActivityAttributes", "ActivityAuthorizationInfo", "ActivityContent", "ActivityState",
            "ActivityUIDismissalPolicy",
        ],
        "SwiftUI": ["Commands", "FocusState"],
    ]
    /// Protocols whose conformance adds no member the code could reach by name.
    static let plainProtocols: Set<String> = [
        "Identifiable", "Hashable", "Equatable", "Sendable", "Codable", "Encodable", "Decodable",
        "CustomStringConvertible", "Comparable", "CaseIterable",
    ]
    /// Members every type has.
    static let universalMembers: Set<String> = ["self", "Type", "Protocol", "init"]
    /// `Optional`'s own members, reached on an optional LockOut value without `?`.
    static let optionalMembers: Set<String> = ["map", "flatMap", "none", "some", "unsafelyUnwrapped"]
    /// How far initializers are followed to learn a variable's type.
    static let maximumDepth = 12

    init(interface: Interface, apps: AppsModel) {
        self.interface = interface
        self.apps = apps
        for file in apps.files {
            for extensionDecl in file.tree.descendants(ExtensionDeclSyntax.self) {
                guard let written = AppsModel.dottedName(extensionDecl.extendedType) else { continue }
                let name =
                    written.hasPrefix("LockOut") ? written.split(separator: ".").dropFirst().joined(separator: ".") : written
                guard !apps.declaredTypes.contains(String(name.split(separator: ".").first ?? "")),
                    let path = interface.resolve(name)
                else { continue }
                for inherited in extensionDecl.inheritanceClause?.inheritedTypes ?? [] {
                    let protocolName = AppsModel.lastComponent(inherited.type) ?? ""
                    if !Self.plainProtocols.contains(protocolName), interface.resolve(protocolName) == nil {
                        openTypes.insert(path)
                    }
                }
                for member in extensionDecl.memberBlock.members {
                    for name in Self.memberNames(member.decl) {
                        addedMembers[path, default: [:]][name] = member.decl
                    }
                }
            }
        }
    }

    /// Runs the check over every file.
    func run() -> [Finding] {
        for file in apps.files {
            for access in file.tree.descendants(MemberAccessExprSyntax.self) where access.base != nil {
                _ = resolve(ExprSyntax(access), depth: 0)
            }
            for type in file.tree.descendants(IdentifierTypeSyntax.self) {
                checkTypeName(type.name, in: file)
            }
            for type in file.tree.descendants(MemberTypeSyntax.self) {
                checkMemberType(type, in: file)
            }
            for reference in file.tree.descendants(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.identifier
                guard name.first?.isUppercase == true, lookup(name, from: Syntax(reference), depth: 0) == nil else { continue }
                checkTypeName(reference.baseName, in: file)
            }
        }
        return findings.sorted()
    }

    // MARK: Type names

    /// The LockOut top-level type names a file may use: those of the LockOut modules it imports, less what the apps
    /// declare and what an imported framework declares too.
    func visibleTypes(in file: SwiftFile) -> Set<String> {
        if let cached = visibleCache[file.path] { return cached }
        let imported = Set(file.imports.map(\.module))
        var names = interface.topLevelNames(in: imported.intersection(interface.modules)).subtracting(apps.declaredTypes)
        for (framework, shadowed) in Self.frameworkNames where imported.contains(framework) {
            names.subtract(shadowed)
        }
        visibleCache[file.path] = names
        return names
    }

    /// A type name that is neither the apps' nor LockOut's but within two edits of a LockOut type's name.
    private func checkTypeName(_ token: TokenSyntax, in file: SwiftFile) {
        let name = token.identifier
        guard name.count >= 6, name.first?.isUppercase == true, !apps.declaredTypes.contains(name),
            interface.types[name] == nil, !interface.modules.contains(name)
        else { return }
        let imported = Set(file.imports.map(\.module))
        if Self.frameworkNames.contains(where: { imported.contains($0.key) && $0.value.contains(name) }) { return }
        let key = file.path + "\u{0}" + name
        let best: String?
        if let cached = nearMisses[key] {
            best = cached
        } else {
            let candidates = visibleTypes(in: file).filter { candidate in
                candidate.count >= 6 && !Self.isPrefixed(name, candidate) && Self.editDistance(name, candidate, limit: 2) <= 2
            }
            best = candidates.min { (Self.editDistance(name, $0, limit: 2), $0) < (Self.editDistance(name, $1, limit: 2), $1) }
            nearMisses[key] = .some(best)
        }
        guard let best else { return }
        findings.insert(file.finding(.names, at: token, "'\(name)' is not a LockOut type; did you mean '\(best)'?"))
    }

    /// `DashboardScreen.Togle` in a type annotation.
    private func checkMemberType(_ type: MemberTypeSyntax, in file: SwiftFile) {
        guard let base = AppsModel.dottedName(type.baseType) else { return }
        let path: String?
        if interface.modules.contains(base) {
            let name = type.name.identifier
            if interface.types[name] == nil, !apps.declaredTypes.contains(name) {
                findings.insert(file.finding(.names, at: type.name, "'\(base)' has no public type '\(name)'"))
            }
            return
        } else if let first = base.split(separator: ".").first, visibleTypes(in: file).contains(String(first)) {
            path = interface.resolve(base)
        } else {
            path = nil
        }
        guard let path, !openTypes.contains(path), let info = interface.types[path] else { return }
        let name = type.name.identifier
        if info.members[name] == nil, addedMembers[path]?[name] == nil {
            findings.insert(file.finding(.names, at: type.name, "'\(path)' has no member '\(name)'"))
        }
    }

    /// `UNNotificationRequest` is Apple's, not a misspelled `NotificationRequest`: an upper-case prefix of one or two
    /// letters before a LockOut name.
    static func isPrefixed(_ name: String, _ candidate: String) -> Bool {
        guard name.hasSuffix(candidate), name.count - candidate.count <= 2 else { return false }
        return name.dropLast(candidate.count).allSatisfy(\.isUppercase)
    }

    /// Levenshtein distance, giving up above `limit` (returns `limit + 1`).
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a)
        let b = Array(b)
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            if current.min()! > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }

    // MARK: Expressions

    /// What `expression` is, reporting every member it names that its LockOut base does not have.
    func resolve(_ expression: ExprSyntax, depth: Int) -> ValueType? {
        if let cached = cache[expression.id] { return cached }
        guard depth <= Self.maximumDepth else { return nil }
        let result = compute(expression, depth: depth)
        cache[expression.id] = result
        return result
    }

    private func compute(_ expression: ExprSyntax, depth: Int) -> ValueType? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return referenceValue(reference, depth: depth)
        }
        if let access = expression.as(MemberAccessExprSyntax.self) {
            guard let base = access.base, let baseType = resolve(base, depth: depth) else { return nil }
            return member(access.declName.baseName, of: baseType, depth: depth)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            switch resolve(call.calledExpression, depth: depth) {
            case .metatype(let path)?: return .instance(path)
            case .localMetatype(let name)?: return .localInstance(name)
            case let other: return call.calledExpression.is(MemberAccessExprSyntax.self) ? other : nil
            }
        }
        if let chaining = expression.as(OptionalChainingExprSyntax.self) {
            switch resolve(chaining.expression, depth: depth) {
            // `FocusMode?.none` is `Optional<FocusMode>.none`.
            case .metatype?, .localMetatype?: return nil
            case let other: return unwrapped(other)
            }
        }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
            return unwrapped(resolve(unwrap.expression, depth: depth))
        }
        if let awaitExpr = expression.as(AwaitExprSyntax.self) { return resolve(awaitExpr.expression, depth: depth) }
        if let tryExpr = expression.as(TryExprSyntax.self) { return resolve(tryExpr.expression, depth: depth) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            return resolve(only.expression, depth: depth)
        }
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
            return resolve(specialized.expression, depth: depth)
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
            switch resolve(subscriptCall.calledExpression, depth: depth) {
            case .array(let element)?: return element
            case .instance(let path)?: return memberType(interface.types[path]?.members["subscript"]?.type, in: path)
            default: return nil
            }
        }
        if let cast = expression.as(AsExprSyntax.self) {
            return valueType(cast.type, in: cast)
        }
        return nil
    }

    private func unwrapped(_ type: ValueType?) -> ValueType? {
        if case .optional(let wrapped)? = type { return wrapped }
        return type
    }

    private func referenceValue(_ reference: DeclReferenceExprSyntax, depth: Int) -> ValueType? {
        let text = reference.baseName.text
        if text == "self" || text == "Self" {
            guard let group = enclosingTypeGroup(Syntax(reference)), let name = AppsModel.groupName(group) else { return nil }
            let instance: ValueType?
            if apps.declaredTypes.contains(name) {
                instance = .localInstance(name)
            } else if let extensionDecl = group.as(ExtensionDeclSyntax.self),
                let written = AppsModel.dottedName(extensionDecl.extendedType), let path = interface.resolve(written)
            {
                instance = .instance(path)
            } else {
                instance = nil
            }
            if text == "self" { return instance }
            switch instance {
            case .localInstance(let name)?: return .localMetatype(name)
            case .instance(let path)?: return .metatype(path)
            default: return nil
            }
        }
        let name = reference.baseName.identifier
        if name.hasPrefix("$") {
            guard let bound = lookup(String(name.dropFirst()), from: Syntax(reference), depth: depth) else { return nil }
            return bound.map { .projection($0) } ?? nil
        }
        if let bound = lookup(name, from: Syntax(reference), depth: depth) { return bound }
        return typeValue(name, in: reference)
    }

    /// A name used as a type: the apps' own, a LockOut type the file can see, or a LockOut module.
    private func typeValue(_ name: String, in node: some SyntaxProtocol) -> ValueType? {
        if apps.declaredTypes.contains(name) { return .localMetatype(name) }
        guard let file = apps.file(of: node) else { return nil }
        if visibleTypes(in: file).contains(name), let path = interface.resolve(name) { return .metatype(path) }
        if interface.modules.contains(name), file.imports.contains(where: { $0.module == name }) { return .module(name) }
        return nil
    }

    /// The member `token` names on a value of type `base`, reporting it when a LockOut type has no such member.
    private func member(_ token: TokenSyntax, of base: ValueType, depth: Int) -> ValueType? {
        let name = token.identifier
        switch base {
        case .optional(let wrapped):
            return Self.optionalMembers.contains(name) ? nil : member(token, of: wrapped, depth: depth)
        case .array(let element):
            return ["first", "last", "randomElement"].contains(name) ? .optional(element) : nil
        case .projection(let wrapped):
            _ = member(token, of: wrapped, depth: depth)
            return nil
        case .module(let module):
            if interface.types[name] != nil, !apps.declaredTypes.contains(name) { return .metatype(name) }
            if let file = apps.file(of: token) {
                findings.insert(file.finding(.names, at: token, "'\(module)' has no public type '\(name)'"))
            }
            return nil
        case .localInstance(let type), .localMetatype(let type):
            return localMember(name, of: type, depth: depth)
        case .instance(let path), .metatype(let path):
            guard let info = interface.types[path], !openTypes.contains(path) else { return nil }
            if let found = info.members[name] {
                if found.isType, let nested = interface.resolve(name, in: path) { return .metatype(nested) }
                if found.givesSelf, case .metatype = base { return .instance(path) }
                return memberType(found.type, in: path)
            }
            if let added = addedMembers[path]?[name] { return declaredValueType(added, named: name, depth: depth) }
            if Self.universalMembers.contains(name) {
                if name == "self" { return base }
                if name == "init" { return .instance(path) }
                return nil
            }
            if let file = apps.file(of: token) {
                let what = info.kind == "swift.protocol" ? "protocol" : "type"
                findings.insert(file.finding(.names, at: token, "LockOut \(what) '\(path)' has no member '\(name)'"))
            }
            return nil
        }
    }

    /// A type the interface gives a member, read where the member is declared.
    private func memberType(_ type: TypeRef?, in context: String) -> ValueType? {
        switch type {
        case .named(let name)?: return interface.resolve(name, in: context).map { .instance($0) }
        case .optional(let wrapped)?: return memberType(wrapped, in: context).map { .optional($0) }
        case .array(let element)?: return memberType(element, in: context).map { .array($0) }
        case nil: return nil
        }
    }

    /// A type written in the apps' code at `node`.
    func valueType(_ type: TypeSyntax, in node: some SyntaxProtocol) -> ValueType? {
        guard let ref = TypeRef(type) else { return nil }
        return valueType(ref, in: node)
    }

    private func valueType(_ ref: TypeRef, in node: some SyntaxProtocol) -> ValueType? {
        switch ref {
        case .optional(let wrapped): return valueType(wrapped, in: node).map { .optional($0) }
        case .array(let element): return valueType(element, in: node).map { .array($0) }
        case .named(let dotted):
            var parts = dotted.split(separator: ".").map(String.init)
            if parts.count > 1, interface.modules.contains(parts[0]) { parts.removeFirst() }
            if apps.declaredTypes.contains(parts[0]) { return .localInstance(parts.last!) }
            guard let file = apps.file(of: node), visibleTypes(in: file).contains(parts[0]) || dotted.hasPrefix("LockOut"),
                let path = interface.resolve(parts.joined(separator: "."))
            else { return nil }
            return .instance(path)
        }
    }

    // MARK: Declarations

    /// What `name` is bound to where `node` is: nil when nothing in scope declares it; `.some(nil)` when something does
    /// but its type is unknown (it still shadows a property or a type of the same name).
    private func lookup(_ name: String, from node: Syntax, depth: Int) -> ValueType?? {
        var child = node
        while let parent = child.parent {
            defer { child = parent }
            if let items = parent.as(CodeBlockItemListSyntax.self) {
                let isFile = parent.parent?.is(SourceFileSyntax.self) == true
                for item in items {
                    if !isFile, item.position >= child.position { break }
                    if let variable = item.item.as(VariableDeclSyntax.self), let bound = binding(name, in: variable, depth: depth)
                    {
                        return bound
                    }
                    if let guardStmt = item.item.as(GuardStmtSyntax.self),
                        let bound = conditionBinding(name, in: guardStmt.conditions, before: nil, depth: depth)
                    {
                        return bound
                    }
                }
                continue
            }
            if let closure = parent.as(ClosureExprSyntax.self), let bound = closureParameter(name, of: closure, depth: depth) {
                return bound
            }
            if let function = parent.as(FunctionDeclSyntax.self),
                let bound = parameter(name, in: function.signature.parameterClause.parameters)
            {
                return bound
            }
            if let initializer = parent.as(InitializerDeclSyntax.self),
                let bound = parameter(name, in: initializer.signature.parameterClause.parameters)
            {
                return bound
            }
            if let subscriptDecl = parent.as(SubscriptDeclSyntax.self),
                let bound = parameter(name, in: subscriptDecl.parameterClause.parameters)
            {
                return bound
            }
            if let accessor = parent.as(AccessorDeclSyntax.self) {
                if accessor.parameters?.name.identifier == name { return .some(nil) }
                if accessor.parameters == nil, name == "newValue" || name == "oldValue" { return .some(nil) }
            }
            if let forStmt = parent.as(ForStmtSyntax.self), child.id == forStmt.body.id,
                Self.patternNames(forStmt.pattern).contains(name)
            {
                if let identifier = forStmt.pattern.as(IdentifierPatternSyntax.self), identifier.identifier.identifier == name,
                    case .array(let element)? = resolve(forStmt.sequence, depth: depth + 1)
                {
                    return .some(element)
                }
                return .some(nil)
            }
            if let ifExpr = parent.as(IfExprSyntax.self) {
                let before: Syntax? = child.id == ifExpr.body.id ? nil : child
                if child.id != ifExpr.elseBody?.id,
                    let bound = conditionBinding(name, in: ifExpr.conditions, before: before, depth: depth)
                {
                    return bound
                }
            }
            if let whileStmt = parent.as(WhileStmtSyntax.self),
                let bound = conditionBinding(
                    name, in: whileStmt.conditions, before: child.id == whileStmt.body.id ? nil : child, depth: depth)
            {
                return bound
            }
            if let switchCase = parent.as(SwitchCaseSyntax.self),
                switchCase.label.descendants(IdentifierPatternSyntax.self).contains(where: { $0.identifier.identifier == name })
            {
                return .some(nil)
            }
            if let catchClause = parent.as(CatchClauseSyntax.self) {
                if catchClause.catchItems.isEmpty, name == "error" { return .some(nil) }
                if catchClause.catchItems.descendants(IdentifierPatternSyntax.self).contains(where: {
                    $0.identifier.identifier == name
                }) {
                    return .some(nil)
                }
            }
            if let group = parent.asProtocol((any DeclGroupSyntax).self) {
                if let typeName = AppsModel.groupName(group) {
                    if apps.declaredTypes.contains(typeName) {
                        if let found = localMemberBinding(name, of: typeName, depth: depth) { return found }
                    } else if let extensionDecl = group.as(ExtensionDeclSyntax.self),
                        let written = AppsModel.dottedName(extensionDecl.extendedType), let path = interface.resolve(written)
                    {
                        if let added = addedMembers[path]?[name] {
                            return .some(declaredValueType(added, named: name, depth: depth))
                        }
                        if let found = interface.types[path]?.members[name] {
                            return .some(
                                found.isType
                                    ? interface.resolve(name, in: path).map { .metatype($0) } : memberType(found.type, in: path))
                        }
                    }
                }
                // Outer locals are not visible inside a type; globals are, through the file's item list.
                return globalBinding(name, depth: depth)
            }
        }
        return nil
    }

    /// A top-level variable of any of the apps' files.
    private func globalBinding(_ name: String, depth: Int) -> ValueType?? {
        for file in apps.files {
            for item in file.tree.statements {
                if let variable = item.item.as(VariableDeclSyntax.self), let bound = binding(name, in: variable, depth: depth) {
                    return bound
                }
            }
        }
        return nil
    }

    /// The type `name` has when `variable` declares it: its annotation, a property wrapper's `Type.self`, or what its
    /// initializer gives.
    private func binding(_ name: String, in variable: VariableDeclSyntax, depth: Int) -> ValueType?? {
        for binding in variable.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                if Self.patternNames(binding.pattern).contains(name) { return .some(nil) }
                continue
            }
            guard pattern.identifier.identifier == name else { continue }
            if let annotation = binding.typeAnnotation { return .some(valueType(annotation.type, in: annotation)) }
            if let value = binding.initializer?.value { return .some(resolve(value, depth: depth + 1)) }
            // `@Environment(AppEnvironment.self) private var environment`
            for attribute in variable.attributes {
                guard case .attribute(let attribute) = attribute,
                    case .argumentList(let arguments)? = attribute.arguments,
                    let first = arguments.first?.expression.as(MemberAccessExprSyntax.self),
                    first.declName.baseName.text == "self", let base = first.base
                else { continue }
                switch resolve(base, depth: depth + 1) {
                case .metatype(let path)?: return .some(.instance(path))
                case .localMetatype(let local)?: return .some(.localInstance(local))
                default: continue
                }
            }
            return .some(nil)
        }
        return nil
    }

    /// `if let x = expr`, `if let x`, `guard let x = expr`, `if case .a(let x) = …`: the conditions before `before`
    /// (all of them when nil).
    private func conditionBinding(_ name: String, in conditions: ConditionElementListSyntax, before: Syntax?, depth: Int)
        -> ValueType??
    {
        for condition in conditions {
            if let before, condition.position >= before.position { break }
            if let optional = condition.condition.as(OptionalBindingConditionSyntax.self),
                let pattern = optional.pattern.as(IdentifierPatternSyntax.self), pattern.identifier.identifier == name
            {
                if let annotation = optional.typeAnnotation { return .some(valueType(annotation.type, in: annotation)) }
                if let value = optional.initializer?.value { return .some(unwrapped(resolve(value, depth: depth + 1))) }
                // `if let model`: the outer `model`, unwrapped.
                guard let outer = lookup(name, from: Syntax(conditions), depth: depth + 1) else { return .some(nil) }
                return .some(unwrapped(outer))
            }
            if condition.condition.descendants(IdentifierPatternSyntax.self).contains(where: { $0.identifier.identifier == name })
            {
                return .some(nil)
            }
        }
        return nil
    }

    private func parameter(_ name: String, in parameters: FunctionParameterListSyntax) -> ValueType?? {
        for parameter in parameters where (parameter.secondName ?? parameter.firstName).identifier == name {
            return .some(valueType(parameter.type, in: parameter))
        }
        return nil
    }

    /// A closure's parameter; `ForEach(model.toggles) { toggle in … }` gives `toggle` the element type.
    private func closureParameter(_ name: String, of closure: ClosureExprSyntax, depth: Int) -> ValueType?? {
        guard let signature = closure.signature?.parameterClause else { return nil }
        var names: [String] = []
        var annotated: [String: TypeSyntax] = [:]
        switch signature {
        case .simpleInput(let shorthand):
            names = shorthand.map(\.name.identifier)
        case .parameterClause(let clause):
            for parameter in clause.parameters {
                let parameterName = (parameter.secondName ?? parameter.firstName).identifier
                names.append(parameterName)
                if let type = parameter.type { annotated[parameterName] = type }
            }
        }
        guard let index = names.firstIndex(of: name) else { return nil }
        if let type = annotated[name] { return .some(valueType(type, in: closure)) }
        if index == 0,
            let call = closure.parent?.as(FunctionCallExprSyntax.self)
                ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            ["ForEach", "List"].contains(callee.baseName.text),
            let data = call.arguments.first, data.label == nil,
            case .array(let element)? = resolve(data.expression, depth: depth + 1)
        {
            return .some(element)
        }
        return .some(nil)
    }

    /// A property, nested type, case or method of a type the apps declare, through all its declarations.
    private func localMemberBinding(_ name: String, of type: String, depth: Int) -> ValueType?? {
        for group in apps.declarations[type] ?? [] {
            for member in group.memberBlock.members where Self.memberNames(member.decl).contains(name) {
                return .some(declaredValueType(member.decl, named: name, depth: depth))
            }
        }
        return nil
    }

    private func localMember(_ name: String, of type: String, depth: Int) -> ValueType? {
        guard let found = localMemberBinding(name, of: type, depth: depth) else { return nil }
        return found
    }

    /// The type `name`, declared by `decl`, gives.
    private func declaredValueType(_ decl: DeclSyntax, named name: String, depth: Int) -> ValueType? {
        if let variable = decl.as(VariableDeclSyntax.self) { return binding(name, in: variable, depth: depth) ?? nil }
        if let function = decl.as(FunctionDeclSyntax.self) {
            return function.signature.returnClause.flatMap { valueType($0.type, in: $0) }
        }
        if let typeName = AppsModel.declaredName(decl), typeName == name { return .localMetatype(name) }
        if decl.is(EnumCaseDeclSyntax.self), let group = enclosingTypeGroup(Syntax(decl)), let owner = AppsModel.groupName(group)
        {
            return apps.declaredTypes.contains(owner) ? .localInstance(owner) : interface.resolve(owner).map { .instance($0) }
        }
        return nil
    }

    /// The names a member declaration declares.
    static func memberNames(_ decl: DeclSyntax) -> [String] {
        if let variable = decl.as(VariableDeclSyntax.self) {
            return variable.bindings.flatMap { patternNames($0.pattern) }
        }
        if let function = decl.as(FunctionDeclSyntax.self) { return [function.name.identifier] }
        if let enumCase = decl.as(EnumCaseDeclSyntax.self) { return enumCase.elements.map(\.name.identifier) }
        if let name = AppsModel.declaredName(decl) { return [name] }
        if decl.is(InitializerDeclSyntax.self) { return ["init"] }
        if decl.is(SubscriptDeclSyntax.self) { return ["subscript"] }
        return []
    }

    static func patternNames(_ pattern: PatternSyntax) -> [String] {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) { return [identifier.identifier.identifier] }
        return pattern.descendants(IdentifierPatternSyntax.self).map(\.identifier.identifier)
    }

    private func enclosingTypeGroup(_ node: Syntax) -> (any DeclGroupSyntax)? {
        var current = node.parent
        while let parent = current {
            if let group = parent.asProtocol((any DeclGroupSyntax).self), !parent.is(ProtocolDeclSyntax.self) { return group }
            current = parent.parent
        }
        return nil
    }
}
