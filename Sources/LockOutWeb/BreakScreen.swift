import Foundation
import LockOutCore

/// The break screen (seed 000's full-screen sheet): the break's title and what to do, a breathing circle
/// (with an eye for eye breaks), a countdown ring over the break's length, Snooze N min and Done.
///
/// It is drawn over any page while a break is due, snoozed or being taken, and on its own at `/break`
/// (the page a break window opens). Its buttons are a plain form: without a script they post and come
/// back to the page; with it, Enter is Done, S is Snooze and Escape does nothing.
public enum BreakScreen {
    /// What the break screen needs: the break, how long it lasts, and the snooze length.
    public struct Model: Sendable, Equatable {
        public let current: DashboardScreen.CurrentBreak
        /// Whether the break is being taken (its countdown runs to `current.until`) or is due or snoozed.
        public let isActive: Bool
        /// The break's length.
        public let durationSeconds: Int
        public let snoozeMinutes: Int

        public init(current: DashboardScreen.CurrentBreak, isActive: Bool, durationSeconds: Int, snoozeMinutes: Int) {
            self.current = current
            self.isActive = isActive
            self.durationSeconds = durationSeconds
            self.snoozeMinutes = snoozeMinutes
        }

        /// The break screen for a dashboard, nil when no break is on screen (a snoozed break waits off screen).
        public init?(dashboard: DashboardScreen, settings: BreakSettings) {
            guard let current = dashboard.currentBreak, dashboard.state != "snoozed" else { return nil }
            self.init(
                current: current, isActive: dashboard.state == "breakActive",
                durationSeconds: settings[current.kind].durationSeconds, snoozeMinutes: settings.snoozeMinutes
            )
        }
    }

    /// The path of the break screen on its own.
    public static let path = "/break"

    /// The overlay, as a modal dialog over the page; its buttons come back to `returnPath`.
    public static func overlay(_ model: Model, chrome: PageChrome, returnPath: String) -> HTMLNode {
        element("div", ["class": "break-overlay", "id": "break-screen", "role": "dialog", "aria-modal": "true",
                        "aria-labelledby": "break-title", "aria-describedby": "break-body"]) {
            panel(model, chrome: chrome, returnPath: returnPath)
        }
    }

    /// The break screen as a page of its own (what a break window shows); with no break on screen it says so.
    public static func page(_ model: Model?, chrome: PageChrome) -> String {
        Layout.bare(title: model?.current.title ?? "No break", chrome: chrome, bodyClass: "break-page") {
            if let model {
                element("main", ["class": "break-overlay", "id": "break-screen", "aria-labelledby": "break-title"]) {
                    panel(model, chrome: chrome, returnPath: path)
                }
            } else {
                element("main", ["class": "break-overlay", "id": "break-screen"]) {
                    element("div", ["class": "break-panel"]) {
                        element("h1", ["id": "break-title"]) { "No break right now" }
                        element("p") { "This window closes on its own when a break is answered or over." }
                        element("p") { element("a", ["href": WebPage.dashboard.path]) { "Open the Dashboard" } }
                    }
                }
            }
        }
    }

    private static func panel(_ model: Model, chrome: PageChrome, returnPath: String) -> HTMLNode {
        let current = model.current
        let seconds = model.isActive ? max(0, current.until.map { Int($0.timeIntervalSince(chrome.now).rounded(.up)) } ?? model.durationSeconds) : model.durationSeconds
        return element("div", ["class": "break-panel", "data-kind": current.kind.rawValue]) {
            element("h1", ["id": "break-title"]) { current.title }
            element("p", ["id": "break-body", "class": "break-body"]) { current.body }
            element("div", ["class": "breathing", "aria-hidden": "true"]) {
                element("div", ["class": "breath"]) {
                    if current.kind == .eye { eyeIcon() }
                }
            }
            ring(seconds: seconds, total: model.durationSeconds, running: model.isActive, chrome: chrome)
            Layout.form("/actions/break", chrome, ["class": "actions break-actions"]) {
                element("input", ["type": "hidden", "name": "kind", "value": current.kind.rawValue])
                element("input", ["type": "hidden", "name": "return", "value": returnPath])
                Layout.button("Done", name: "command", value: "done", primary: true, extra: ["data-key": "Enter", "aria-keyshortcuts": "Enter"])
                if current.canSnooze {
                    Layout.button("Snooze \(model.snoozeMinutes) min", name: "command", value: "snooze", extra: ["data-key": "s", "aria-keyshortcuts": "S"])
                }
            }
            element("p", ["class": "hint"]) { current.canSnooze ? "Enter: Done · S: Snooze" : "Enter: Done" }
        }
    }

    /// A ring that empties over the break; its script counts `seconds` down (from load, or to the break's end).
    private static func ring(seconds: Int, total: Int, running: Bool, chrome: PageChrome) -> HTMLNode {
        let circumference = 2 * Double.pi * 45
        let fraction = total > 0 ? Double(seconds) / Double(total) : 0
        return element("div", ["class": "ring", "role": "timer", "aria-live": "off"]) {
            element("svg", ["viewBox": "0 0 100 100", "aria-hidden": "true"]) {
                element("circle", ["class": "ring-track", "cx": "50", "cy": "50", "r": "45"])
                element("circle", [
                    "class": "ring-fill", "cx": "50", "cy": "50", "r": "45",
                    "stroke-dasharray": String(format: "%.2f", circumference),
                    "stroke-dashoffset": String(format: "%.2f", circumference * (1 - fraction)),
                    "data-circumference": String(format: "%.2f", circumference), "data-total": String(total * 1000),
                    "transform": "rotate(-90 50 50)",
                ])
            }
            element("time", [
                "class": "ring-text ticking", "data-left": String(Int((Double(seconds) * 1000 / chrome.clockScale).rounded())),
                "data-scale": chrome.clockScale == 1 ? nil : String(chrome.clockScale), "data-stay": "",
            ]) { DurationParser.countdown(TimeInterval(seconds)) }
        }
    }

    /// An eye, drawn in the breathing circle of an eye break.
    private static func eyeIcon() -> HTMLNode {
        element("svg", ["class": "eye", "viewBox": "0 0 64 40", "aria-hidden": "true"]) {
            element("path", ["d": "M2 20 C14 2 50 2 62 20 C50 38 14 38 2 20 Z"])
            element("circle", ["cx": "32", "cy": "20", "r": "9"])
        }
    }
}
