/// The frame of every page: head, skip link, navigation, notice, then the page's content.
public enum Layout {
    /// A whole HTML document.
    public static func document(_ chrome: PageChrome, @HTMLBuilder content: () -> [HTMLNode]) -> String {
        // While the break screen is up, the page under it takes no focus and no clicks.
        let covered: String? = chrome.breakScreen == nil ? nil : ""
        let page = element("html", ["lang": "en"]) {
            head(title: chrome.page.title)
            element("body", ["data-page": chrome.page.path, "data-live": chrome.page.isLive ? "" : nil]) {
                element("a", ["class": "skip", "href": "#main", "inert": covered]) { "Skip to content" }
                element("header", ["inert": covered]) {
                    element("p", ["class": "brand"]) { "LockOut" }
                    element("nav", ["aria-label": "Main"]) {
                        element("ul") {
                            for page in WebPage.allCases {
                                element("li") {
                                    element("a", ["href": page.path, "aria-current": page == chrome.page ? "page" : nil]) { page.title }
                                }
                            }
                        }
                    }
                }
                element("main", ["id": "main", "tabindex": "-1", "inert": covered]) {
                    element("h1") { chrome.page.title }
                    if let notice = chrome.notice {
                        element("p", ["class": notice.isError ? "notice error" : "notice", "role": notice.isError ? "alert" : "status"]) {
                            notice.text
                        }
                    }
                    content()
                }
                if let model = chrome.breakScreen {
                    BreakScreen.overlay(model, chrome: chrome, returnPath: chrome.page.path)
                }
            }
        }
        return "<!doctype html>\n" + page.rendered()
    }

    /// A document without the navigation: the break screen on its own.
    static func bare(
        title: String, chrome: PageChrome, bodyClass: String, page path: String = BreakScreen.path, live: Bool = true,
        @HTMLBuilder content: () -> [HTMLNode]
    ) -> String {
        let page = element("html", ["lang": "en"]) {
            head(title: title)
            element("body", ["class": bodyClass, "data-page": path, "data-live": live ? "" : nil]) { content() }
        }
        return "<!doctype html>\n" + page.rendered()
    }

    private static func head(title: String) -> HTMLNode {
        element("head") {
            element("meta", ["charset": "utf-8"])
            element("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
            element("meta", ["name": "color-scheme", "content": "light dark"])
            element("title") { "\(title) — LockOut" }
            element("link", ["rel": "stylesheet", "href": Assets.stylesheetPath])
            element("script", ["src": Assets.scriptPath, "defer": ""])
        }
    }

    /// A form posting to `action` with the session's token, so that only the app's own pages can send it.
    public static func form(
        _ action: String, _ chrome: PageChrome, _ attributes: KeyValuePairs<String, String?> = [:],
        @HTMLBuilder content: () -> [HTMLNode]
    ) -> HTMLNode {
        var kept: [HTMLAttribute] = [HTMLAttribute(name: "method", value: "post"), HTMLAttribute(name: "action", value: action)]
        kept += attributes.compactMap { pair in pair.value.map { HTMLAttribute(name: pair.key, value: $0) } }
        return .element("form", kept, [element("input", ["type": "hidden", "name": WebForm.csrfField, "value": chrome.csrfToken])] + content())
    }

    /// A submit button sending `name=value`.
    public static func button(_ label: String, name: String, value: String, primary: Bool = false, extra: KeyValuePairs<String, String?> = [:]) -> HTMLNode {
        var attributes = [HTMLAttribute(name: "type", value: "submit"), HTMLAttribute(name: "name", value: name), HTMLAttribute(name: "value", value: value)]
        if primary { attributes.append(HTMLAttribute(name: "class", value: "primary")) }
        attributes += extra.compactMap { pair in pair.value.map { HTMLAttribute(name: pair.key, value: $0) } }
        return .element("button", attributes, [.text(label)])
    }

    /// A whole-number field with its label, range, unit and, when refused, its message.
    static func numberField(
        name: String, label: String, field: StepperFieldValue, unit: String, error: String?
    ) -> HTMLNode {
        element("div", ["class": error == nil ? "field" : "field invalid"]) {
            element("label", ["for": name]) { label }
            element("span", ["class": "control"]) {
                element("input", [
                    "id": name, "name": name, "type": "number", "inputmode": "numeric",
                    "min": String(field.minimum), "max": String(field.maximum), "step": "1", "required": "",
                    "value": field.value,
                    "aria-describedby": "\(name)-hint" + (error == nil ? "" : " \(name)-error"),
                    "aria-invalid": error == nil ? nil : "true",
                ])
                element("span", ["class": "unit", "id": "\(name)-hint"]) { "\(unit) (\(field.minimum)–\(field.maximum))" }
            }
            if let error {
                element("p", ["class": "field-error", "id": "\(name)-error"]) { error }
            }
        }
    }

    /// A checkbox with its label, sending `name=on` when ticked.
    static func checkbox(name: String, label: String, checked: Bool) -> HTMLNode {
        element("div", ["class": "field check"]) {
            element("input", ["id": name, "name": name, "type": "checkbox", "value": "on", "checked": checked ? "" : nil])
            element("label", ["for": name]) { label }
        }
    }
}

/// A stepper's range and the value to show in it, which may be what a person typed.
struct StepperFieldValue {
    let minimum: Int
    let maximum: Int
    let value: String
}

extension Layout {
    /// A page outside the app's navigation, like "open LockOut with `lockout open`".
    public static func message(title: String, paragraphs: [String]) -> String {
        let page = element("html", ["lang": "en"]) {
            head(title: title)
            element("body") {
                element("main", ["id": "main"]) {
                    element("h1") { title }
                    for paragraph in paragraphs { element("p") { paragraph } }
                }
            }
        }
        return "<!doctype html>\n" + page.rendered()
    }
}
