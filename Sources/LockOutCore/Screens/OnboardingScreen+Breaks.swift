import Foundation

extension OnboardingScreen {
    /// The progress line over a page: "Step 2 of 3".
    public static func progress(step: Int, of count: Int) -> String {
        "Step \(step) of \(count)"
    }

    /// The label of a kind's switch on the breaks setup page, like "Enable Eye Breaks".
    public static func enableLabel(_ kind: BreakKind) -> String {
        "Enable \(kind.title)s"
    }

    /// The button on the breaks setup page that asks the system for permission to notify.
    public static let enableNotificationsTitle = "Enable Notifications"

    /// The button that leads back a page.
    public static let backTitle = "Back"
}
