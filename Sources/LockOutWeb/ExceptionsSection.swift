import Foundation
import LockOutCore

/// The Settings page's exceptions: the programs that hold breaks back, and whether a playing media player counts as
/// the person being there. Each program's name is shown as text, never as markup.
public enum ExceptionsSection {
    /// Where its forms post.
    public static let path = "/actions/exceptions"

    static func render(_ exceptions: SettingsPage.Extras.Exceptions, form: FormState, chrome: PageChrome) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "exceptions-heading"]) {
            element("h2", ["id": "exceptions-heading"]) { "Exceptions" }
            element("p", ["id": "programs-hint"]) {
                "Breaks wait while a chosen program runs or has focus (a game, a presentation tool, a call the camera check misses), at most \(exceptions.deferral.maxDeferralMinutes) min, as for the other reasons."
            }
            if !exceptions.tellsFocus {
                element("p", ["class": "small"]) {
                    "This desktop does not tell which program has focus: a program chosen for when it has focus does not hold breaks here."
                }
            }
            if exceptions.deferral.programs.isEmpty {
                element("p") { "No program holds breaks back." }
            } else {
                element("table", ["aria-describedby": "programs-hint"]) {
                    element("caption") { "Programs that hold breaks back" }
                    element("thead") {
                        element("tr") {
                            element("th", ["scope": "col"]) { "Program" }
                            element("th", ["scope": "col"]) { "Holds breaks" }
                            element("th", ["scope": "col"]) { "Action" }
                        }
                    }
                    element("tbody") {
                        for program in exceptions.deferral.programs {
                            element("tr") {
                                element("th", ["scope": "row"]) { program.name }
                                element("td") { program.when == .running ? "while it runs" : "while its window has focus" }
                                element("td") {
                                    Layout.form(path, chrome) {
                                        element("input", ["type": "hidden", "name": "program", "value": program.name])
                                        Layout.button("Remove", name: "command", value: "remove", extra: ["aria-label": "Remove \(program.name)"])
                                    }
                                }
                            }
                        }
                    }
                }
            }
            Layout.form(path, chrome, ["novalidate": ""]) {
                FocusPage.textField(
                    name: "program", label: "Program (the executable's name, like steam)",
                    value: form.values["command"] == "add" ? form.values["program"] ?? "" : "", error: form.errors["program"]
                )
                element("div", ["class": "field"]) {
                    element("label", ["for": "program-when"]) { "Holds breaks" }
                    element("select", ["id": "program-when", "name": "when"]) {
                        for when in DeferredProgram.When.allCases {
                            element("option", ["value": when.rawValue, "selected": form.values["when"] == when.rawValue ? "" : nil]) {
                                when == .running ? "while it runs" : "while its window has focus"
                            }
                        }
                    }
                }
                element("p", ["class": "actions"]) { Layout.button("Add program", name: "command", value: "add") }
            }
            Layout.form(path, chrome) {
                Layout.checkbox(name: "mediaPresent", label: "Media playing counts as present (a film is not a natural break)", checked: exceptions.mediaPresent)
                element("p", ["class": "actions"]) { Layout.button("Save", name: "command", value: "media") }
            }
        }
    }
}

extension SettingsPage.Extras {
    /// What the exceptions section shows.
    public struct Exceptions: Sendable {
        public let deferral: DeferralSettings
        public let mediaPresent: Bool
        /// Whether the desktop tells which program has focus.
        public let tellsFocus: Bool

        public init(deferral: DeferralSettings, mediaPresent: Bool, tellsFocus: Bool) {
            self.deferral = deferral
            self.mediaPresent = mediaPresent
            self.tellsFocus = tellsFocus
        }
    }
}
