import Foundation
import LockOutCore

/// The rewards forms: the child's Rewards page (redeem; behind the parent PIN, programs, cap, mode, quest and
/// points; the PIN itself) and the rewards forms a parent sends from a child's device page.
///
/// Field names on the child's page: `points` (redeem); `program`, `category`, `rate`, `program-pin`; `cap`,
/// `cap-pin`; `mode`, `mode-pin`; `quest-template`, `quest-title`, `quest-target`, `quest-counting`,
/// `quest-reward-kind`, `quest-reward`, `quest-pin`; `adjust-points`, `adjust-reason`, `adjust-pin`;
/// `pin-new`, `pin-old`. On a parent's device page the same names start with `reward-` and carry no PIN.
public enum RewardsForm {
    /// What the child's page asked for.
    public enum Action: Equatable, Sendable {
        /// A rewards command, with the parent PIN typed for it (nil for redeeming).
        case command(RewardsCommand, pin: String?)
        /// A new parent PIN: the first (`old` nil) or a change.
        case setPIN(String, old: String?)
    }

    /// The prefix of a parent's rewards fields on a child's device page.
    public static let parentPrefix = "reward-"

    /// The action the child's page sent, or the form with a message beside each wrong field. `pinSet` says
    /// whether the device has a parent PIN: settings need one, and an empty PIN is refused here rather than
    /// counted as a wrong try.
    public static func action(_ fields: [String: String], pinSet: Bool) -> Result<Action, FormRefusal> {
        func refuse(_ errors: [String: String]) -> Result<Action, FormRefusal> {
            .failure(FormRefusal(form: FormState(values: fields, errors: errors)))
        }
        let name = fields["command"] ?? ""
        if name == "redeem" {
            switch wholeNumber(fields["points"], of: "points") {
            case .success(let points): return .success(.command(.redeem(points: points), pin: nil))
            case .failure(let error): return refuse(["points": error.message])
            }
        }
        if name == "pin" {
            let new = (fields["pin-new"] ?? "").trimmingCharacters(in: .whitespaces)
            let old = (fields["pin-old"] ?? "").trimmingCharacters(in: .whitespaces)
            var errors: [String: String] = [:]
            if new.isEmpty { errors["pin-new"] = "Enter a new PIN of 4 digits." }
            if pinSet, old.isEmpty { errors["pin-old"] = "Enter the current PIN to change it." }
            guard errors.isEmpty else { return refuse(errors) }
            return .success(.setPIN(new, old: pinSet ? old : nil))
        }
        guard ["program", "cap", "mode", "quest", "adjust"].contains(name) else {
            return refuse(["command": name.isEmpty ? "The form named no action." : "“\(name.prefix(40))” is not something the Rewards page can do."])
        }
        var errors: [String: String] = [:]
        let pin = (fields["\(name)-pin"] ?? "").trimmingCharacters(in: .whitespaces)
        if !pinSet {
            errors["\(name)-pin"] = "Set a parent PIN first (below): rewards settings need it."
        } else if pin.isEmpty {
            errors["\(name)-pin"] = "Enter the parent PIN: rewards settings need it."
        }
        switch setting(name, fields, prefix: "") {
        case .success(let command):
            guard errors.isEmpty else { return refuse(errors) }
            return .success(.command(command, pin: pin))
        case .failure(let refusal):
            return refuse(refusal.form.errors.merging(errors) { first, _ in first })
        }
    }

    /// The rewards change a parent's form on a child's device page asks to send (checked as far as it can be
    /// without the device), or the form with a message beside each wrong field.
    public static func parentChange(_ fields: [String: String]) -> Result<ConfigurationChange, FormRefusal> {
        let kind = String((fields["change"] ?? "").dropFirst("rewards-".count))
        switch setting(kind, fields, prefix: parentPrefix) {
        case .success(let command):
            do {
                try command.validateAlone()
            } catch {
                let field = parentPrefix + Self.field(for: error, command: kind)
                return .failure(FormRefusal(form: FormState(values: fields, errors: [field: WebForm.sentence(error.description)])))
            }
            return .success(.rewards(command))
        case .failure(let refusal):
            return .failure(refusal)
        }
    }

    /// The field of the `command` form (`program`, `cap`, `mode`, `quest`, `adjust`, `redeem`, `pin`) that
    /// `error` belongs beside, without the parent page's prefix.
    public static func field(for error: RewardsInputError, command: String) -> String {
        switch error {
        case .malformedProgramName, .unknownProgram, .protectedRewardProgram, .learningAndReward, .duplicateProgram: "program"
        case .rateOutOfRange: "rate"
        case .capOutOfRange: "cap"
        case .ratioOutOfRange: "mode"
        case .redemptionBelowMinimum, .redemptionAboveMaximum, .redemptionNotWholeMinutes, .notEnoughPoints, .rewardTimeCapReached: "points"
        case .adjustmentOutOfRange, .adjustmentBelowZero: "adjust-points"
        case .adjustmentWithoutReason: "adjust-reason"
        case .questTargetOutOfRange, .questNeedsTarget: "quest-target"
        case .unknownQuestCounting: "quest-counting"
        case .questRewardOutOfRange, .questRewardTwice: "quest-reward"
        case .questProgramNotLearning, .unknownQuestTemplate: "quest-template"
        case .pinNotFourDigits, .weakPIN: "pin-new"
        case .pinAlreadySet: "pin-old"
        case .wrongPIN, .pinLockedOut, .pinNotSet: command == "pin" ? "pin-old" : "\(command)-pin"
        }
    }

