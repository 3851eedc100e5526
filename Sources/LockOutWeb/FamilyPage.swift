import Foundation
import LockOutCore

/// Family: choosing the device's mode, starting or joining a family, and — on a parent — each device
/// online or offline, pairing by QR code, rename and revoke, a child's days as charts, and configuration
/// sent to a child with its acknowledgement.
public enum FamilyPage {
    /// Where this device stands in a family, with what its page shows.
    public enum Model: Sendable {
        /// No mode chosen yet: the device selection.
        case noMode
        /// A mode, and no family yet.
        case notMember(DeviceMode)
        /// A parent in a family: its devices (nil when the server cannot be reached, with why) and what it sent.
        case parent(devices: [RegisteredDevice]?, unreachable: String?, commands: [SentCommand], status: FamilySyncStatus)
        /// A child or personal device in a family.
        case member(DeviceMode, status: FamilySyncStatus)
    }

    public static func render(_ model: Model, form: FormState = .fresh, chrome: PageChrome, calendar: Calendar) -> String {
        Layout.document(chrome) {
            switch model {
            case .noMode:
                modeChoice(chrome: chrome)
            case .notMember(let mode):
                element("p") { "This device is a \(mode.displayName.lowercased()). " + mode.summary }
                if mode == .childDevice {
                    joinForm(form: form, chrome: chrome)
                } else {
                    createForm(form: form, chrome: chrome)
                    if mode == .personalDevice { joinForm(form: form, chrome: chrome) }
                }
            case .parent(let devices, let unreachable, let commands, let status):
                if let unreachable { element("p", ["class": "notice error", "role": "alert"]) { unreachable } }
                element("section", ["class": "card", "aria-labelledby": "devices-heading"]) {
                    element("h2", ["id": "devices-heading"]) { "Devices" }
                    if let devices {
                        deviceTable(devices, chrome: chrome, calendar: calendar)
                    }
                    Layout.form("/actions/family", chrome, ["class": "actions"]) {
                        element("label", ["for": "pair-mode"]) { "Pair a new" }
                        element("select", ["id": "pair-mode", "name": "mode"]) {
                            element("option", ["value": "childDevice"]) { "child's device" }
                            element("option", ["value": "personalDevice"]) { "device of my own" }
                        }
                        FocusPage.textField(
                            name: "childName", label: "Child's name, for a child's device (optional: one child's devices share health totals)",
                            value: "", error: nil
                        )
                        Layout.button("Show a pairing code", name: "command", value: "pair", primary: true)
                    }
                }
                commandList(commands, devices: Dictionary((devices ?? []).map { ($0.deviceID, $0) }, uniquingKeysWith: { first, _ in first }),
                            chrome: chrome, calendar: calendar)
                syncCard(status, chrome: chrome, calendar: calendar)
            case .member(let mode, let status):
                element("p") { "This device is a \(mode.displayName.lowercased()) in a family. " + mode.summary }
                syncCard(status, chrome: chrome, calendar: calendar)
            }
        }
    }

