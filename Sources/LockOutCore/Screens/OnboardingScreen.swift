import Foundation

/// The pages a person sees the first time: seed 000's three for breaks, and seed 004's four when the
/// health gate is first opened. Renderers draw each page's picture by its `kind`.
public struct OnboardingPage: Codable, Equatable, Sendable {
    /// What the page is about, and so what it draws and asks.
    public enum Kind: String, Codable, Sendable {
        /// The 20-20-20 rule, with an eye.
        case eyeRule
        /// A breathing circle, with micro and long breaks explained.
        case breathing
        /// The notification check, the kind switches and Get Started.
        case breakSetup
        /// What the health gate is for.
        case gateWelcome
        /// Where health data comes from.
        case healthData
        /// Which programs to block.
        case programs
        /// Done: Get Started.
        case gateDone
    }

    public let kind: Kind
    public let title: String
    public let paragraphs: [String]
    /// The button that leads on.
    public let next: String
}

/// The onboarding flows.
public enum OnboardingScreen {
    /// Seed 000's three pages, shown before the Dashboard the first time.
    public static let breaks: [OnboardingPage] = [
        OnboardingPage(
            kind: .eyeRule, title: "Rest your eyes: 20-20-20",
            paragraphs: [
                "Every 20 minutes, look at something 20 feet (6 metres) away for 20 seconds.",
                "LockOut reminds you with an eye break, and counts the breaks you take.",
            ],
            next: "Next"
        ),
        OnboardingPage(
            kind: .breathing, title: "Micro and long breaks",
            paragraphs: [
                "A micro break every 30 minutes: stand up, step away and relax for 30 seconds.",
                "A long break every hour: five minutes away from the screen, breathing deeply.",
                "When a break falls due, a notification and this app's break screen ask you to take it: Done, or Snooze for a few minutes.",
            ],
            next: "Next"
        ),
        OnboardingPage(
            kind: .breakSetup, title: "Choose your breaks",
            paragraphs: [
                "Send a test notification to see how a break will call you, and choose the kinds you want. You can change them any time on the Schedule page.",
            ],
            next: "Get Started"
        ),
    ]

    /// Seed 004's four pages, shown the first time the Gate page is opened.
    public static let gate: [OnboardingPage] = [
        OnboardingPage(
            kind: .gateWelcome, title: "Earn your screen time",
            paragraphs: [
                "The health gate keeps chosen programs closed until today's health goals are met — 10,000 steps, say.",
                "A peek, an emergency unlock with a wait and a code, and a gate that never locks you out over missing data keep it fair.",
            ],
            next: "Next"
        ),
        OnboardingPage(
            kind: .healthData, title: "Your health data",
            paragraphs: [
                "Log today's values in a terminal, like: lockout health log steps 6240",
                "Or import an Apple Health export (export.zip from the Health app): lockout health import export.zip",
                "A phone in your family can sync its values too.",
            ],
            next: "Next"
        ),
        OnboardingPage(
            kind: .programs, title: "Programs to block",
            paragraphs: [
                "Name a program by its executable, like steam. While the gate is closed, LockOut stops it and says why. Shells, the desktop and LockOut itself can never be blocked.",
            ],
            next: "Next"
        ),
        OnboardingPage(
            kind: .gateDone, title: "All set",
            paragraphs: ["Meet today's goals and everything opens. The Gate page shows how far you are."],
            next: "Get Started"
        ),
    ]

    /// The same four pages where the system holds the health data and blocks apps (iPhone and iPad): Apple Health
    /// is connected instead of logged by hand, and the apps are picked with Screen Time instead of named.
    public static let gateWithScreenTime: [OnboardingPage] = [
        gate[0],
        OnboardingPage(
            kind: .healthData, title: "Your health data",
            paragraphs: [
                "LockOut reads your steps, active energy and exercise minutes from Apple Health; nothing leaves your devices but the day's totals, and only to your family's server.",
                "Connect Apple Health to let the gate see today's progress.",
            ],
            next: "Next"
        ),
        OnboardingPage(
            kind: .programs, title: "Apps to lock",
            paragraphs: [
                "Enable Screen Time, then pick the apps and categories to keep locked until today's goals are met. LockOut itself can never be locked.",
            ],
            next: "Next"
        ),
        gate[3],
    ]
}
