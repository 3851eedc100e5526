#if canImport(CSystemd)
import CSystemd
import Foundation
@testable import LockOutAgent

/// A D-Bus service of the test's own on a private bus: it owns `name` and answers every method call on
/// `path` with what `answer` gives for the method's member (or an error when it gives nil), and sends
/// the signals `emit` is given. Its sd-bus connection lives on a thread of its own.
final class FakeBusService: @unchecked Sendable {
    private let bus: OpaquePointer
    private let answers: Answers
    private let lock = NSLock()
    private var isStopped = false
    /// Signals to send from the service's thread, in order; guarded by `lock`.
    private var outgoing: [Signal] = []

    /// A signal the service sends: from `path`, `interface.member` with `arguments`.
    typealias Signal = (path: String, interface: String, member: String, arguments: [DBusValue])
    private let stopped = DispatchSemaphore(value: 0)

    /// What the service answers, by method; read on the service's thread.
    final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var byMember: [String: [DBusValue]] = [:]
        private var counts: [String: Int] = [:]
        private var lastArguments: [String: [DBusValue]] = [:]
        private var followUps: [String: Signal] = [:]
        private var received: [String: [[DBusValue]]] = [:]

        func set(_ member: String, _ values: [DBusValue]?) {
            lock.withLock { byMember[member] = values }
        }

        func take(_ member: String, arguments: [DBusValue]) -> [DBusValue]? {
            lock.withLock {
                counts[member, default: 0] += 1
                lastArguments[member] = arguments
                return byMember[member]
            }
        }

        func arguments(_ member: String) -> [DBusValue]? {
            lock.withLock { lastArguments[member] }
        }

        func setFollowUp(_ member: String, _ signal: Signal?) {
            lock.withLock { followUps[member] = signal }
        }

        func followUp(_ member: String) -> Signal? {
            lock.withLock { followUps[member] }
        }

        func count(_ member: String) -> Int {
            lock.withLock { counts[member, default: 0] }
        }

        func record(_ member: String, _ arguments: [DBusValue]) {
            lock.withLock { received[member, default: []].append(arguments) }
        }

        func allArguments(_ member: String) -> [[DBusValue]] {
            lock.withLock { received[member, default: []] }
        }
    }

    /// `initial` answers calls from the start: a caller that learns of the name at once gets it, not an error.
    init(address: String, name: String, path: String, answers initial: [String: [DBusValue]] = [:]) throws {
        var created: OpaquePointer?
        var result = sd_bus_new(&created)
        guard result >= 0, let created else { throw DBusError.local("sd_bus_new", errno: -result) }
        result = sd_bus_set_address(created, address)
        if result >= 0 { result = sd_bus_set_bus_client(created, 1) }
        if result >= 0 { result = sd_bus_start(created) }
        if result >= 0 { result = sd_bus_request_name(created, name, 0) }
        guard result >= 0 else {
            sd_bus_unref(created)
            throw DBusError.local("starting the fake \(name)", errno: -result)
        }
        bus = created
        answers = Answers()
        for (member, values) in initial { answers.set(member, values) }
        let userdata = Unmanaged.passUnretained(answers).toOpaque()
        result = sd_bus_add_object(created, nil, path, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            let answers = Unmanaged<Answers>.fromOpaque(userdata).takeUnretainedValue()
            let member = sd_bus_message_get_member(message).map { String(cString: $0) } ?? ""
            let arguments = (try? DBusMessageReader.values(of: message)) ?? []
            answers.record(member, arguments)
            guard let values = answers.take(member, arguments: arguments) else {
                return -EOPNOTSUPP  // sd-bus replies with an error
            }
            var reply: OpaquePointer?
            guard sd_bus_message_new_method_return(message, &reply) >= 0, let reply else { return -ENOMEM }
            defer { sd_bus_message_unref(reply) }
            try? DBusMessageWriter.append(values, to: reply)
            guard sd_bus_send(nil, reply, nil) >= 0 else { return -EIO }
            if let signal = answers.followUp(member), let bus = sd_bus_message_get_bus(message) {
                FakeBusService.send(signal, on: bus)
            }
            return 1
        }, userdata)
        guard result >= 0 else { throw DBusError.local("sd_bus_add_object", errno: -result) }
        let bus = UncheckedBus(pointer: created)
        Thread.detachNewThread { [self] in
            while !lock.withLock({ isStopped }) {
                for signal in lock.withLock({ defer { outgoing.removeAll() }; return outgoing }) {
                    Self.send(signal, on: bus.pointer)
                }
                let processed = sd_bus_process(bus.pointer, nil)
                if processed < 0 { break }
                if processed == 0 { _ = sd_bus_wait(bus.pointer, 50_000) }
            }
            stopped.signal()
        }
    }

    /// Sets the answer to `member`: these values, or an error when nil.
    func answer(_ member: String, with values: [DBusValue]?) {
        answers.set(member, values)
    }

    /// How many calls of `member` came.
    func calls(_ member: String) -> Int {
        answers.count(member)
    }

    /// The arguments of the last call of `member`, when one came.
    func arguments(_ member: String) -> [DBusValue]? {
        answers.arguments(member)
    }

    /// Sends the signal `interface.member` from `path` with `arguments`, after the signals already given
    /// (within the service thread's next 50 ms).
    func emit(path: String, interface: String, member: String, arguments: [DBusValue]) {
        lock.withLock { outgoing.append((path, interface, member, arguments)) }
    }

    /// Sends `signal` right after each answer to `member` (none when nil), as a service does whose method
    /// fires at once.
    func answer(_ member: String, followedBy signal: Signal?) {
        answers.setFollowUp(member, signal)
    }

    /// Sends one signal; on the service's thread.
    private static func send(_ signal: Signal, on bus: OpaquePointer) {
        var created: OpaquePointer?
        guard sd_bus_message_new_signal(bus, &created, signal.path, signal.interface, signal.member) >= 0, let message = created else { return }
        defer { sd_bus_message_unref(message) }
        try? DBusMessageWriter.append(signal.arguments, to: message)
        _ = sd_bus_send(bus, message, nil)
    }

    /// The arguments of each call of `member`, in order.
    func allArguments(_ member: String) -> [[DBusValue]] {
        answers.allArguments(member)
    }

    /// Stops answering and leaves the bus.
    func stop() {
        let wasStopped = lock.withLock {
            defer { isStopped = true }
            return isStopped
        }
        guard !wasStopped else { return }
        stopped.wait()
        sd_bus_flush_close_unref(bus)
    }

    deinit {
        stop()
    }
}

/// The connection pointer, handed to the service's thread.
private struct UncheckedBus: @unchecked Sendable {
    let pointer: OpaquePointer
}
#endif
