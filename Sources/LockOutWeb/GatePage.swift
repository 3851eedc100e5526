import Foundation
import LockOutCore

/// The health gate: a progress ring per goal with a goal-met badge, the gate's state and why, peek,
/// the emergency unlock with its wait and code, the held weakening edit, goal targets, and the blocked programs.
public enum GatePage {
    /// What the page says after an edit that dropped one held before it.
    public static let droppedHeldEdit = GateScreen.droppedHeldEditNotice

    public static func render(_ screen: GateScreen, form: FormState = .fresh, chrome: PageChrome) -> String {
        Layout.document(chrome) {
            element("section", ["class": "card hero", "aria-labelledby": "gate-heading"]) {
                element("h2", ["id": "gate-heading"]) { screen.title }
                element("p", ["class": "headline"]) { headline(screen) }
                if let source = screen.healthSourceText {
                    element("p", ["class": "hint", "id": "health-source"]) { "Health data: \(source)" }
                }
                if let failure = screen.sourceFailure {
                    element("p", ["class": "notice error"]) { "Health data could not be read: \(failure)" }
                }
                element("ul", ["class": "goals"]) {
                    for goal in screen.goals { element("li") { ring(goal) } }
                }
                if screen.goals.isEmpty { element("p", ["class": "hint"]) { "No goal applies today." } }
            }
            unlocking(screen, form: form, chrome: chrome)
            blocked(screen, form: form, chrome: chrome)
            goals(screen, chrome: chrome)
        }
    }

    /// Why the gate is open or what keeps it closed, in a sentence.
    static func headline(_ screen: GateScreen) -> String {
        screen.headline
    }

    private static func ring(_ goal: GateScreen.GoalRow) -> HTMLNode {
        let circumference = 2 * Double.pi * 45
        let fraction = min(1, max(0, goal.fraction))
        return element("figure", ["class": goal.isMet ? "goal met" : "goal"]) {
            element("svg", ["viewBox": "0 0 100 100", "role": "img", "aria-label": "\(goal.text), \(Int((fraction * 100).rounded(.down))) %"]) {
                element("circle", ["class": "ring-track", "cx": "50", "cy": "50", "r": "45"])
                element("circle", [
                    "class": "ring-fill", "cx": "50", "cy": "50", "r": "45", "transform": "rotate(-90 50 50)",
                    "stroke-dasharray": String(format: "%.2f", circumference),
                    "stroke-dashoffset": String(format: "%.2f", circumference * (1 - fraction)),
                ])
                element("text", ["x": "50", "y": "56", "text-anchor": "middle", "class": "ring-label"]) { "\(Int((fraction * 100).rounded(.down)))%" }
            }
            element("figcaption") {
                goal.text
                if let badge = goal.badge { element("span", ["class": "badge"]) { badge } }
            }
        }
    }

