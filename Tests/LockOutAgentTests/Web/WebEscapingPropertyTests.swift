import Foundation
import LockOutCore
import LockOutWeb
import PropertyBased
import Testing

/// The parent's pages rendered with a child's device name and refusal reason drawn from strings of scalars
/// that join their neighbours into one `Character`, the bytes that start markup, and any other scalar.
///
/// Seeded like the HTTP fuzzing: PropertyBased's generators over a fixed Xoshiro, the same strings every run.
@Suite("Web app: escaping, property-based")
struct WebEscapingPropertyTests {
    static let seed: (UInt64, UInt64, UInt64, UInt64) = (0x4573_6361, 0x7065_2042, 0x7920_5363, 0x616C_6172)
    static let count = 500

    /// Prepend letters, combining marks, joiners, selectors, emoji, look-alikes of < and >, markup bytes.
    static let joining: [Unicode.Scalar] = [
        "<", ">", "\"", "&", "'", "=", " ", "/", ";", "\r", "\n",
        "\u{0D4E}", "\u{0600}", "\u{0605}", "\u{06DD}", "\u{070F}", "\u{08E2}", "\u{110BD}", "\u{111C2}",
        "\u{301}", "\u{338}", "\u{20D2}", "\u{200D}", "\u{FE0F}", "\u{E0100}", "\u{1F3FB}", "\u{1F469}", "\u{226E}", "\u{226F}",
    ]

    /// A string of up to 40 scalars: mostly the joining ones, some from anywhere outside the surrogates.
    static let strings = Gen.frequency(
        (weight: 3, gen: Gen<Unicode.Scalar?>.element(of: joining).map { $0 ?? "a" }),
        (weight: 1, gen: Gen<Unicode.Scalar>.unicodeScalar(in: "\u{20}"..."\u{D7FF}")),
        (weight: 1, gen: Gen<Unicode.Scalar>.unicodeScalar(in: "\u{E000}"..."\u{10FFFF}"))
    ).array(of: 0...40).map { String(String.UnicodeScalarView($0)) }

    static let now = Date(timeIntervalSince1970: 1_795_420_800)
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        return calendar
    }()

    /// The parent's Family page and a child's device page, with `text` as the child's name and its reason for refusing.
    static func pages(_ text: String) -> [String] {
        let device = RegisteredDevice(
            deviceID: DeviceID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-000000000001") ?? UUID()), deviceName: text,
            deviceType: .childDevice, parentDeviceID: nil, registrationDate: now, lastSyncDate: now, isActive: true
        )
        let command = ConfigurationCommand(
            commandID: CommandID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-000000000002") ?? UUID()), targetDeviceID: device.deviceID,
            change: .snooze(minutes: 7), createdAt: now
        )
        let sent = [SentCommand(command: command, status: .rejected, reason: text, executedAt: now)]
        let status = FamilySyncStatus(device: nil, server: nil, family: nil, lastSync: nil, queued: 0, failed: 0, activity: .idle, nextAttempt: nil)
        let chrome = PageChrome(page: .family, csrfToken: "token", now: now)
        return [
            FamilyPage.render(.parent(devices: [device], unreachable: nil, commands: sent, status: status), chrome: chrome, calendar: calendar),
            FamilyDevicePage.render(device, summaries: [], days: 7, commands: sent, chrome: chrome, calendar: calendar),
        ]
    }

    /// Every element with its attributes' names, in order: what a page's structure is, whatever its texts.
    static func structure(_ page: Injection.Page) -> [String] {
        page.elements.map { ([$0.name] + $0.attributes).joined(separator: " ") }
    }

    @Test("any string as a child's name and reason: the pages keep exactly their own elements and attributes, and show it whole")
    func namesAndReasons() async throws {
        let plain = try Self.pages("Anna").map { Self.structure(try Injection.read($0)) }
        var random = Xoshiro(seed: Self.seed)
        for index in 0..<Self.count {
            // Tens of seconds of rendering in a debug build: yielding each string leaves the test pool's two
            // threads to the suites that wait on a live server meanwhile.
            await Task.yield()
            let text = Self.strings.run(using: &random)
            let described = "string \(index): \(text.unicodeScalars.map { String($0.value, radix: 16) })"
            for (page, expected) in zip(Self.pages(text), plain) {
                let read: Injection.Page
                do {
                    read = try Injection.read(page)
                } catch {
                    Issue.record("\(error) for \(described)")
                    return
                }
                guard Self.structure(read) == expected, text.isEmpty || read.shows(text) else {
                    Issue.record("the page changed its elements or lost the text for \(described)")
                    return
                }
            }
        }
    }
}
