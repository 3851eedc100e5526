import ManagedSettings

/// The shield action extension's principal class: the shield's buttons. Its one button, Close, closes the blocked app
/// or site; nothing on the shield opens it (the gate opens when today's goals are met, by a peek or an emergency
/// unlock in the app). A secondary button, should the shield ever show one, defers: the shield is drawn again from
/// the newest snapshot.
final class ShieldActionExtension: ShieldActionDelegate {
    override func handle(
        action: ShieldAction, for application: ApplicationToken, completionHandler: @escaping (ShieldActionResponse) -> Void
    ) {
        completionHandler(Self.response(to: action))
    }

    override func handle(
        action: ShieldAction, for webDomain: WebDomainToken, completionHandler: @escaping (ShieldActionResponse) -> Void
    ) {
        completionHandler(Self.response(to: action))
    }

    override func handle(
        action: ShieldAction, for category: ActivityCategoryToken, completionHandler: @escaping (ShieldActionResponse) -> Void
    ) {
        completionHandler(Self.response(to: action))
    }

    /// Close for the primary button, a redraw for the secondary one.
    private static func response(to action: ShieldAction) -> ShieldActionResponse {
        switch action {
        case .primaryButtonPressed: .close
        case .secondaryButtonPressed: .defer
        @unknown default: .close
        }
    }
}
