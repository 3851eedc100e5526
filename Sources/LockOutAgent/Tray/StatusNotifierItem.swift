#if canImport(CSystemd)
import Foundation
import LockOutCore

/// The tray icon as `org.kde.StatusNotifierItem` serves it: the properties a host reads from the agent's
/// `TrayStatus`, and the methods a host calls.
///
/// The icon is named (`lockout`) and looked up in `iconThemePath`, where the agent writes its embedded icon,
/// so it shows whether or not LockOut's icon is installed in the desktop's theme; its pixels travel too
/// (`IconPixmap`), for a host that finds nothing by name.
struct StatusNotifierItem: Sendable {
    static let interface = "org.kde.StatusNotifierItem"
    static let path = "/StatusNotifierItem"
    static let menuPath = "/MenuBar"
    static let iconName = "lockout"

    /// The embedded eye at 22, 32 and 48 px, as `a(iiay)`.
    static let pixmaps = DBusValue.array(element: "(iiay)", SessionIcon.pixmaps.map { size, argb in
        .structure([.int32(Int32(size)), .int32(Int32(size)), .bytes([UInt8](argb))])
    })

    /// Where the icon named `iconName` is.
    let iconThemePath: String
    /// What the agent last told; nil before it did.
    var status: TrayStatus?

    /// `Active`, or `NeedsAttention` while a break waits for an answer.
    var statusName: String {
        status?.needsAttention == true ? "NeedsAttention" : "Active"
    }

    /// `(sa(iiay)ss)`: the icon, no pixmaps, the heading and the text, as markup.
    var toolTip: DBusValue {
        .structure([
            .string(Self.iconName), .array(element: "(iiay)", []),
            .string(Self.markup(status?.tooltipTitle ?? TrayStatus.name)), .string(Self.markup(status?.tooltipText ?? "")),
        ])
    }

    /// `text` as the tooltip's markup: hosts read its heading and text as a subset of HTML (waybar hands them to
    /// Pango, which shows no tooltip at all for a bare `&`), so a focus activity named `Q&A <prep>` must arrive escaped.
    static func markup(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    var properties: [String: DBusValue] {
        let noPixmaps = DBusValue.array(element: "(iiay)", [])
        return [
            "Category": .string("ApplicationStatus"),
            "Id": .string("lockout"),
            "Title": .string(TrayStatus.name),
            "Status": .string(statusName),
            "WindowId": .int32(0),
            "IconName": .string(Self.iconName),
            "IconThemePath": .string(iconThemePath),
            "IconPixmap": Self.pixmaps,
            "OverlayIconName": .string(""),
            "OverlayIconPixmap": noPixmaps,
            "AttentionIconName": .string(Self.iconName),
            "AttentionIconPixmap": Self.pixmaps,
            "AttentionMovieName": .string(""),
            "ToolTip": toolTip,
            "ItemIsMenu": .bool(true),
            "Menu": .objectPath(Self.menuPath),
        ]
    }

    /// Answers a call to the item's object; `activated` runs for a primary click. Nil for a method it does not have.
    func answer(_ call: DBusMessage, activated: () -> Void) -> DBusAnswer? {
        switch (call.interface, call.member) {
        case (Self.interface, "Activate"):
            activated()
            return .reply([])
        case (Self.interface, "ContextMenu"), (Self.interface, "SecondaryActivate"), (Self.interface, "Scroll"):
            return .reply([])  // the host shows the menu itself (ItemIsMenu); nothing else to do
        case (DBusProperties.interface, _):
            return DBusProperties.answer(call, interface: Self.interface, properties: properties)
        case (DBusProperties.introspectable, "Introspect"):
            return .reply([.string(TrayIntrospection.item)])
        default:
            return nil
        }
    }
}
#endif
