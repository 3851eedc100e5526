import Foundation
import LockOutCore

/// The onboarding pages: one step at a time, a progress line, the page's picture, and the button that
/// leads on. The last breaks page sends the kinds chosen; the gate's programs page may block one.
public enum OnboardingPages {
    /// Which flow a page belongs to, and where it lives.
    public enum Flow: String, Sendable {
        case breaks
        case gate

        public var path: String { self == .breaks ? "/welcome" : "/gate/welcome" }
        public var pages: [OnboardingPage] { self == .breaks ? OnboardingScreen.breaks : OnboardingScreen.gate }
    }

    /// Step `step` (from 1) of `flow`; `toggles` are the kind switches the breaks setup page offers.
    public static func render(_ flow: Flow, step: Int, toggles: [DashboardScreen.Toggle], form: FormState = .fresh, chrome: PageChrome) -> String {
        let pages = flow.pages
        let index = min(max(step, 1), pages.count) - 1
        let page = pages[index]
        return Layout.bare(title: page.title, chrome: chrome, bodyClass: "onboarding-page", page: flow.path, live: false) {
            element("main", ["id": "main", "class": "onboarding"]) {
                element("p", ["class": "hint"]) { "Step \(index + 1) of \(pages.count)" }
                element("div", ["class": "onboarding-picture", "aria-hidden": "true"]) { picture(page.kind) }
                element("h1") { page.title }
                if let notice = chrome.notice {
                    element("p", ["class": notice.isError ? "notice error" : "notice", "role": notice.isError ? "alert" : "status"]) { notice.text }
                }
                for paragraph in page.paragraphs { element("p") { paragraph } }
                switch page.kind {
                case .breakSetup:
                    Layout.form("/actions/test-notification", chrome, ["class": "actions"]) {
                        element("input", ["type": "hidden", "name": "return", "value": "\(flow.path)?step=\(index + 1)"])
                        Layout.button("Send a test notification", name: "test", value: "notification")
                    }
                    Layout.form("/actions/onboarding", chrome) {
                        element("input", ["type": "hidden", "name": "flow", "value": flow.rawValue])
                        for toggle in toggles {
                            Layout.checkbox(name: toggle.kind.rawValue, label: "Enable \(toggle.title)s", checked: toggle.enabled)
                        }
                        element("p", ["class": "actions"]) { Layout.button(page.next, name: "finish", value: "1", primary: true) }
                    }
                case .programs:
                    Layout.form("/actions/onboarding", chrome, ["novalidate": ""]) {
                        element("input", ["type": "hidden", "name": "flow", "value": "gate-block"])
                        FocusPage.textField(name: "executable", label: "A program to block (optional)", value: form.value("executable", stored: ""), error: form.errors["executable"])
                        element("p", ["class": "actions"]) {
                            Layout.button("Block it and go on", name: "finish", value: "1")
                            element("a", ["class": "button-link", "href": "\(flow.path)?step=\(index + 2)"]) { page.next }
                        }
                    }
                case .gateDone:
                    Layout.form("/actions/onboarding", chrome) {
                        element("input", ["type": "hidden", "name": "flow", "value": flow.rawValue])
                        element("p", ["class": "actions"]) { Layout.button(page.next, name: "finish", value: "1", primary: true) }
                    }
                default:
                    element("p", ["class": "actions"]) {
                        if index > 0 { element("a", ["class": "button-link", "href": "\(flow.path)?step=\(index)"]) { "Back" } }
                        element("a", ["class": "button-link primary", "href": "\(flow.path)?step=\(index + 2)"]) { page.next }
                    }
                }
            }
        }
    }

    private static func picture(_ kind: OnboardingPage.Kind) -> HTMLNode {
        switch kind {
        case .eyeRule:
            element("svg", ["class": "eye big", "viewBox": "0 0 64 40"]) {
                element("path", ["d": "M2 20 C14 2 50 2 62 20 C50 38 14 38 2 20 Z"])
                element("circle", ["cx": "32", "cy": "20", "r": "9"])
            }
        case .breathing:
            element("div", ["class": "breathing"]) { element("div", ["class": "breath"]) { "" } }
        case .gateWelcome, .gateDone:
            element("svg", ["class": "gate-picture", "viewBox": "0 0 100 100"]) {
                element("circle", ["class": "ring-track", "cx": "50", "cy": "50", "r": "45"])
                element("circle", ["class": "ring-fill", "cx": "50", "cy": "50", "r": "45", "transform": "rotate(-90 50 50)",
                                   "stroke-dasharray": "282.74", "stroke-dashoffset": kind == .gateDone ? "0" : "106"])
            }
        case .healthData, .programs, .breakSetup:
            EmptyNode.none
        }
    }
}
