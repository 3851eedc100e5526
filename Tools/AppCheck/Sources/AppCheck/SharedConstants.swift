import SwiftParser
import SwiftSyntax

/// The constants of `Sources/LockOutShared/AppGroup.swift` the configuration must agree with: the App Group identifier
/// and the identifiers the app registers with the system, read by parsing the file (it is not built for this).
public struct SharedConstants: Sendable {
    /// `AppGroup.identifier`.
    public let appGroup: String?
    /// `SharedIdentifiers.<name>` by name.
    public let identifiers: [String: String]

    public init(appGroup: String?, identifiers: [String: String]) {
        self.appGroup = appGroup
        self.identifiers = identifiers
    }

    public init(source: String) {
        let tree = Parser.parse(source: source)
        var appGroup: String?
        var identifiers: [String: String] = [:]
        for enumDecl in tree.descendants(EnumDeclSyntax.self) {
            let constants = Self.stringConstants(enumDecl.memberBlock)
            switch enumDecl.name.text {
            case "AppGroup": appGroup = constants["identifier"]
            case "SharedIdentifiers": identifiers = constants
            default: break
            }
        }
        self.init(appGroup: appGroup, identifiers: identifiers)
    }

    /// The `static let name = "literal"` members of a type body.
    static func stringConstants(_ block: MemberBlockSyntax) -> [String: String] {
        var constants: [String: String] = [:]
        for member in block.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifier,
                    let value = binding.initializer.flatMap({ literalString($0.value) })
                {
                    constants[name] = value
                }
            }
        }
        return constants
    }
}

/// The text of a string literal without interpolation.
func literalString(_ expression: ExprSyntax) -> String? {
    guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
    var text = ""
    for segment in literal.segments {
        guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
        text += plain.content.text
    }
    return text
}
