import SwiftSyntax

/// The thin-views check: inside a view type (a type declaring conformance to `View`, and its extensions; never a
/// `#Preview`) no arithmetic, no ordering comparison, no range, no clock reading or date math, and numbers only as
/// call arguments (layout). And the previews check: every file that declares a view has a `#Preview`.
struct ViewsCheck {
    let apps: AppsModel

    static let arithmetic: Set<String> = ["+", "-", "*", "/", "%", "+=", "-=", "*=", "/=", "%="]
    static let ordering: Set<String> = ["<", ">", "<=", ">="]
    static let ranges: Set<String> = ["..<", "..."]
    /// Types whose mere use in a view is date math.
    static let dateTypes: Set<String> = ["Calendar", "DateComponents"]
    /// Members that read the clock or compute with dates.
    static let dateMembers: Set<String> = ["addingTimeInterval", "advanced"]

    func run() -> [Finding] {
        var findings: [Finding] = []
        for file in apps.files {
            findings += operators(in: file) + dates(in: file) + numbers(in: file) + previews(in: file)
        }
        return findings.sorted()
    }

    private func operators(in file: SwiftFile) -> [Finding] {
        var findings: [Finding] = []
        for infix in file.tree.descendants(InfixOperatorExprSyntax.self) where apps.isInView(infix) {
            guard let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else { continue }
            // `Text(timerInterval: start...end)` forms the countdown from two dates the model gives: no computation.
            if op == "...", infix.parent?.as(LabeledExprSyntax.self)?.label?.text == "timerInterval" { continue }
            if let what = Self.kind(of: op) {
                findings.append(
                    file.finding(.views, at: infix.operator, "\(what) '\(op)' in a view: take the value from the model or Core"))
            }
        }
        for prefix in file.tree.descendants(PrefixOperatorExprSyntax.self) where Self.ranges.contains(prefix.operator.text) {
            if apps.isInView(prefix) {
                findings.append(
                    file.finding(
                        .views, at: prefix.operator,
                        "range '\(prefix.operator.text)' in a view: take the value from the model or Core"))
            }
        }
        for postfix in file.tree.descendants(PostfixOperatorExprSyntax.self) where Self.ranges.contains(postfix.operator.text) {
            if apps.isInView(postfix) {
                findings.append(
                    file.finding(
                        .views, at: postfix.operator,
                        "range '\(postfix.operator.text)' in a view: take the value from the model or Core"))
            }
        }
        return findings
    }

    static func kind(of op: String) -> String? {
        if arithmetic.contains(op) { return "arithmetic" }
        if ordering.contains(op) { return "comparison" }
        if ranges.contains(op) { return "range" }
        return nil
    }

    private func dates(in file: SwiftFile) -> [Finding] {
        var findings: [Finding] = []
        let advice = "views show dates the model gives (Text(timerInterval:), Text(date, style: .timer))"
        for reference in file.tree.descendants(DeclReferenceExprSyntax.self) where apps.isInView(reference) {
            let name = reference.baseName.text
            let parent = reference.parent
            if name == "Date", let call = parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == reference.id {
                findings.append(file.finding(.views, at: reference, "'Date(…)' reads the clock in a view; \(advice)"))
            } else if name == "Date", let access = parent?.as(MemberAccessExprSyntax.self),
                access.base?.id == ExprSyntax(reference).id,
                access.declName.baseName.text == "now"
            {
                findings.append(file.finding(.views, at: reference, "'Date.now' reads the clock in a view; \(advice)"))
            } else if Self.dateTypes.contains(name),
                parent?.is(MemberAccessExprSyntax.self) != true
                    || (parent?.as(MemberAccessExprSyntax.self)?.base?.id == ExprSyntax(reference).id)
            {
                findings.append(file.finding(.views, at: reference, "'\(name)' is date math in a view; \(advice)"))
            }
        }
        for type in file.tree.descendants(IdentifierTypeSyntax.self)
        where Self.dateTypes.contains(type.name.text) && apps.isInView(type) {
            findings.append(file.finding(.views, at: type, "'\(type.name.text)' is date math in a view; \(advice)"))
        }
        for access in file.tree.descendants(MemberAccessExprSyntax.self) where apps.isInView(access) {
            let name = access.declName.baseName.text
            let labels = Self.argumentLabels(of: access)
            let isDateMath =
                name == "addingTimeInterval" || name.hasPrefix("timeIntervalSince")
                || (name == "distance" && labels.first == "to") || (name == "advanced" && labels.first == "by")
            if name == "now", access.base == nil {
                findings.append(file.finding(.views, at: access, "'.now' reads the clock in a view; \(advice)"))
            }
            if isDateMath {
                findings.append(file.finding(.views, at: access.declName, "'\(name)' is date math in a view; \(advice)"))
            }
        }
        return findings
    }

    /// The argument labels of the call `access` is the callee of, or of its `name(to:)` reference.
    static func argumentLabels(of access: MemberAccessExprSyntax) -> [String] {
        if let names = access.declName.argumentNames { return names.arguments.map(\.name.text) }
        if let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(access).id {
            return call.arguments.map { $0.label?.text ?? "_" }
        }
        return []
    }

    /// Numbers in a view only as call arguments, possibly behind a ternary or a minus: `.padding(12)`,
    /// `.opacity(done ? 1 : 0.4)`, `.offset(x: -4)`.
    private func numbers(in file: SwiftFile) -> [Finding] {
        var literals: [ExprSyntax] = file.tree.descendants(IntegerLiteralExprSyntax.self).map(ExprSyntax.init)
        literals += file.tree.descendants(FloatLiteralExprSyntax.self).map(ExprSyntax.init)
        return literals.filter { apps.isInView($0) && !Self.isCallArgument($0) }.map { literal in
            file.finding(
                .views, at: literal,
                "number '\(literal.trimmedDescription)' in a view outside a call's arguments: rule constants belong in Core; layout numbers go inline"
            )
        }
    }

    static func isCallArgument(_ literal: ExprSyntax) -> Bool {
        var child = Syntax(literal)
        while let parent = child.parent {
            if let ternary = parent.as(TernaryExprSyntax.self) {
                guard child.id != Syntax(ternary.condition).id else { return false }
            } else if let prefix = parent.as(PrefixOperatorExprSyntax.self) {
                guard prefix.operator.text == "-" else { return false }
            } else if parent.is(LabeledExprSyntax.self) {
                let call = parent.parent?.parent
                return call?.is(FunctionCallExprSyntax.self) == true || call?.is(MacroExpansionExprSyntax.self) == true
            } else {
                return false
            }
            child = parent
        }
        return false
    }

    /// A file that declares a view type has at least one `#Preview`.
    private func previews(in file: SwiftFile) -> [Finding] {
        let hasPreview =
            file.tree.descendants(MacroExpansionDeclSyntax.self).contains { $0.macroName.text == "Preview" }
            || file.tree.descendants(MacroExpansionExprSyntax.self).contains { $0.macroName.text == "Preview" }
        guard !hasPreview else { return [] }
        var findings: [Finding] = []
        for decl in file.tree.descendants(DeclSyntax.self) {
            guard let group = decl.asProtocol((any DeclGroupSyntax).self), AppsModel.inherits(group, "View"),
                let name = AppsModel.groupName(group)
            else { continue }
            let named = (decl.asProtocol((any NamedDeclSyntax).self)?.name).map(Syntax.init) ?? Syntax(decl)
            findings.append(file.finding(.previews, at: named, "'\(name)' is a view but its file has no #Preview"))
        }
        return findings
    }
}
