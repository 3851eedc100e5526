#if canImport(CSystemd)
import Foundation

/// The tray icon's menu as `com.canonical.dbusmenu` serves it: one flat list under the root item 0.
///
/// The items never change; only Resume's `enabled` follows the pause, and each change bumps the
/// layout's revision, so a host that cached the layout asks again.
struct TrayMenu: Sendable {
    /// An entry of the menu; its raw value is its dbusmenu id.
    enum Item: Int32, CaseIterable, Sendable {
        case takeBreak = 1
        case pause30
        case pause60
        case pauseUntilTomorrow
        case resume
        case separator
        case open
        case quit

        /// What the entry says; nil for the separator.
        var label: String? {
            switch self {
            case .takeBreak: "Take a break now"
            case .pause30: "Pause for 30 min"
            case .pause60: "Pause for 1 hour"
            case .pauseUntilTomorrow: "Pause until tomorrow"
            case .resume: "Resume"
            case .separator: nil
            case .open: "Open LockOut"
            case .quit: "Quit"
            }
        }
    }

    static let interface = "com.canonical.dbusmenu"
    static let rootID: Int32 = 0

    /// Whether breaks are paused: Resume is enabled only then.
    var isPaused = false
    /// The layout's revision, bumped at each change.
    private(set) var revision: UInt32 = 1

    /// Sets whether breaks are paused; true when that changed the menu.
    mutating func setPaused(_ paused: Bool) -> Bool {
        guard paused != isPaused else { return false }
        isPaused = paused
        revision += 1
        return true
    }

    /// The properties of the item `id`, only those in `names` unless it is empty; nil for an unknown id.
    func properties(of id: Int32, names: [String] = []) -> [String: DBusValue]? {
        var all: [String: DBusValue]
        if id == Self.rootID {
            all = ["children-display": .string("submenu")]
        } else if let item = Item(rawValue: id) {
            all = ["visible": .bool(true)]
            if let label = item.label {
                all["label"] = .string(label)
                all["enabled"] = .bool(item != .resume || isPaused)
            } else {
                all["type"] = .string("separator")
            }
        } else {
            return nil
        }
        return names.isEmpty ? all : all.filter { names.contains($0.key) }
    }

    /// The item `id` as `(ia{sv}av)`, with its children to `depth` levels (-1: all).
    func layout(of id: Int32, depth: Int32, names: [String]) -> DBusValue? {
        guard let properties = properties(of: id, names: names) else { return nil }
        let children: [DBusValue] = id == Self.rootID && depth != 0
            ? Item.allCases.compactMap { item in layout(of: item.rawValue, depth: depth - 1, names: names).map(DBusValue.variant) }
            : []
        return .structure([.int32(id), .variants(properties), .array(element: "v", children)])
    }

    /// The properties of `ids` (every item when empty) as `a(ia{sv})`; unknown ids are left out.
    func groupProperties(ids: [Int32], names: [String]) -> DBusValue {
        let wanted = ids.isEmpty ? [Self.rootID] + Item.allCases.map(\.rawValue) : ids
        let entries = wanted.compactMap { id in properties(of: id, names: names).map { DBusValue.structure([.int32(id), .variants($0)]) } }
        return .array(element: "(ia{sv})", entries)
    }

    /// The `ItemsPropertiesUpdated` arguments for Resume's `enabled`.
    var resumeUpdate: [DBusValue] {
        [
            .array(element: "(ia{sv})", [.structure([.int32(Item.resume.rawValue), .variants(["enabled": .bool(isPaused)])])]),
            .array(element: "(ias)", []),
        ]
    }

    /// The menu's own properties.
    var menuProperties: [String: DBusValue] {
        ["Version": .uint32(3), "TextDirection": .string("ltr"), "Status": .string("normal"), "IconThemePath": .strings([])]
    }

    /// Answers a call to the menu's object; `clicked` gets each item clicked. Nil for a method it does not have.
    func answer(_ call: DBusMessage, clicked: (Item) -> Void) -> DBusAnswer? {
        let arguments = call.arguments
        switch (call.interface, call.member) {
        case (Self.interface, "GetLayout"):
            let parent = arguments.first?.int32 ?? Self.rootID
            let depth = arguments.count > 1 ? arguments[1].int32 ?? -1 : -1
            let names = arguments.count > 2 ? arguments[2].strings ?? [] : []
            guard let layout = layout(of: parent, depth: depth, names: names) else { return Self.unknownItem(parent) }
            return .reply([.uint32(revision), layout])
        case (Self.interface, "GetGroupProperties"):
            let ids = arguments.first?.elements?.compactMap(\.int32) ?? []
            let names = arguments.count > 1 ? arguments[1].strings ?? [] : []
            return .reply([groupProperties(ids: ids, names: names)])
        case (Self.interface, "GetProperty"):
            let id = arguments.first?.int32 ?? -1
            let name = arguments.count > 1 ? arguments[1].string ?? "" : ""
            guard let value = properties(of: id, names: [name])?[name] else { return Self.unknownItem(id) }
            return .reply([.variant(value)])
        case (Self.interface, "Event"):
            let id = arguments.first?.int32 ?? -1
            guard Item(rawValue: id) != nil || id == Self.rootID else { return Self.unknownItem(id) }
            if arguments.count > 1, arguments[1].string == "clicked", let item = Item(rawValue: id) { clicked(item) }
            return .reply([])
        case (Self.interface, "EventGroup"):
            var errors: [DBusValue] = []
            for event in arguments.first?.elements ?? [] {
                let fields = event.fields ?? []
                let id = fields.first?.int32 ?? -1
                guard let item = Item(rawValue: id) else {
                    if id != Self.rootID { errors.append(.int32(id)) }
                    continue
                }
                if fields.count > 1, fields[1].string == "clicked" { clicked(item) }
            }
            return .reply([.array(element: "i", errors)])
        case (Self.interface, "AboutToShow"):
            return .reply([.bool(false)])
        case (Self.interface, "AboutToShowGroup"):
            return .reply([.array(element: "i", []), .array(element: "i", [])])
        case (DBusProperties.interface, _):
            return DBusProperties.answer(call, interface: Self.interface, properties: menuProperties)
        case (DBusProperties.introspectable, "Introspect"):
            return .reply([.string(TrayIntrospection.menu)])
        default:
            return nil
        }
    }

    private static func unknownItem(_ id: Int32) -> DBusAnswer {
        .error(DBusError(name: DBusError.invalidArgs, message: "there is no menu item \(id)"))
    }
}
#endif
