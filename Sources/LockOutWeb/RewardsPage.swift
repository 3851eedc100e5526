import Foundation
import LockOutCore

/// Rewards, the child's page: the balance, today's points against the cap, reward time with a live countdown,
/// the quest, the streak and the level, the badges, redeeming with its limits, programs and the ledger; behind
/// the parent PIN the settings (programs, cap, mode, quest, points) and the PIN itself. A quest completed or a
/// badge unlocked shows a short celebration.
public enum RewardsPage {
    /// What just happened worth celebrating, shown once until dismissed.
    public struct Celebration: Sendable, Equatable {
        public let id: UUID
        public let text: String

        public init(id: UUID, text: String) {
            self.id = id
            self.text = text
        }
    }

    /// How many ledger entries the page lists.
    public static let ledgerLength = 20

    public static func render(
        _ screen: RewardsScreen, ledger: [LedgerEntry], celebration: Celebration? = nil, form: FormState = .fresh,
        chrome: PageChrome, calendar: Calendar
    ) -> String {
        Layout.document(chrome) {
            if let celebration { celebrationNotice(celebration) }
            summary(screen, chrome: chrome)
            rewardTime(screen, form: form, chrome: chrome, calendar: calendar)
            questCard(screen.quest, id: "quest")
            badgeGrid(screen.badges, id: "badges", now: chrome.now, calendar: calendar)
            programTable(screen, id: "programs")
            ledgerTable(Array(ledger.prefix(ledgerLength)), id: "ledger", now: chrome.now, calendar: calendar)
            settings(screen, form: form, chrome: chrome)
        }
    }

    /// The page on an agent that runs without rewards.
    public static func unavailable(chrome: PageChrome) -> String {
        Layout.document(chrome) {
            element("section", ["class": "card", "aria-labelledby": "rewards-off-heading"]) {
                element("h2", ["id": "rewards-off-heading"]) { "Rewards are off" }
                element("p") { "This agent runs without rewards, so there are no points to show." }
            }
        }
    }

    // MARK: - The child's day

    private static func celebrationNotice(_ celebration: Celebration) -> HTMLNode {
        element("div", ["class": "card celebration", "id": "celebration", "role": "status", "data-celebration": celebration.id.uuidString]) {
            element("svg", ["class": "celebration-mark", "viewBox": "0 0 24 24", "aria-hidden": "true"]) {
                element("path", ["d": starPath])
            }
            element("p") { celebration.text }
            element("a", ["class": "button-link", "href": "\(WebPage.rewards.path)?seen=\(celebration.id.uuidString)", "data-dismiss": ""]) { "Dismiss" }
        }
    }

    private static func summary(_ screen: RewardsScreen, chrome: PageChrome) -> HTMLNode {
        element("section", ["class": "card hero", "aria-labelledby": "points-heading"]) {
            element("h2", ["id": "points-heading"]) { "Points" }
            element("dl", ["class": "figures"]) {
                figure("Balance", "\(screen.balance) points", id: "balance")
                figure("Earned today", "\(screen.pointsToday) points", id: "today")
                figure("Level", "\(screen.level.level)", id: "level")
                figure("Streak", screen.streak.days == 1 ? "1 day" : "\(screen.streak.days) days", id: "streak")
            }
            element("p", ["class": "hint", "id": "cap-line"]) {
                "Each program earns at most \(screen.dailyCap) points a day · "
                    + (screen.mode == .points ? "points at each program's rate" : "\(screen.mode.text) learning to reward minutes")
            }
            element("p", ["class": "label", "id": "level-label"]) {
                "Level \(screen.level.level): \(screen.totalEarned - screen.level.floor) of \(screen.level.next - screen.level.floor) points to level \(screen.level.level + 1)"
            }
            element("progress", [
                "aria-labelledby": "level-label", "max": String(max(1, screen.level.next - screen.level.floor)),
                "value": String(max(0, screen.totalEarned - screen.level.floor)),
            ]) { "\(screen.totalEarned - screen.level.floor) points" }
            element("p", ["class": "hint"]) {
                "Longest streak \(screen.streak.longest) days · streak bonus +\(screen.streak.bonusPercent) % on learning points"
                    + (screen.streak.atRisk ? " · complete today's quest to keep the streak" : "")
            }
        }
    }

