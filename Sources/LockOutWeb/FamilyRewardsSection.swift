import Foundation
import LockOutCore

/// A child's rewards on the parent's device page: what the child's last day summary carried (balance, level,
/// streak, reward time, quest, badges, programs with categories and rates, the newest ledger entries) and the
/// forms that send it a rewards change through the family sync: a program's category and rate, the cap, the
/// mode, the quest, and points granted or removed with a reason.
public enum FamilyRewardsSection {
    /// How many ledger entries the section lists.
    public static let ledgerLength = 10

    static func render(
        _ device: RegisteredDevice, snapshot: RewardsSnapshot?, updated: Date?, form: FormState, chrome: PageChrome, calendar: Calendar
    ) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "child-rewards-heading", "id": "child-rewards"]) {
            element("h3", ["id": "child-rewards-heading"]) { "Rewards" }
            if let snapshot {
                let screen = snapshot.screen
                element("p", ["class": "hint"]) {
                    "As the device last reported" + (updated.map { ", at \(LocalTimeText.text($0, now: chrome.now, calendar: calendar))" } ?? "") + "."
                }
                element("dl", ["class": "figures"]) {
                    figure("Balance", "\(screen.balance) points", id: "child-balance")
                    figure("Earned that day", "\(screen.pointsToday) points", id: "child-today")
                    figure("Level", "\(screen.level.level)", id: "child-level")
                    figure("Streak", "\(screen.streak.days) days (longest \(screen.streak.longest))", id: "child-streak")
                }
                element("p") {
                    if let endsAt = screen.rewardEndsAt, endsAt > chrome.now {
                        "Reward time open until \(LocalTimeText.text(endsAt, now: chrome.now, calendar: calendar))."
                    } else {
                        "No reward time open."
                    }
                    " Cap \(screen.dailyCap) points a program a day; "
                        + (screen.mode == .points ? "points at each program's rate." : "ratio \(screen.mode.text).")
                    screen.pinSet ? " A parent PIN is set on the device." : " No parent PIN is set on the device."
                }
                RewardsPage.questCard(screen.quest, id: "child-quest", level: 4)
                RewardsPage.badgeGrid(screen.badges, id: "child-badges", level: 4, now: chrome.now, calendar: calendar)
                RewardsPage.programTable(screen, id: "child-programs", level: 4)
                RewardsPage.ledgerTable(Array(snapshot.ledger.prefix(ledgerLength)), id: "child-ledger", level: 4, now: chrome.now, calendar: calendar)
            } else {
                element("p", ["class": "hint", "id": "child-rewards-none"]) {
                    "No rewards reported yet: the device sends them with its day summary when it syncs. Changes sent below apply all the same."
                }
            }
            let prefix = RewardsForm.parentPrefix
            sendForm(device, change: "rewards-program", title: "Mark a program", chrome: chrome) {
                RewardsPage.programFields(prefix: prefix, form: form)
                send("Send the program")
            }
            sendForm(device, change: "rewards-cap", title: "Daily cap", chrome: chrome) {
                RewardsPage.field(prefix + "cap", label: "Points a program may earn a day", value: form.values[prefix + "cap"] ?? String(snapshot?.screen.dailyCap ?? RewardRules.defaultDailyCap),
                                  error: form.errors[prefix + "cap"], type: "number",
                                  hint: "\(RewardRules.capRange.lowerBound)–\(RewardRules.capRange.upperBound) points",
                                  extra: ["min": String(RewardRules.capRange.lowerBound), "max": String(RewardRules.capRange.upperBound), "inputmode": "numeric"])
                send("Send the cap")
            }
            sendForm(device, change: "rewards-mode", title: "How learning earns", chrome: chrome) {
                RewardsPage.modeField(prefix: prefix, form: form, current: snapshot?.screen.mode ?? .points)
                send("Send the mode")
            }
            sendForm(device, change: "rewards-quest", title: "Daily quest", chrome: chrome) {
                RewardsPage.questFields(prefix: prefix, form: form, current: snapshot?.screen.quest?.quest)
                send("Send the quest")
            }
            sendForm(device, change: "rewards-adjust", title: "Grant or remove points", chrome: chrome) {
                RewardsPage.adjustFields(prefix: prefix, form: form)
                element("input", ["type": "hidden", "name": "command", "value": "send"])
                RewardsPage.adjustButtons(prefix: prefix)
            }
        }
    }

    private static func figure(_ title: String, _ value: String, id: String) -> HTMLNode {
        element("div") {
            element("dt") { title }
            element("dd", ["id": id]) { value }
        }
    }

    private static func send(_ label: String) -> HTMLNode {
        element("p", ["class": "actions"]) { Layout.button(label, name: "command", value: "send", primary: true) }
    }

    private static func sendForm(
        _ device: RegisteredDevice, change: String, title: String, chrome: PageChrome, @HTMLBuilder content: () -> [HTMLNode]
    ) -> HTMLNode {
        Layout.form("/actions/family", chrome, ["novalidate": "", "class": "reward-form", "id": "\(change)-form"]) {
            element("input", ["type": "hidden", "name": "device", "value": device.deviceID.description])
            element("input", ["type": "hidden", "name": "change", "value": change])
            element("h4") { title }
            content()
        }
    }
}