    /// One row per mode: its name above its summary, and Choose at the row's end. The two texts share one
    /// block, so every row is laid out alike whatever the length of its summary (loose in the row, a short
    /// summary sat beside the name while a long one wrapped below it).
    private static func modeChoice(chrome: PageChrome) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "mode-heading"]) {
            element("h2", ["id": "mode-heading"]) { "Who uses this device?" }
            element("ul", ["class": "tasks choices"]) {
                for mode in [DeviceMode.parentDevice, .childDevice, .personalDevice] {
                    element("li") {
                        element("div", ["class": "choice-text"]) {
                            element("span", ["class": "task-title"]) { mode.displayName }
                            element("span", ["class": "hint"]) { mode.summary }
                        }
                        Layout.form("/actions/family", chrome, ["class": "inline"]) {
                            element("input", ["type": "hidden", "name": "mode", "value": mode.rawValue])
                            Layout.button("Choose", name: "command", value: "setup", extra: ["aria-label": "Choose \(mode.displayName)"])
                        }
                    }
                }
            }
        }
    }

    private static func createForm(form: FormState, chrome: PageChrome) -> HTMLNode {
        Layout.form("/actions/family", chrome, ["class": "card", "novalidate": ""]) {
            element("h2") { "Start a family" }
            FocusPage.textField(name: "server", label: "Family server address (like http://192.168.1.10:8443)", value: form.value("server", stored: ""), error: form.errors["server"])
            element("p", ["class": "actions"]) { Layout.button("Start the family", name: "command", value: "create", primary: true) }
        }
    }

    private static func joinForm(form: FormState, chrome: PageChrome) -> HTMLNode {
        Layout.form("/actions/family", chrome, ["class": "card", "novalidate": ""]) {
            element("h2") { "Join a family" }
            FocusPage.textField(name: "payload", label: "Pairing code (lockout-pair:…, from the parent's screen)", value: form.value("payload", stored: ""), error: form.errors["payload"])
            element("p", ["class": "actions"]) { Layout.button("Join", name: "command", value: "join", primary: true) }
        }
    }

    private static func deviceTable(_ devices: [RegisteredDevice], chrome: PageChrome, calendar: Calendar) -> HTMLNode {
        element("ul", ["class": "tasks", "id": "device-list"]) {
            for device in devices {
                let online = device.isOnline(now: chrome.now)
                element("li") {
                    if device.deviceType == .parentDevice {
                        element("span", ["class": "task-title"]) { device.deviceName }
                    } else {
                        element("a", ["class": "task-title", "href": "/family/device/\(device.deviceID)"]) { device.deviceName }
                    }
                    element("span", ["class": online ? "badge" : "badge off"]) { !device.isActive ? "revoked" : online ? "online" : "offline" }
                    element("span", ["class": "hint"]) {
                        device.deviceType.displayName + " · " + (device.lastSyncDate.map { "last sync \(LocalTimeText.text($0, now: chrome.now, calendar: calendar))" } ?? "never synced")
                    }
                    if device.deviceType != .parentDevice && device.isActive {
                        Layout.form("/actions/family", chrome, ["class": "inline"]) {
                            element("input", ["type": "hidden", "name": "device", "value": device.deviceID.description])
                            Layout.button("Revoke", name: "command", value: "revoke", extra: ["aria-label": "Revoke \(device.deviceName)"])
                        }
                    }
                }
            }
        }
    }

    private static func commandList(_ commands: [SentCommand], devices: [DeviceID: RegisteredDevice], chrome: PageChrome, calendar: Calendar) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "commands-heading"]) {
            element("h2", ["id": "commands-heading"]) { "Configuration sent" }
            if commands.isEmpty {
                element("p", ["class": "hint"]) { "Nothing sent yet: open a child's device above to change its breaks or gate." }
            } else {
                element("ul", ["class": "tasks", "id": "command-list"]) {
                    for sent in commands.sorted(by: { $0.command.createdAt > $1.command.createdAt }).prefix(20) {
                        element("li") {
                            let target = devices[sent.command.targetDeviceID]
                            element("span", ["class": "task-title"]) {
                                "\(target?.deviceName ?? "a device"): \(sent.command.change.summary)"
                            }
                            element("span", ["class": "hint"]) { outcome(sent, targetLastSync: target?.lastSyncDate, now: chrome.now, calendar: calendar) }
                            if sent.mayBeLost(now: chrome.now, targetLastSync: target?.lastSyncDate) {
                                Layout.form("/actions/family", chrome, ["class": "actions"]) {
                                    element("input", ["type": "hidden", "name": "commandID", "value": sent.command.commandID.description])
                                    Layout.button("Send again", name: "command", value: "resend")
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    static func outcome(_ sent: SentCommand, targetLastSync: Date? = nil, now: Date, calendar: Calendar) -> String {
        switch sent.status {
        case .pending:
            "waiting for the device for \(DurationParser.waited(now.timeIntervalSince(sent.command.createdAt)))"
                + (sent.mayBeLost(now: now, targetLastSync: targetLastSync) ? ", though it synced since: the server may have lost it" : "")
        case .applied: "applied" + (sent.executedAt.map { " at \(LocalTimeText.text($0, now: now, calendar: calendar))" } ?? "")
        case .rejected: "refused: \(sent.reason ?? "no reason given")"
        }
    }

    private static func syncCard(_ status: FamilySyncStatus, chrome: PageChrome, calendar: Calendar) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "family-sync-heading"]) {
            element("h2", ["id": "family-sync-heading"]) { "Sync" }
            element("p") {
                "Server: \(status.server?.absoluteString ?? "—") · last sync "
                    + (status.lastSync.map { LocalTimeText.text($0, now: chrome.now, calendar: calendar) } ?? "never")
                    + " · queued \(status.queued) · failed \(status.failed)"
            }
            element("p", ["class": "encryption"]) {
                "Encryption: " + (status.encryption.map { $0.line } ?? "none — the server can read this family's records")
            }
            let notices = status.encryption?.notices { LocalTimeText.text($0, now: chrome.now, calendar: calendar) } ?? []
            if !notices.isEmpty {
                element("ul", ["class": "notices", "id": "family-warnings", "role": "status"]) {
                    for notice in notices { element("li") { notice } }
                }
            }
            Layout.form("/actions/sync", chrome) { Layout.button("Sync now", name: "sync", value: "now") }
        }
    }

    /// The pairing code a parent just asked for: the QR code drawn as SVG, the code to paste, and when it expires.
    public static func pairing(_ pairing: SyncAPI.Pairing, chrome: PageChrome, calendar: Calendar) -> String {
        Layout.document(chrome) {
            element("section", ["class": "card pairing", "aria-labelledby": "pairing-heading"]) {
                element("h2", ["id": "pairing-heading"]) { "Pair a \(pairing.mode == .childDevice ? "child's device" : "device of your own")" }
                element("p") {
                    "On the other device, scan this code or paste the text below into its Family page (or run lockout family join with it). It works once and expires at "
                    element("strong") { LocalTimeText.text(pairing.expiresAt, now: chrome.now, calendar: calendar) }
                    " ("
                    Components.countdown(until: pairing.expiresAt, text: DurationParser.countdown(pairing.expiresAt.timeIntervalSince(chrome.now)), chrome: chrome)
                    " left)."
                }
                if let code = try? QRCode(encoding: pairing.payload) { qr(code) }
                element("label", ["for": "pairing-payload"]) { "Pairing code" }
                element("textarea", ["id": "pairing-payload", "readonly": "", "rows": "3"]) { pairing.payload }
                element("p") { element("a", ["href": WebPage.family.path]) { "Back to the family" } }
            }
        }
    }

    /// A QR code as an SVG of one path, dark modules on white.
    static func qr(_ code: QRCode, quietZone: Int = 4) -> HTMLNode {
        let span = code.size + 2 * quietZone
        var path = ""
        for y in 0..<code.size {
            for x in 0..<code.size where code[x, y] {
                path += "M\(x + quietZone),\(y + quietZone)h1v1h-1z"
            }
        }
        return element("svg", ["class": "qr", "viewBox": "0 0 \(span) \(span)", "role": "img", "aria-label": "Pairing QR code",
                               "shape-rendering": "crispEdges"]) {
            element("rect", ["width": "100%", "height": "100%", "fill": "#fff"])
            element("path", ["fill": "#000", "d": path])
        }
    }
}

/// One child's device: its days as charts, configuration to send, and what became of what was sent.
public enum FamilyDevicePage {
    public static func render(
        _ device: RegisteredDevice, summaries: [DailySummary], days: Int, commands: [SentCommand], form: FormState = .fresh,
        chrome: PageChrome, calendar: Calendar, rewards: FamilyDevicePage.Rewards? = nil
    ) -> String {
        Layout.document(chrome) {
            element("h2", ["class": "device-name"]) { device.deviceName }
            element("nav", ["class": "range", "aria-label": "Range"]) {
                element("ul") {
                    for option in [7, 14, 30] {
                        element("li") {
                            element("a", ["href": "/family/device/\(device.deviceID)?days=\(option)", "aria-current": option == days ? "page" : nil]) { "\(option) days" }
                        }
                    }
                }
            }
            element("section", ["class": "card", "aria-labelledby": "usage-heading"]) {
                element("h3", ["id": "usage-heading"]) { "Breaks per day" }
                BarChart.svg(bars(summaries), titleID: "child-breaks-title", title: "\(device.deviceName): completed and skipped breaks per day")
                element("table", ["class": "numbers"]) {
                    element("thead") {
                        element("tr") {
                            for title in ["Day", "Breaks done", "Skipped", "Compliance", "Focus", "Steps", "Gate"] { element("th", ["scope": "col"]) { title } }
                        }
                    }
                    element("tbody") {
                        for day in summaries {
                            element("tr") {
                                element("th", ["scope": "row"]) { day.date.description }
                                element("td") { String(day.breaksCompleted) }
                                element("td") { String(day.breaksSkipped) }
                                element("td") { day.compliancePercent.map { "\($0)%" } ?? "—" }
                                element("td") { "\(day.focusMinutes) min" }
                                element("td") { String(day.steps) }
                                element("td") { day.gateOpened ? "opened" : "closed" }
                            }
                        }
                    }
                }
                if summaries.isEmpty { element("p", ["class": "hint"]) { "No day reported yet." } }
            }
            Layout.form("/actions/family", chrome, ["class": "card", "novalidate": ""]) {
                element("h3") { "Name" }
                element("input", ["type": "hidden", "name": "device", "value": device.deviceID.description])
                FocusPage.textField(name: "name", label: "Device name", value: form.value("name", stored: device.deviceName), error: form.errors["name"])
                element("p", ["class": "actions"]) { Layout.button("Rename", name: "command", value: "rename") }
            }
            sendForms(device, form: form, chrome: chrome)
            if let rewards {
                FamilyRewardsSection.render(device, snapshot: rewards.snapshot, updated: rewards.updated, form: form, chrome: chrome, calendar: calendar)
            }
            element("section", ["class": "card", "aria-labelledby": "sent-heading"]) {
                element("h3", ["id": "sent-heading"]) { "Sent to this device" }
                element("ul", ["class": "tasks", "id": "command-list"]) {
                    for sent in commands.sorted(by: { $0.command.createdAt > $1.command.createdAt }) {
                        element("li") {
                            element("span", ["class": "task-title"]) { sent.command.change.summary }
                            element("span", ["class": "hint"]) { FamilyPage.outcome(sent, now: chrome.now, calendar: calendar) }
                        }
                    }
                }
                if commands.isEmpty { element("p", ["class": "hint"]) { "Nothing sent yet." } }
            }
        }
    }

    /// A child's rewards as its last day summary carried them (nil: none yet), and when it was made.
    public struct Rewards: Sendable {
        public let snapshot: RewardsSnapshot?
        public let updated: Date?

        public init(snapshot: RewardsSnapshot?, updated: Date?) {
            self.snapshot = snapshot
            self.updated = updated
        }
    }

    private static func bars(_ summaries: [DailySummary]) -> [ChartBar] {
        let most = summaries.map { $0.breaksCompleted + $0.breaksSkipped }.max() ?? 0
        return summaries.map { day in
            let total = day.breaksCompleted + day.breaksSkipped
            let whole = most == 0 ? 0 : Int((Double(total * BarChart.height) / Double(most)).rounded())
            let completed = most == 0 ? 0 : Int((Double(day.breaksCompleted * BarChart.height) / Double(most)).rounded())
            return ChartBar(date: day.date, completed: day.breaksCompleted, skipped: day.breaksSkipped,
                            completedLength: min(completed, whole), skippedLength: whole - min(completed, whole))
        }
    }

    /// A form that sends one kind of change to `device`.
    private static func changeForm(
        _ device: RegisteredDevice, change: String, title: String, chrome: PageChrome, @HTMLBuilder content: () -> [HTMLNode]
    ) -> HTMLNode {
        Layout.form("/actions/family", chrome, ["novalidate": ""]) {
            element("input", ["type": "hidden", "name": "device", "value": device.deviceID.description])
            element("input", ["type": "hidden", "name": "change", "value": change])
            element("h4") { title }
            content()
        }
    }

    private static func sendForms(_ device: RegisteredDevice, form: FormState, chrome: PageChrome) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "configure-heading"]) {
            element("h3", ["id": "configure-heading"]) { "Change this device's settings" }
            element("p", ["class": "hint"]) { "Each change is sent to the device, applied at once when it is online, and acknowledged below." }
            if let error = form.errors["change"] { element("p", ["class": "field-error", "role": "alert"]) { error } }
            changeForm(device, change: "break", title: "A break kind", chrome: chrome) {
                element("div", ["class": "field"]) {
                    element("label", ["for": "send-kind"]) { "Kind" }
                    element("select", ["id": "send-kind", "name": "kind"]) {
                        for kind in BreakKind.allCases { element("option", ["value": kind.rawValue]) { kind.title } }
                    }
                }
                Layout.numberField(name: "interval", label: "Interval", field: StepperFieldValue(minimum: 1, maximum: 120, value: form.value("interval", stored: "20")), unit: "minutes", error: form.errors["interval"])
                Layout.numberField(name: "duration", label: "Duration", field: StepperFieldValue(minimum: 5, maximum: 3600, value: form.value("duration", stored: "20")), unit: "seconds", error: form.errors["duration"])
                Layout.checkbox(name: "enabled", label: "On", checked: form.isChecked("enabled", stored: true))
                element("p", ["class": "actions"]) { Layout.button("Send break settings", name: "command", value: "send", primary: true) }
            }
            changeForm(device, change: "goal", title: "A health-gate goal", chrome: chrome) {
                element("div", ["class": "field"]) {
                    element("label", ["for": "send-goal"]) { "Goal" }
                    element("select", ["id": "send-goal", "name": "goal"]) {
                        for kind in GateGoalKind.allCases { element("option", ["value": kind.rawValue]) { GatePage.goalTitle(kind) } }
                    }
                }
                FocusPage.textField(name: "target", label: "Target", value: form.value("target", stored: "10000"), error: form.errors["target"])
                element("p", ["class": "actions"]) { Layout.button("Send goal", name: "command", value: "send", primary: true) }
            }
            changeForm(device, change: "block", title: "Blocked programs", chrome: chrome) {
                FocusPage.textField(name: "executable", label: "Program (executable name)", value: form.value("executable", stored: ""), error: form.errors["executable"])
                element("p", ["class": "actions"]) {
                    Layout.button("Block it", name: "block", value: "add", primary: true)
                    Layout.button("Unblock it", name: "block", value: "remove")
                }
            }
        }
    }
}

/// The Family page's forms.
public enum FamilyForm {
    /// The configuration change a device page's form asks to send, or what was wrong with it.
    public static func change(_ fields: [String: String]) -> Result<ConfigurationChange, FormRefusal> {
        func refuse(_ errors: [String: String]) -> Result<ConfigurationChange, FormRefusal> {
            .failure(FormRefusal(form: FormState(values: fields, errors: errors)))
        }
        switch fields["change"] {
        case "break":
            guard let kind = fields["kind"].flatMap(BreakKind.init(rawValue:)) else { return refuse(["change": "Choose a break kind."]) }
            let interval = WebForm.integer(fields["interval"], in: BreakSettings.intervalRange, unit: "minutes")
            let duration = WebForm.integer(fields["duration"], in: BreakSettings.durationRange, unit: "seconds")
            switch (interval, duration) {
            case (.success(let minutes), .success(let seconds)):
                return .success(.breakKind(kind, intervalMinutes: minutes, durationSeconds: seconds, enabled: fields["enabled"] != nil))
            default:
                var errors: [String: String] = [:]
                if case .failure(let error) = interval { errors["interval"] = error.message }
                if case .failure(let error) = duration { errors["duration"] = error.message }
                return refuse(errors)
            }
        case "goal":
            guard let goal = fields["goal"].flatMap(GateGoalKind.init(rawValue:)) else { return refuse(["change": "Choose a goal."]) }
            guard let target = Int((fields["target"] ?? "").trimmingCharacters(in: .whitespaces)) else {
                return refuse(["target": "“\((fields["target"] ?? "").prefix(40))” is not a whole number."])
            }
            return .success(.gateGoal(goal, target: target, schedule: nil))
        case "block":
            let executable = (fields["executable"] ?? "").trimmingCharacters(in: .whitespaces)
            guard !executable.isEmpty else { return refuse(["executable": "Name the program, like steam."]) }
            return .success(fields["block"] == "remove" ? .blockRemove(executable: executable) : .blockAdd(BlockedApp(executable: executable)))
        case let change? where change.hasPrefix("rewards-"):
            return RewardsForm.parentChange(fields)
        default:
            return refuse(["change": "The form named no change."])
        }
    }
}