    private static func unlocking(_ screen: GateScreen, form: FormState, chrome: PageChrome) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "unlock-heading"]) {
            element("h2", ["id": "unlock-heading"]) { "Peek and unlock" }
            switch screen.peek {
            case .available:
                Layout.form("/actions/gate", chrome, ["class": "actions"]) {
                    element("p") { screen.peekText }
                    Layout.button("Peek", name: "command", value: "peek")
                }
            case .running:
                element("p") { screen.peekText }
            case .notNeeded:
                element("p", ["class": "hint"]) { screen.peekText }
            }
            switch screen.emergency {
            case .none:
                if screen.status.isClosed {
                    Layout.form("/actions/gate", chrome, ["class": "actions"]) {
                        element("p") { screen.emergencyText ?? "" }
                        Layout.button("Emergency unlock", name: "command", value: "emergency")
                    }
                }
            case .unlocked:
                element("p") { screen.emergencyText ?? "" }
            case .waiting, .codeShown:
                EmptyNode.none
            }
            if let request = screen.codeRequest {
                codeForm(request, form: form, chrome: chrome)
            }
            if screen.hasHeldEdit, screen.codeRequest == nil {
                element("p") { screen.heldEditText ?? "" }
                Layout.form("/actions/gate", chrome, ["class": "actions"]) {
                    Layout.button("Cancel the held change", name: "command", value: "cancel")
                }
            }
        }
    }

    private static func codeForm(_ request: GateScreen.CodeRequest, form: FormState, chrome: PageChrome) -> HTMLNode {
        let purpose = request.purpose == .emergencyUnlock ? "the emergency unlock" : "the held change"
        return Layout.form("/actions/gate", chrome, ["novalidate": ""]) {
            if let code = request.code {
                element("p") {
                    "To confirm \(purpose), type this code: "
                    element("strong", ["class": "code"]) { code.digits }
                }
                FocusPage.textField(name: "code", label: "Code", value: "", error: form.errors["code"])
                element("p", ["class": "actions"]) {
                    Layout.button("Confirm", name: "command", value: "confirm", primary: true)
                    Layout.button("Cancel", name: "command", value: "cancel")
                }
            } else {
                element("p") {
                    "The code for \(purpose) is shown in "
                    Components.countdown(until: chrome.now.addingTimeInterval(TimeInterval(request.secondsLeft ?? 0)),
                                         text: DurationParser.countdown(TimeInterval(request.secondsLeft ?? 0)), chrome: chrome)
                    "."
                }
                element("p", ["class": "actions"]) { Layout.button("Cancel", name: "command", value: "cancel") }
            }
        }
    }

    private static func blocked(_ screen: GateScreen, form: FormState, chrome: PageChrome) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "blocked-heading"]) {
            element("h2", ["id": "blocked-heading"]) { "Blocked programs" }
            if screen.blockedApps.isEmpty {
                element("p", ["class": "hint"]) { "No program is blocked yet." }
            } else {
                element("ul", ["class": "tasks", "id": "blocked-list"]) {
                    for app in screen.blockedApps {
                        element("li") {
                            element("span", ["class": "task-title"]) { app.executable }
                            if let desktopID = app.desktopID { element("span", ["class": "hint"]) { desktopID } }
                            Layout.form("/actions/gate", chrome, ["class": "inline"]) {
                                element("input", ["type": "hidden", "name": "executable", "value": app.executable])
                                Layout.button("Remove", name: "command", value: "unblock", extra: ["aria-label": "Remove \(app.executable)"])
                            }
                        }
                    }
                }
            }
            Layout.form("/actions/gate", chrome, ["novalidate": ""]) {
                element("h3") { "Block a program" }
                FocusPage.textField(name: "executable", label: "Program (its executable name, like steam)", value: form.value("executable", stored: ""), error: form.errors["executable"])
                FocusPage.textField(name: "desktop-id", label: "Desktop file (optional, like org.mozilla.firefox.desktop)", value: form.value("desktop-id", stored: ""), error: nil)
                element("p", ["class": "actions"]) { Layout.button("Block", name: "command", value: "block", primary: true) }
            }
        }
    }

    private static func goals(_ screen: GateScreen, chrome: PageChrome) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "goals-heading"]) {
            element("h2", ["id": "goals-heading"]) { "Goals" }
            element("p", ["class": "hint"]) { "Raising a goal applies at once; lowering one while today's goals are unmet waits for them, or for a code." }
            element("ul", ["class": "tasks"]) {
                for goal in screen.goalSettings {
                    element("li") {
                        Layout.form("/actions/gate", chrome, ["class": "goal-form", "novalidate": ""]) {
                            element("input", ["type": "hidden", "name": "goal", "value": goal.kind.rawValue])
                            element("label", ["for": "target-\(goal.kind.rawValue)"]) { "\(goalTitle(goal.kind)) (\(goal.days))" }
                            element("input", ["id": "target-\(goal.kind.rawValue)", "name": "target", "type": "number", "inputmode": "numeric", "value": String(goal.target)])
                            Layout.button("Set", name: "command", value: "set-goal")
                            Layout.button(goal.isEnabled ? "Turn off" : "Turn on", name: "command", value: goal.isEnabled ? "disable-goal" : "enable-goal",
                                          extra: ["aria-label": "\(goal.isEnabled ? "Turn off" : "Turn on") \(goalTitle(goal.kind))"])
                        }
                    }
                }
            }
        }
    }

    static func goalTitle(_ kind: GateGoalKind) -> String {
        switch kind {
        case .steps: "Steps"
        case .energy: "Active energy (kcal)"
        case .exercise: "Exercise (minutes)"
        case .unlockTime: "Unlock time (minutes after midnight)"
        }
    }
}

/// Nothing, where a builder branch must produce a node.
enum EmptyNode {
    static let none = HTMLNode.group([])
}

/// The Gate page's forms as gate commands.
public enum GateForm {
    public static func command(_ fields: [String: String]) -> Result<GateCommand, FormRefusal> {
        func refuse(_ field: String, _ message: String) -> Result<GateCommand, FormRefusal> {
            .failure(FormRefusal(form: FormState(values: fields, errors: [field: message])))
        }
        let goal = fields["goal"].flatMap(GateGoalKind.init(rawValue:))
        switch fields["command"] {
        case "peek": return .success(.peek)
        case "emergency": return .success(.emergencyUnlock)
        case "cancel": return .success(.cancelCode)
        case "confirm":
            let code = (fields["code"] ?? "").trimmingCharacters(in: .whitespaces)
            return code.isEmpty ? refuse("code", "Type the code shown above.") : .success(.enterCode(code))
        case "block":
            let executable = (fields["executable"] ?? "").trimmingCharacters(in: .whitespaces)
            guard !executable.isEmpty else { return refuse("executable", "Name the program to block, like steam.") }
            let desktopID = (fields["desktop-id"] ?? "").trimmingCharacters(in: .whitespaces)
            return .success(.block(BlockedApp(executable: executable, desktopID: desktopID.isEmpty ? nil : desktopID)))
        case "unblock":
            guard let executable = fields["executable"], !executable.isEmpty else { return refuse("executable", "The form named no program.") }
            return .success(.unblock(executable: executable))
        case "set-goal":
            guard let goal else { return refuse("command", "The form named no goal.") }
            guard let target = Int((fields["target"] ?? "").trimmingCharacters(in: .whitespaces)) else {
                return refuse("command", "“\((fields["target"] ?? "").prefix(40))” is not a whole number: enter the goal's target.")
            }
            return .success(.setGoal(goal, target: target, schedule: nil))
        case "enable-goal":
            guard let goal else { return refuse("command", "The form named no goal.") }
            return .success(.enableGoal(goal))
        case "disable-goal":
            guard let goal else { return refuse("command", "The form named no goal.") }
            return .success(.disableGoal(goal))
        case let other:
            return refuse("command", other.map { "“\($0.prefix(40))” is not something the Gate page can do." } ?? "The form named no action.")
        }
    }
}
