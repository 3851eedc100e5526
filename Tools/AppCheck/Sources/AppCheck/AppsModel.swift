import SwiftSyntax

/// What the apps declare, across all their files: the type names (which shadow LockOut's), every declaration of a
/// type with its extensions (to follow `environment.dashboard`), the view types, and what the apps add to LockOut
/// types in extensions.
struct AppsModel {
    let files: [SwiftFile]
    /// Every type, protocol, typealias, associated type and generic parameter name the apps declare.
    private(set) var declaredTypes: Set<String> = []
    /// Each type's declaration and extensions, by the type's last name component.
    private(set) var declarations: [String: [any DeclGroupSyntax]] = [:]
    /// Types declaring conformance to `View` (in their declaration or an extension).
    private(set) var viewTypes: Set<String> = []
    /// The file each syntax tree belongs to, by its root's identifier.
    private var fileByRoot: [SyntaxIdentifier: Int] = [:]

    init(files: [SwiftFile]) {
        self.files = files
        for (index, file) in files.enumerated() {
            fileByRoot[Syntax(file.tree).id] = index
            for group in file.tree.descendants(DeclSyntax.self) {
                if let name = Self.declaredName(group) { declaredTypes.insert(name) }
                if let generic = group.asProtocol((any WithGenericParametersSyntax).self) {
                    for parameter in generic.genericParameterClause?.parameters ?? [] {
                        declaredTypes.insert(parameter.name.identifier)
                    }
                }
                guard let decl = group.asProtocol((any DeclGroupSyntax).self), let name = Self.groupName(decl) else { continue }
                declarations[name, default: []].append(decl)
                if Self.inherits(decl, "View") { viewTypes.insert(name) }
            }
        }
    }

    /// The file `node` is in.
    func file(of node: some SyntaxProtocol) -> SwiftFile? {
        fileByRoot[node.root.id].map { files[$0] }
    }

    /// The name a type declaration, typealias or associated type declares.
    static func declaredName(_ decl: DeclSyntax) -> String? {
        if let named = decl.asProtocol((any NamedDeclSyntax).self),
            decl.is(StructDeclSyntax.self) || decl.is(ClassDeclSyntax.self) || decl.is(EnumDeclSyntax.self)
                || decl.is(ActorDeclSyntax.self) || decl.is(ProtocolDeclSyntax.self) || decl.is(TypeAliasDeclSyntax.self)
                || decl.is(AssociatedTypeDeclSyntax.self)
        {
            return named.name.identifier
        }
        return nil
    }

    /// The type a declaration group declares or extends, by its last name component.
    static func groupName(_ decl: some DeclGroupSyntax) -> String? {
        if let named = decl.asProtocol((any NamedDeclSyntax).self) { return named.name.identifier }
        if let extensionDecl = decl.as(ExtensionDeclSyntax.self) { return lastComponent(extensionDecl.extendedType) }
        return nil
    }

    /// The dotted name of a type written as `A` or `A.B` (generic arguments dropped).
    static func dottedName(_ type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.identifier }
        if let member = type.as(MemberTypeSyntax.self), let base = dottedName(member.baseType) {
            return base + "." + member.name.identifier
        }
        return nil
    }

    static func lastComponent(_ type: TypeSyntax) -> String? {
        dottedName(type).map { String($0.split(separator: ".").last!) }
    }

    /// Whether the declaration lists `name` (or `SwiftUI.name`) among the types it conforms to.
    static func inherits(_ decl: some DeclGroupSyntax, _ name: String) -> Bool {
        decl.inheritanceClause?.inheritedTypes.contains { inherited in
            let written = dottedName(inherited.type)
            return written == name || written == "SwiftUI." + name
        } ?? false
    }

    /// Whether `node` sits inside a view type (its declaration or one of its extensions), outside any `#Preview`.
    func isInView(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        var inView = false
        while let parent = current {
            if let expansion = parent.asProtocol((any FreestandingMacroExpansionSyntax).self),
                expansion.macroName.text == "Preview"
            {
                return false
            }
            if !inView, let group = parent.asProtocol((any DeclGroupSyntax).self), let name = Self.groupName(group),
                viewTypes.contains(name)
            {
                inView = true
            }
            current = parent.parent
        }
        return inView
    }
}

extension AppsModel {
    /// `A.B.C` written as an expression, or nil.
    static func dottedNameOfExpression(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.identifier }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base.flatMap(dottedNameOfExpression) {
            return base + "." + access.declName.baseName.identifier
        }
        return nil
    }
}