    /// The ratio presets and `points`, as the forms offer them.
    public static let modeChoices: [EarningMode] = [.points] + EarningMode.ratioPresets

    /// How a mode reads in a form's menu.
    static func modeLabel(_ mode: EarningMode) -> String {
        switch mode {
        case .points: "Points at each program's rate"
        case .ratio(let learning, let reward): "\(learning) min of learning earn \(reward) min of reward time"
        }
    }

    // MARK: - Parsing

    /// A settings command (`program`, `cap`, `mode`, `quest`, `adjust`) from fields named with `prefix`.
    static func setting(_ name: String, _ fields: [String: String], prefix: String) -> Result<RewardsCommand, FormRefusal> {
        func value(_ field: String) -> String { (fields[prefix + field] ?? "").trimmingCharacters(in: .whitespaces) }
        func refuse(_ errors: [String: String]) -> Result<RewardsCommand, FormRefusal> {
            .failure(FormRefusal(form: FormState(values: fields, errors: Dictionary(uniqueKeysWithValues: errors.map { (prefix + $0.key, $0.value) }))))
        }
        switch name {
        case "program":
            var errors: [String: String] = [:]
            let program = value("program")
            if program.isEmpty { errors["program"] = "Name the program by its executable, like gcompris." }
            guard let category = ProgramCategory(rawValue: value("category")) else {
                return refuse(errors.merging(["category": "Choose learning, reward or none."]) { first, _ in first })
            }
            var rate: Int?
            if category == .learning, !value("rate").isEmpty {
                switch wholeNumber(value("rate"), of: "points a minute") {
                case .success(let number): rate = number
                case .failure(let error): errors["rate"] = error.message
                }
            }
            guard errors.isEmpty else { return refuse(errors) }
            return .success(.setProgram(program, category: category, rate: rate))
        case "cap":
            switch wholeNumber(value("cap"), of: "points") {
            case .success(let cap): return .success(.setCap(cap))
            case .failure(let error): return refuse(["cap": error.message])
            }
        case "mode":
            guard let mode = EarningMode(text: value("mode")) else {
                return refuse(["mode": "Choose points or a ratio like 60:30."])
            }
            return .success(.setMode(mode))
        case "quest":
            let (command, errors) = quest(value)
            guard let command else { return refuse(errors) }
            return .success(command)
        case "adjust":
            var errors: [String: String] = [:]
            var points = 0
            switch wholeNumber(value("adjust-points"), of: "points") {
            case .success(let number): points = number
            case .failure(let error): errors["adjust-points"] = error.message
            }
            let reason = value("adjust-reason")
            if reason.isEmpty { errors["adjust-reason"] = "Give a reason the child can read." }
            guard errors.isEmpty else { return refuse(errors) }
            return .success(.adjust(points: value("adjust") == "remove" ? -abs(points) : abs(points), reason: reason))
        default:
            return .failure(FormRefusal(form: FormState(values: fields, errors: ["change": "The form named no rewards change."])))
        }
    }

    /// The quest command, or a message per wrong field.
    private static func quest(_ value: (String) -> String) -> (RewardsCommand?, [String: String]) {
        switch value("quest-template") {
        case "none":
            return (.setQuest(nil), [:])
        case "custom":
            var errors: [String: String] = [:]
            let title = value("quest-title")
            if title.isEmpty { errors["quest-title"] = "Give the quest a title, like Daily reading." }
            var target = 0, reward = 0
            switch wholeNumber(value("quest-target"), of: "minutes") {
            case .success(let number): target = number
            case .failure(let error): errors["quest-target"] = error.message
            }
            switch wholeNumber(value("quest-reward"), of: value("quest-reward-kind") == "points" ? "points" : "minutes") {
            case .success(let number): reward = number
            case .failure(let error): errors["quest-reward"] = error.message
            }
            guard errors.isEmpty else { return (nil, errors) }
            let points = value("quest-reward-kind") == "points"
            let counting = value("quest-counting")
            do {
                let quest = try DailyQuest.composed(
                    title: title, minutes: target, counting: counting.isEmpty ? nil : counting,
                    rewardMinutes: points ? nil : reward, bonusPoints: points ? reward : nil
                )
                return (.setQuest(quest), [:])
            } catch {
                return (nil, [field(for: error, command: "quest"): WebForm.sentence(error.description)])
            }
        case let id:
            do {
                return (.setQuest(try QuestTemplate.named(id).quest), [:])
            } catch {
                return (nil, ["quest-template": WebForm.sentence(error.description)])
            }
        }
    }

    /// A whole number, or the message to show beside its field; the engine checks its range and says what is allowed.
    static func wholeNumber(_ text: String?, of unit: String) -> Result<Int, WebForm.FieldError> {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .failure(WebForm.FieldError("Enter a whole number of \(unit).")) }
        guard let value = Int(trimmed) else {
            return .failure(WebForm.FieldError("“\(trimmed.prefix(40))” is not a whole number of \(unit)."))
        }
        return .success(value)
    }
}
