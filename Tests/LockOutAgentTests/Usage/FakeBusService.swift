#if canImport(CSystemd)
import CSystemd
import Foundation
@testable import LockOutAgent

/// A D-Bus service of the test's own on a private bus: it owns `name` and answers every method call on
/// `path` with what `answer` gives for the method's member (or an error when it gives nil). Its sd-bus
/// connection lives on a thread of its own.
final class FakeBusService: @unchecked Sendable {
    private let bus: OpaquePointer
    private let answers: Answers
    private let lock = NSLock()
    private var isStopped = false
    private let stopped = DispatchSemaphore(value: 0)

    /// What the service answers, by method; read on the service's thread.
    final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var byMember: [String: [DBusValue]] = [:]
        private var counts: [String: Int] = [:]
        private var received: [String: [[DBusValue]]] = [:]

        func set(_ member: String, _ values: [DBusValue]?) {
            lock.withLock { byMember[member] = values }
        }

        func take(_ member: String) -> [DBusValue]? {
            lock.withLock {
                counts[member, default: 0] += 1
                return byMember[member]
            }
        }

        func count(_ member: String) -> Int {
            lock.withLock { counts[member, default: 0] }
        }

        func record(_ member: String, _ arguments: [DBusValue]) {
            lock.withLock { received[member, default: []].append(arguments) }
        }

        func arguments(_ member: String) -> [[DBusValue]] {
            lock.withLock { received[member, default: []] }
        }
    }

    init(address: String, name: String, path: String) throws {
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
        let userdata = Unmanaged.passUnretained(answers).toOpaque()
        result = sd_bus_add_object(created, nil, path, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            let answers = Unmanaged<Answers>.fromOpaque(userdata).takeUnretainedValue()
            let member = sd_bus_message_get_member(message).map { String(cString: $0) } ?? ""
            answers.record(member, (try? DBusMessageReader.message(message).arguments) ?? [])
            guard let values = answers.take(member) else {
                return -EOPNOTSUPP  // sd-bus replies with an error
            }
            var reply: OpaquePointer?
            guard sd_bus_message_new_method_return(message, &reply) >= 0, let reply else { return -ENOMEM }
            defer { sd_bus_message_unref(reply) }
            try? DBusMessageWriter.append(values, to: reply)
            return sd_bus_send(nil, reply, nil) >= 0 ? 1 : -EIO
        }, userdata)
        guard result >= 0 else { throw DBusError.local("sd_bus_add_object", errno: -result) }
        let bus = UncheckedBus(pointer: created)
        Thread.detachNewThread { [self] in
            while !lock.withLock({ isStopped }) {
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

    /// The arguments of each call of `member`, in order.
    func arguments(_ member: String) -> [[DBusValue]] {
        answers.arguments(member)
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
