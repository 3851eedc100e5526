import Foundation
import LockOutCore
import LockOutRuntime
import Observation

/// The device selection screen (seed 002), shown while the device has no mode: parent, child or personal
/// device, each with what it does, a confirmation before the choice, and where the app goes next. Choosing sets
/// the device's mode through the family service; a device in a family keeps its mode until it leaves.
@MainActor
@Observable
public final class DeviceSelectionModel {
    /// The choices and the route as the family service answered them last; nil until the first refresh.
    public private(set) var screen: DeviceSelectionScreen?
    /// The mode awaiting confirmation; nil when no dialog shows.
    public private(set) var pending: DeviceMode?
    /// Why the last intent was refused, until the next one succeeds.
    public private(set) var message: ScreenMessage?

    @ObservationIgnored private let family: FamilyService

    public init(family: FamilyService) {
        self.family = family
    }

    /// "Who uses this device?"
    public var title: String { screen?.title ?? "" }
    /// Parent, child and personal device, each with its title and summary.
    public var choices: [DeviceSelectionScreen.Choice] { screen?.choices ?? [] }
    /// Where the app goes now: the selection itself while no mode is set.
    public var route: RootRoute { screen?.route ?? .deviceSelection }
    /// The confirmation dialog's question; nil when no dialog shows.
    public var confirmation: String? { pending.map(DeviceSelectionScreen.confirmation) }

    /// Reads the device's mode and membership again.
    public func refresh() async {
        do {
            let family = family
            let status = try await offMain { try family.status() }
            screen = DeviceSelectionScreen(mode: status.device?.mode, isPaired: status.family != nil)
        } catch {
            message = .refusal(error)
        }
    }

    /// A card was tapped: the confirmation dialog asks about `mode`.
    public func propose(_ mode: DeviceMode) {
        pending = mode
    }

    /// The dialog was dismissed: nothing is chosen.
    public func cancel() {
        pending = nil
    }

    /// The dialog was confirmed: chooses the pending mode.
    public func confirm(name: String? = nil) async {
        guard let mode = pending else { return }
        pending = nil
        await choose(mode, name: name)
    }

    /// Sets the device's mode (and name, when one is given); refused in the service's words for a device in a
    /// family that would change its mode, or for a bad name, and then nothing changes.
    public func choose(_ mode: DeviceMode, name: String? = nil) async {
        do {
            let family = family
            let status = try await offMain {
                _ = try family.setup(mode, name: name)
                return try family.status()
            }
            screen = DeviceSelectionScreen(mode: status.device?.mode, isPaired: status.family != nil)
            message = nil
        } catch {
            message = .refusal(error)
        }
    }
}