    private static func figure(_ title: String, _ value: String, id: String) -> HTMLNode {
        element("div") {
            element("dt") { title }
            element("dd", ["id": id]) { value }
        }
    }

    private static func rewardTime(_ screen: RewardsScreen, form: FormState, chrome: PageChrome, calendar: Calendar) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "reward-time-heading"]) {
            element("h2", ["id": "reward-time-heading"]) { "Reward time" }
            let rewardPrograms = screen.programs.filter { $0.category == .reward }.map(\.program)
            if let endsAt = screen.rewardEndsAt {
                element("p", ["class": "countdown", "id": "reward-countdown"]) {
                    Components.countdown(until: endsAt, text: DurationParser.countdown(TimeInterval(screen.rewardSecondsLeft)), chrome: chrome)
                }
                element("p") {
                    "left, until \(LocalTimeText.text(endsAt, now: chrome.now, calendar: calendar))"
                        + (rewardPrograms.isEmpty ? "." : ": " + rewardPrograms.joined(separator: ", ") + " may run.")
                }
            } else {
                element("p", ["id": "reward-closed"]) {
                    "No reward time is open"
                        + (rewardPrograms.isEmpty ? "." : ": " + rewardPrograms.joined(separator: ", ") + " stay closed until you redeem points.")
                }
            }
            Layout.form("/actions/rewards", chrome, ["novalidate": ""]) {
                element("h3") { "Redeem points" }
                let step = RewardRules.pointsPerRewardMinute
                field("points", label: "Points to redeem", value: form.values["points"] ?? (screen.canRedeem ? String(min(screen.maximumRedemptionNow, RewardRules.minimumRedemption)) : ""),
                      error: form.errors["points"], type: "number",
                      hint: "\(RewardRules.minimumRedemption)–\(RewardRules.maximumRedemption) points at once, in steps of \(step): \(step) points buy 1 minute. Reward time never passes \(RewardRules.maximumWindowMinutes) minutes. "
                          + (screen.canRedeem ? "Now at most \(screen.maximumRedemptionNow) points." : "Nothing can be redeemed now."),
                      extra: ["min": String(RewardRules.minimumRedemption), "max": String(RewardRules.maximumRedemption), "step": String(step), "inputmode": "numeric"])
                element("p", ["class": "actions"]) { Layout.button("Redeem", name: "command", value: "redeem", primary: true) }
            }
        }
    }

    /// The quest and its progress; `id` keeps the child's and the parent's pages' ids apart.
    static func questCard(_ quest: RewardsScreen.QuestProgress?, id: String, level: Int = 2) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "\(id)-heading"]) {
            element("h\(level)", ["id": "\(id)-heading"]) { "Today's quest" }
            if let quest {
                element("p", ["class": "label", "id": "\(id)-label"]) {
                    quest.quest.title + ": " + quest.text
                    if quest.completed { element("span", ["class": "badge"]) { "Complete" } }
                }
                element("progress", ["aria-labelledby": "\(id)-label", "max": String(max(1, quest.quest.targetMinutes)),
                                     "value": String(min(quest.minutes, quest.quest.targetMinutes))]) { quest.text }
                element("p", ["class": "hint"]) { questRule(quest.quest) }
            } else {
                element("p", ["class": "hint"]) { "No quest is set." }
            }
        }
    }

    /// What a quest asks and grants, in a sentence.
    static func questRule(_ quest: DailyQuest) -> String {
        let counting = quest.counting == .perProgram ? "in one program" : "in all learning programs together"
        let programs = quest.programs.isEmpty ? "" : " (\(quest.programs.joined(separator: ", ")))"
        return "\(quest.targetMinutes) min of learning \(counting)\(programs) earn \(quest.reward.text)."
    }

    /// The badges: an unlocked one with a star, a solid frame and when; a locked one with a padlock, a dashed
    /// frame and its progress, so the difference never rests on colour alone.
    static func badgeGrid(_ badges: [BadgeState], id: String, level: Int = 2, now: Date, calendar: Calendar) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "\(id)-heading"]) {
            element("h\(level)", ["id": "\(id)-heading"]) { "Badges" }
            element("p", ["class": "hint"]) { "\(badges.filter(\.isUnlocked).count) of \(badges.count) unlocked" }
            element("ul", ["class": "badge-grid", "id": "\(id)-grid"]) {
                for badge in badges {
                    element("li", ["class": badge.isUnlocked ? "badge-tile unlocked" : "badge-tile locked"]) {
                        element("svg", ["class": "badge-icon", "viewBox": "0 0 24 24", "aria-hidden": "true"]) {
                            element("path", ["d": badge.isUnlocked ? starPath : lockPath])
                        }
                        element("strong", ["class": "badge-name"]) { badge.name }
                        element("span", ["class": "badge-detail"]) { badge.detail }
                        element("span", ["class": "badge-state"]) {
                            if let at = badge.unlockedAt {
                                "Unlocked \(LocalTimeText.text(at, now: now, calendar: calendar))"
                            } else {
                                "Locked: \(badge.progress) of \(badge.threshold)"
                            }
                        }
                    }
                }
            }
        }
    }

    /// Each program with its category, rate, and today's minutes and points against the cap.
    static func programTable(_ screen: RewardsScreen, id: String, level: Int = 2) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "\(id)-heading"]) {
            element("h\(level)", ["id": "\(id)-heading"]) { "Programs" }
            if screen.programs.isEmpty {
                element("p", ["class": "hint"]) { "No program is marked yet: a parent marks learning and reward programs." }
            } else {
                scrolling(labelledBy: "\(id)-heading") {
                element("table", ["id": "\(id)-table"]) {
                    element("thead") {
                        element("tr") {
                            for title in ["Program", "Category", "Rate", "Today", "Points today", "Balance"] { element("th", ["scope": "col"]) { title } }
                        }
                    }
                    element("tbody") {
                        for program in screen.programs {
                            element("tr") {
                                element("th", ["scope": "row"]) { program.program }
                                element("td") { program.category.rawValue }
                                element("td") {
                                    program.category == .learning ? "\(program.rate ?? RewardRules.defaultRate) points a minute" + (program.rate == nil ? " (default)" : "") : "—"
                                }
                                element("td") { "\(program.minutes) min" }
                                element("td") { program.category == .learning ? "\(program.points) of \(screen.dailyCap)" : "—" }
                                element("td") { String(program.balance) }
                            }
                        }
                    }
                }
                }
            }
            element("p", ["class": "hint"]) { screen.method.map { "Usage is measured by \($0)." } ?? "Usage is not measured on this device." }
        }
    }

    /// The newest ledger entries: what moved points, and why.
    static func ledgerTable(_ entries: [LedgerEntry], id: String, level: Int = 2, now: Date, calendar: Calendar) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "\(id)-heading"]) {
            element("h\(level)", ["id": "\(id)-heading"]) { "Points history" }
            if entries.isEmpty {
                element("p", ["class": "hint"]) { "No points yet." }
            } else {
                scrolling(labelledBy: "\(id)-heading") {
                element("table", ["id": "\(id)-table"]) {
                    element("thead") {
                        element("tr") { for title in ["When", "What", "Program", "Points"] { element("th", ["scope": "col"]) { title } } }
                    }
                    element("tbody") {
                        for entry in entries {
                            element("tr") {
                                element("td") { LocalTimeText.text(entry.at, now: now, calendar: calendar) }
                                element("td") { "\(kindText(entry.kind)): \(entry.reason)" }
                                element("td") { entry.program ?? "—" }
                                element("td") { entry.points > 0 ? "+\(entry.points)" : "−\(-entry.points)" }
                            }
                        }
                    }
                }
                }
            }
        }
    }

    /// A table that scrolls on its own when it is wider than a narrow screen: a labelled region that takes
    /// the focus, so it scrolls from the keyboard too.
    private static func scrolling(labelledBy heading: String, @HTMLBuilder content: () -> [HTMLNode]) -> HTMLNode {
        element("div", ["class": "table-scroll", "role": "region", "aria-labelledby": heading, "tabindex": "0"]) { content() }
    }

    private static func kindText(_ kind: LedgerKind) -> String {
        switch kind {
        case .accrual: "earned"
        case .redemption: "redeemed"
        case .adjustment: "by a parent"
        }
    }

    // MARK: - Behind the parent PIN

    private static func settings(_ screen: RewardsScreen, form: FormState, chrome: PageChrome) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "parent-heading"]) {
            element("h2", ["id": "parent-heading"]) { "Parent settings" }
            element("p", ["class": "hint"]) {
                screen.pinSet ? "Each change needs the parent PIN." : "Set a parent PIN first (at the end of this page): every change below needs it."
            }
            if let error = form.errors["command"] { element("p", ["class": "field-error", "role": "alert"]) { error } }
            settingForm("program", title: "Mark a program", chrome: chrome, form: form) {
                programFields(prefix: "", form: form)
            }
            settingForm("cap", title: "Daily cap", chrome: chrome, form: form) {
                field("cap", label: "Points a program may earn a day", value: form.values["cap"] ?? String(screen.dailyCap), error: form.errors["cap"],
                      type: "number", hint: "\(RewardRules.capRange.lowerBound)–\(RewardRules.capRange.upperBound) points",
                      extra: ["min": String(RewardRules.capRange.lowerBound), "max": String(RewardRules.capRange.upperBound), "inputmode": "numeric"])
            }
            settingForm("mode", title: "How learning earns", chrome: chrome, form: form) {
                modeField(prefix: "", form: form, current: screen.mode)
            }
            settingForm("quest", title: "Daily quest", chrome: chrome, form: form) {
                questFields(prefix: "", form: form, current: screen.quest?.quest)
            }
            settingForm("adjust", title: "Grant or remove points", chrome: chrome, form: form, buttons: adjustButtons(prefix: "")) {
                adjustFields(prefix: "", form: form)
            }
            Layout.form("/actions/rewards", chrome, ["novalidate": "", "class": "reward-form", "id": "pin-form"]) {
                element("h3") { screen.pinSet ? "Change the parent PIN" : "Set the parent PIN" }
                if screen.pinSet {
                    pinField("pin-old", label: "Current PIN", error: form.errors["pin-old"])
                }
                pinField("pin-new", label: screen.pinSet ? "New PIN" : "PIN", error: form.errors["pin-new"],
                         hint: "4 digits, not all the same and not a run like 1234")
                element("p", ["class": "actions"]) {
                    Layout.button(screen.pinSet ? "Change the PIN" : "Set the PIN", name: "command", value: "pin", primary: true)
                }
            }
        }
    }

    private static func settingForm(
        _ command: String, title: String, chrome: PageChrome, form: FormState, buttons: HTMLNode? = nil, @HTMLBuilder content: () -> [HTMLNode]
    ) -> HTMLNode {
        Layout.form("/actions/rewards", chrome, ["novalidate": "", "class": "reward-form", "id": "\(command)-form"]) {
            element("h3") { title }
            element("input", ["type": "hidden", "name": "command", "value": command])
            content()
            pinField("\(command)-pin", label: "Parent PIN", error: form.errors["\(command)-pin"])
            buttons ?? element("p", ["class": "actions"]) {
                Layout.button("Save", name: "command", value: command, primary: true, extra: ["aria-label": "Save: \(title)"])
            }
        }
    }

    /// The fields that mark a program; `prefix` is empty on the child's page, `reward-` on a parent's.
    static func programFields(prefix: String, form: FormState) -> HTMLNode {
        .group([
            field(prefix + "program", label: "Program (its executable name, like gcompris)", value: form.values[prefix + "program"] ?? "", error: form.errors[prefix + "program"]),
            select(prefix + "category", label: "Counts as", options: [
                ("learning", "Learning: earns points"), ("reward", "Reward: opens with reward time"), ("none", "None: remove the mark"),
            ], selected: form.values[prefix + "category"] ?? "learning", error: form.errors[prefix + "category"]),
            field(prefix + "rate", label: "Rate for learning (optional)", value: form.values[prefix + "rate"] ?? "", error: form.errors[prefix + "rate"],
                  type: "number", hint: "points a minute, \(RewardRules.rateRange.lowerBound)–\(RewardRules.rateRange.upperBound); empty: \(RewardRules.defaultRate)",
                  extra: ["min": String(RewardRules.rateRange.lowerBound), "max": String(RewardRules.rateRange.upperBound), "inputmode": "numeric"]),
        ])
    }

    static func modeField(prefix: String, form: FormState, current: EarningMode) -> HTMLNode {
        select(prefix + "mode", label: "Earning", options: RewardsForm.modeChoices.map { ($0.text, RewardsForm.modeLabel($0)) },
               selected: form.values[prefix + "mode"] ?? current.text, error: form.errors[prefix + "mode"])
    }

    static func questFields(prefix: String, form: FormState, current: DailyQuest?) -> HTMLNode {
        let custom = current.map { quest in !QuestTemplate.all.contains { $0.quest == quest } } ?? false
        let chosen = current.flatMap { quest in QuestTemplate.all.first { $0.quest == quest }?.id } ?? (custom ? "custom" : "none")
        var options = QuestTemplate.all.map { ($0.id, "\($0.quest.title): \($0.quest.targetMinutes) min, \($0.quest.reward.text)") }
        options += [("custom", "My own (below)"), ("none", "No quest")]
        let reward: (kind: String, value: Int) = switch current?.reward ?? DailyQuest.defaultReward {
        case .rewardMinutes(let minutes): ("minutes", minutes)
        case .bonusPoints(let points): ("points", points)
        }
        let storedTitle = custom ? current?.title ?? "" : ""
        let storedTarget = custom ? (current?.targetMinutes).map(String.init) ?? "" : ""
        return .group([
            select(prefix + "quest-template", label: "Quest", options: options, selected: form.values[prefix + "quest-template"] ?? chosen,
                   error: form.errors[prefix + "quest-template"]),
            element("fieldset", ["class": "quest-custom"]) {
                element("legend") { "My own quest" }
                field(prefix + "quest-title", label: "Title", value: form.values[prefix + "quest-title"] ?? storedTitle,
                      error: form.errors[prefix + "quest-title"])
                field(prefix + "quest-target", label: "Learning minutes", value: form.values[prefix + "quest-target"] ?? storedTarget,
                      error: form.errors[prefix + "quest-target"], type: "number",
                      hint: "\(DailyQuest.targetRange.lowerBound)–\(DailyQuest.targetRange.upperBound) minutes",
                      extra: ["min": String(DailyQuest.targetRange.lowerBound), "max": String(DailyQuest.targetRange.upperBound), "inputmode": "numeric"])
                select(prefix + "quest-counting", label: "Counting", options: [
                    (QuestCounting.combined.rawValue, "All learning programs together"), (QuestCounting.perProgram.rawValue, "In one program"),
                ], selected: form.values[prefix + "quest-counting"] ?? (current?.counting ?? .combined).rawValue, error: nil)
                select(prefix + "quest-reward-kind", label: "Reward", options: [("minutes", "Minutes of reward time"), ("points", "Bonus points")],
                       selected: form.values[prefix + "quest-reward-kind"] ?? reward.kind, error: nil)
                field(prefix + "quest-reward", label: "Reward amount", value: form.values[prefix + "quest-reward"] ?? (custom ? String(reward.value) : ""),
                      error: form.errors[prefix + "quest-reward"], type: "number",
                      hint: "1–\(RewardRules.maximumWindowMinutes) minutes or 1–\(RewardRules.maximumAdjustment) points",
                      extra: ["min": "1", "inputmode": "numeric"])
            }
        ])
    }

    static func adjustFields(prefix: String, form: FormState) -> HTMLNode {
        .group([
            field(prefix + "adjust-points", label: "Points", value: form.values[prefix + "adjust-points"] ?? "", error: form.errors[prefix + "adjust-points"],
                  type: "number", hint: "1–\(RewardRules.maximumAdjustment)", extra: ["min": "1", "max": String(RewardRules.maximumAdjustment), "inputmode": "numeric"]),
            field(prefix + "adjust-reason", label: "Reason (the child reads it)", value: form.values[prefix + "adjust-reason"] ?? "", error: form.errors[prefix + "adjust-reason"]),
        ])
    }

    /// The grant and remove buttons of an adjustment form.
    static func adjustButtons(prefix: String) -> HTMLNode {
        element("p", ["class": "actions"]) {
            Layout.button("Grant points", name: prefix + "adjust", value: "grant", primary: true)
            Layout.button("Remove points", name: prefix + "adjust", value: "remove")
        }
    }

    // MARK: - Fields

    /// A text or number field with its label, an optional hint, and, when refused, its message, both linked to it.
    static func field(
        _ name: String, label: String, value: String, error: String?, type: String = "text", hint: String? = nil,
        extra: KeyValuePairs<String, String> = [:]
    ) -> HTMLNode {
        let described = [hint == nil ? nil : "\(name)-hint", error == nil ? nil : "\(name)-error"].compactMap { $0 }
        var attributes = [
            HTMLAttribute(name: "id", value: name), HTMLAttribute(name: "name", value: name),
            HTMLAttribute(name: "type", value: type), HTMLAttribute(name: "value", value: value),
        ]
        attributes += extra.map { HTMLAttribute(name: $0.key, value: $0.value) }
        if !described.isEmpty { attributes.append(HTMLAttribute(name: "aria-describedby", value: described.joined(separator: " "))) }
        if error != nil { attributes.append(HTMLAttribute(name: "aria-invalid", value: "true")) }
        return element("div", ["class": error == nil ? "field" : "field invalid"]) {
            element("label", ["for": name]) { label }
            HTMLNode.void("input", attributes)
            if let hint { element("span", ["class": "unit", "id": "\(name)-hint"]) { hint } }
            if let error { element("p", ["class": "field-error", "id": "\(name)-error"]) { error } }
        }
    }

    /// A PIN field: never filled in again after a refusal.
    static func pinField(_ name: String, label: String, error: String?, hint: String? = nil) -> HTMLNode {
        field(name, label: label, value: "", error: error, type: "password", hint: hint,
              extra: ["inputmode": "numeric", "autocomplete": "off", "maxlength": "8"])
    }

    static func select(_ name: String, label: String, options: [(String, String)], selected: String, error: String?) -> HTMLNode {
        element("div", ["class": error == nil ? "field" : "field invalid"]) {
            element("label", ["for": name]) { label }
            element("select", [
                "id": name, "name": name,
                "aria-describedby": error == nil ? nil : "\(name)-error", "aria-invalid": error == nil ? nil : "true",
            ]) {
                for (value, text) in options {
                    element("option", ["value": value, "selected": value == selected ? "" : nil]) { text }
                }
            }
            if let error { element("p", ["class": "field-error", "id": "\(name)-error"]) { error } }
        }
    }

    static let starPath = "M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z"
    static let lockPath = "M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1zm2 0h6V7a3 3 0 0 0-6 0z"
}
