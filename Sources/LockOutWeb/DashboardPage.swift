import Foundation
import LockOutCore

/// The Dashboard: the next break and its live countdown, the break on screen with its answers, today's
/// compliance, the kind switches, pause and resume, and the focus session and health gate at a glance.
public enum DashboardPage {
    /// The page for `screen`; `focus` and `gate` are left out when the agent has none.
    public static func render(
        _ screen: DashboardScreen, focus: FocusScreen?, gate: GateScreen?, chrome: PageChrome
    ) -> String {
        Layout.document(chrome) {
            element("section", ["class": "card hero", "aria-labelledby": "now-heading"]) {
                element("h2", ["id": "now-heading"]) { "Now" }
                if let current = screen.currentBreak {
                    currentBreak(current, state: screen.state, chrome: chrome)
                } else if let next = screen.nextBreak {
                    element("p", ["class": "label"]) { "Next: \(next.title)" }
                    element("p", ["class": "countdown"]) {
                        Components.countdown(until: next.dueAt, text: next.countdown, chrome: chrome)
                    }
                } else {
                    element("p", ["class": "headline"]) { screen.headline }
                }
                stateControls(screen, chrome: chrome)
            }
            element("section", ["class": "card", "aria-labelledby": "today-heading"]) {
                element("h2", ["id": "today-heading"]) { "Today" }
                element("dl", ["class": "figures"]) {
                    element("div") {
                        element("dt") { "Compliance" }
                        element("dd") { screen.todayCompliancePercent }
                    }
                    element("div") {
                        element("dt") { "Skipped" }
                        element("dd") { String(screen.skippedToday) }
                    }
                }
            }
            element("section", ["class": "card", "aria-labelledby": "kinds-heading"]) {
                element("h2", ["id": "kinds-heading"]) { "Break kinds" }
                element("ul", ["class": "toggles"]) {
                    for toggle in screen.toggles {
                        element("li") {
                            Layout.form("/actions/break", chrome) {
                                element("input", ["type": "hidden", "name": "kind", "value": toggle.kind.rawValue])
                                element("span", ["id": "kind-\(toggle.kind.rawValue)"]) { toggle.title }
                                Layout.button(
                                    toggle.enabled ? "On" : "Off", name: "command", value: toggle.enabled ? "disable" : "enable",
                                    extra: ["role": "switch", "aria-checked": toggle.enabled ? "true" : "false",
                                            "aria-labelledby": "kind-\(toggle.kind.rawValue)", "class": "switch"]
                                )
                            }
                        }
                    }
                }
            }
            if focus != nil || gate != nil {
                element("section", ["class": "card", "aria-labelledby": "glance-heading"]) {
                    element("h2", ["id": "glance-heading"]) { "At a glance" }
                    element("ul", ["class": "glance"]) {
                        if let focus { element("li") { focusLine(focus, chrome: chrome) } }
                        if let gate { element("li") { gateLine(gate) } }
                    }
                }
            }
        }
    }

    private static func currentBreak(_ current: DashboardScreen.CurrentBreak, state: String, chrome: PageChrome) -> [HTMLNode] {
        var nodes: [HTMLNode] = [
            element("p", ["class": "label"]) { state == "snoozed" ? "\(current.title), snoozed" : current.title },
            element("p") { current.body },
        ]
        if let until = current.until, let text = current.countdown {
            nodes.append(element("p", ["class": "countdown"]) {
                Components.countdown(until: until, text: text, chrome: chrome)
            })
        }
        nodes.append(Layout.form("/actions/break", chrome, ["class": "actions"]) {
            element("input", ["type": "hidden", "name": "kind", "value": current.kind.rawValue])
            Layout.button("Done", name: "command", value: "done", primary: true)
            if current.canSnooze { Layout.button("Snooze", name: "command", value: "snooze") }
            Layout.button("Skip", name: "command", value: "skip")
        })
        return nodes
    }

    private static func stateControls(_ screen: DashboardScreen, chrome: PageChrome) -> HTMLNode {
        Layout.form("/actions/break", chrome, ["class": "actions"]) {
            switch screen.state {
            case "paused":
                element("p") { screen.headline }
                Layout.button("Resume", name: "command", value: "resume", primary: true)
            case "idle":
                if screen.headline != DashboardScreen.stoppedHeadline { element("p") { screen.headline } }
                Layout.button("Start breaks", name: "command", value: "start", primary: true)
            default:
                if screen.nextBreak != nil, let kind = screen.nextBreak?.kind {
                    element("input", ["type": "hidden", "name": "kind", "value": kind.rawValue])
                    Layout.button("Take it now", name: "command", value: "take-now")
                }
                element("label", ["for": "pause-minutes"]) { "Pause for" }
                element("select", ["id": "pause-minutes", "name": "minutes"]) {
                    for minutes in BreakActionForm.pauseChoices {
                        element("option", ["value": String(minutes)]) { minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h" }
                    }
                }
                Layout.button("Pause", name: "command", value: "pause")
                Layout.button("Pause until tomorrow", name: "command", value: "pause-tomorrow")
                Layout.button("Stop breaks", name: "command", value: "stop")
            }
        }
    }

    private static func focusLine(_ focus: FocusScreen, chrome: PageChrome) -> [HTMLNode] {
        guard let status = focus.status else { return [.text("Focus: not running")] }
        var nodes: [HTMLNode] = [.text("Focus: \(status.label), \(focus.state)")]
        if let remaining = focus.remainingText {
            nodes.append(.text(", "))
            if focus.state == "running", let ends = status.endsAt {
                nodes.append(Components.countdown(until: ends, text: remaining, chrome: chrome))
            } else {
                nodes.append(.text(remaining))
            }
            nodes.append(.text(" left"))
        }
        return nodes
    }

    private static func gateLine(_ gate: GateScreen) -> [HTMLNode] {
        let goals = gate.goals.map(\.text).joined(separator: "; ")
        switch gate.status {
        case .closed:
            return [.text("Health gate: closed" + (goals.isEmpty ? "" : " — \(goals)"))]
        case .open:
            return [.text("Health gate: open" + (goals.isEmpty ? "" : " — \(goals)"))]
        }
    }
}

/// Pieces more than one page uses.
enum Components {
    /// A `MM:SS` countdown the page's script keeps ticking until `until`; without the script it shows `text`.
    ///
    /// The script counts from when the page loaded: `data-left` is the real milliseconds left, `data-scale`
    /// how fast the agent's clock runs, so the page agrees with the agent whatever the browser's clock says.
    static func countdown(until: Date, text: String, chrome: PageChrome) -> HTMLNode {
        let left = max(0, until.timeIntervalSince(chrome.now)) / chrome.clockScale
        return element("time", [
            "class": "ticking", "datetime": ISO8601DateFormatter().string(from: until),
            "data-left": String(Int((left * 1000).rounded())), "data-scale": chrome.clockScale == 1 ? nil : String(chrome.clockScale),
        ]) { text }
    }
}
