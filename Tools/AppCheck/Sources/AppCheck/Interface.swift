import Foundation
import SwiftParser
import SwiftSyntax

/// The type a LockOut member has, as its declaration spells it: enough to follow `model.screen?.toggles` one step
/// further, never enough to type-check.
indirect enum TypeRef: Hashable, Sendable {
    /// A named type, `DashboardScreen` or `DashboardScreen.Toggle`.
    case named(String)
    case optional(TypeRef)
    case array(TypeRef)

    /// Reads a type written in Swift; nil for what the checks cannot follow (functions, tuples, dictionaries…).
    init?(_ type: TypeSyntax) {
        if let optional = type.as(OptionalTypeSyntax.self) {
            guard let wrapped = TypeRef(optional.wrappedType) else { return nil }
            self = .optional(wrapped)
        } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            guard let wrapped = TypeRef(unwrapped.wrappedType) else { return nil }
            self = .optional(wrapped)
        } else if let array = type.as(ArrayTypeSyntax.self) {
            guard let element = TypeRef(array.element) else { return nil }
            self = .array(element)
        } else if let attributed = type.as(AttributedTypeSyntax.self) {
            self.init(attributed.baseType)
        } else if let someOrAny = type.as(SomeOrAnyTypeSyntax.self) {
            self.init(someOrAny.constraint)
        } else if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            self.init(only.type)
        } else if let identifier = type.as(IdentifierTypeSyntax.self) {
            let name = identifier.name.identifier
            let arguments = identifier.genericArgumentClause?.arguments.compactMap { $0.argument.as(TypeSyntax.self) } ?? []
            switch (name, arguments.count) {
            case ("Optional", 1):
                guard let wrapped = TypeRef(arguments[0]) else { return nil }
                self = .optional(wrapped)
            case ("Array", 1):
                guard let element = TypeRef(arguments[0]) else { return nil }
                self = .array(element)
            case (_, 0):
                self = .named(name)
            default:
                return nil
            }
        } else if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
            case .named(let base)? = TypeRef(member.baseType)
        {
            self = .named(base + "." + member.name.identifier)
        } else {
            return nil
        }
    }
}

/// What a LockOut type offers by name: its members (base names, `init(agent:)` is `init`) with the type each one
/// gives when the declaration says it.
struct TypeInfo: Sendable {
    /// The module that declares the type (for an extension graph's members, the type's own module).
    var modules: Set<String> = []
    var kind: String = ""
    var members: [String: Member] = [:]
    /// The precise identifiers of the protocols it conforms to and the class it inherits from.
    var supertypes: Set<String> = []
    /// For a typealias, the aliased type.
    var aliasOf: TypeRef?

    struct Member: Sendable {
        /// Whether one of the declarations by this name is a nested type.
        var isType = false
        /// Whether one of them is an enum case or an initializer: `T.member` then gives a `T`.
        var givesSelf = false
        /// The type the member gives: a property's type, a function's result; the first one known.
        var type: TypeRef?
    }
}

/// The public interface of the Linux-built LockOut modules, read from their symbol graphs
/// (`swift-symbolgraph-extract`): every public type by its dotted path, with its members.
public struct Interface: Sendable {
    /// Types by dotted path (`DashboardScreen.Toggle`).
    var types: [String: TypeInfo] = [:]
    /// The modules the graphs describe.
    public private(set) var modules: Set<String> = []

    static let typeKinds: Set<String> = [
        "swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor",
        "swift.associatedtype",
    ]

    public init() {}

    /// Reads every `*.symbols.json` in `directory`, extension graphs (`A@B.symbols.json`) included.
    public static func load(directory: URL) throws -> Interface {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".symbols.json") }.sorted()
        guard !names.isEmpty else { throw AppCheckError.noSymbolGraphs(directory.path) }
        var graphs: [SymbolGraph] = []
        for name in names {
            let url = directory.appendingPathComponent(name)
            do {
                graphs.append(try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: url)))
            } catch {
                throw AppCheckError.unreadableSymbolGraph(url.path, "\(error)")
            }
        }
        return Interface(graphs: graphs)
    }

    init(graphs: [SymbolGraph]) {
        // A type is LockOut's when a LockOut module declares it; an extension graph only adds members.
        modules = Set(graphs.map(\.module.name))
        var pathByIdentifier: [String: String] = [:]
        for graph in graphs {
            for symbol in graph.symbols where Self.typeKinds.contains(symbol.kind.identifier) {
                let path = symbol.pathComponents.joined(separator: ".")
                pathByIdentifier[symbol.identifier.precise] = path
                var info = types[path] ?? TypeInfo()
                info.modules.insert(graph.module.name)
                info.kind = symbol.kind.identifier
                if symbol.kind.identifier == "swift.typealias" {
                    info.aliasOf = Self.declaredType(of: symbol)
                }
                types[path] = info
            }
        }
        for graph in graphs {
            for symbol in graph.symbols where symbol.pathComponents.count > 1 {
                let owner = symbol.pathComponents.dropLast().joined(separator: ".")
                guard types[owner] != nil else { continue }
                let name = Self.baseName(symbol.pathComponents.last!)
                var member = types[owner]!.members[name] ?? TypeInfo.Member()
                let kind = symbol.kind.identifier
                if Self.typeKinds.contains(kind) {
                    member.isType = true
                } else if kind == "swift.enum.case" || kind == "swift.init" {
                    member.givesSelf = true
                } else if member.type == nil {
                    member.type = Self.declaredType(of: symbol)
                }
                types[owner]!.members[name] = member
            }
            for relationship in graph.relationships where ["conformsTo", "inheritsFrom"].contains(relationship.kind) {
                guard let source = pathByIdentifier[relationship.source] else { continue }
                types[source]?.supertypes.insert(relationship.target)
                if relationship.target == "s:SY" || relationship.targetFallback == "Swift.RawRepresentable" {
                    types[source]?.members["rawValue", default: TypeInfo.Member()].isType = false
                }
                if relationship.targetFallback == "Swift.CaseIterable" {
                    types[source]?.members["allCases", default: TypeInfo.Member()].type = .array(.named(source))
                }
                if relationship.targetFallback == "Swift.Error" {
                    types[source]?.members["localizedDescription", default: TypeInfo.Member()].type = .named("String")
                }
            }
        }
        // Members of LockOut protocols and superclasses are inherited.
        for (path, info) in types {
            for supertype in info.supertypes {
                guard let superPath = pathByIdentifier[supertype], let inherited = types[superPath] else { continue }
                for (name, member) in inherited.members where types[path]!.members[name] == nil {
                    types[path]!.members[name] = member
                }
            }
        }
    }

    /// `init(agent:)` → `init`, `setEnabled(_:_:)` → `setEnabled`.
    static func baseName(_ component: String) -> String {
        guard let open = component.firstIndex(of: "(") else { return component }
        return String(component[..<open])
    }

    /// The type a property, a function or a subscript gives, read by parsing its declaration.
    static func declaredType(of symbol: SymbolGraph.Symbol) -> TypeRef? {
        let text = symbol.declarationFragments?.map(\.spelling).joined() ?? ""
        guard !text.isEmpty else { return nil }
        let file = Parser.parse(source: text)
        guard let item = file.statements.first?.item else { return nil }
        if let variable = item.as(VariableDeclSyntax.self) {
            return variable.bindings.first?.typeAnnotation.flatMap { TypeRef($0.type) }
        }
        if let function = item.as(FunctionDeclSyntax.self) {
            return function.signature.returnClause.flatMap { TypeRef($0.type) }
        }
        if let subscriptDecl = item.as(SubscriptDeclSyntax.self) {
            return TypeRef(subscriptDecl.returnClause.type)
        }
        if let alias = item.as(TypeAliasDeclSyntax.self) {
            return TypeRef(alias.initializer.value)
        }
        return nil
    }

    /// The LockOut type a name written inside `context` (a type's dotted path, or "" at top level) means, looking
    /// outward as Swift does: `Window` inside `WorkingHours` is `WorkingHours.Window`. Typealiases are followed.
    func resolve(_ name: String, in context: String = "") -> String? {
        var scope = context.split(separator: ".").map(String.init)
        while true {
            let candidate = (scope + [name]).joined(separator: ".")
            if let info = types[candidate] {
                if case .named(let aliased)? = info.aliasOf, aliased != name {
                    return resolve(aliased, in: scope.joined(separator: ".")) ?? candidate
                }
                return candidate
            }
            if scope.isEmpty { return nil }
            scope.removeLast()
        }
    }

    /// The top-level type names of `modules`, for the names a file that imports them may use.
    func topLevelNames(in modules: Set<String>) -> Set<String> {
        Set(types.filter { !$0.key.contains(".") && !$0.value.modules.isDisjoint(with: modules) }.map(\.key))
    }
}

/// The parts of a symbol graph file the checks read.
struct SymbolGraph: Decodable, Sendable {
    struct Module: Decodable, Sendable { let name: String }
    struct Symbol: Decodable, Sendable {
        struct Kind: Decodable, Sendable { let identifier: String }
        struct Identifier: Decodable, Sendable { let precise: String }
        struct Fragment: Decodable, Sendable {
            let kind: String
            let spelling: String
        }
        let kind: Kind
        let identifier: Identifier
        let pathComponents: [String]
        let declarationFragments: [Fragment]?
    }
    struct Relationship: Decodable, Sendable {
        let kind: String
        let source: String
        let target: String
        let targetFallback: String?
    }
    let module: Module
    let symbols: [Symbol]
    let relationships: [Relationship]
}
