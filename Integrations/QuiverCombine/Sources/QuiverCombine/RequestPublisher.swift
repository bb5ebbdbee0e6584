#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Foundation
import Quiver

/// A publisher of the values of one piece of work that starts when the subscriber first asks
/// for a value, and is cancelled when the subscription is.
///
/// Every publisher of this package is one: the work is a request of a ``Provider``.
public struct RequestPublisher<Output: Sendable>: Publisher {
    /// Every failure is a ``QuiverError``, as in the rest of Quiver.
    public typealias Failure = QuiverError

    /// Receives what the work produces: values, then the end.
    struct Events: Sendable {
        let send: @Sendable (Output) -> Void
        let finish: @Sendable (Subscribers.Completion<QuiverError>) -> Void

        /// Sends the value of a success, then the end; or ends with the failure.
        func end(with result: Result<Output, QuiverError>) {
            switch result {
            case .success(let value):
                send(value)
                finish(.finished)
            case .failure(let error):
                finish(.failure(error))
            }
        }
    }

    /// Starts the work, which reports to `events`; returns what cancels it.
    let start: @Sendable (_ events: Events) -> @Sendable () -> Void

    /// Attaches `subscriber`; the work starts at its first demand.
    ///
    /// - Parameter subscriber: The subscriber.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == QuiverError {
        let subscription = RequestSubscription(subscriber: AnySubscriber(subscriber), start: start)
        subscriber.receive(subscription: subscription)
    }
}

extension RequestPublisher {
    /// A publisher of what `work` returns, run in a Swift `Task` that cancelling cancels.
    static func running(_ work: @escaping @Sendable () async -> Result<Output, QuiverError>) -> RequestPublisher {
        RequestPublisher { events in
            let task = Task { events.end(with: await work()) }
            return { task.cancel() }
        }
    }
}

/// The subscription of a ``RequestPublisher``: starts the work once, hands its values to the
/// subscriber as far as it asked for them (a value beyond the demand is dropped, except the
/// last, which waits for demand), and cancels the work when cancelled.
///
/// `@unchecked Sendable`: every stored property is read and written only with `lock` held, and
/// the subscriber is called only with it held, which also keeps its calls in order. The lock is
/// recursive, so a subscriber that asks for more or cancels from inside `receive` does not
/// deadlock.
final class RequestSubscription<Output: Sendable>: Subscription, @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var subscriber: AnySubscriber<Output, QuiverError>?
    private var start: (@Sendable (RequestPublisher<Output>.Events) -> @Sendable () -> Void)?
    private var cancelWork: (@Sendable () -> Void)?
    private var demand = Subscribers.Demand.none
    /// A value that came without demand, with the end that followed it.
    private var held: (value: Output, completion: Subscribers.Completion<QuiverError>)?
    private var lastValue: Output?

    init(subscriber: AnySubscriber<Output, QuiverError>, start: @escaping @Sendable (RequestPublisher<Output>.Events) -> @Sendable () -> Void) {
        self.subscriber = subscriber
        self.start = start
    }

    let combineIdentifier = CombineIdentifier()

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        defer { lock.unlock() }
        guard subscriber != nil, demand > 0 else { return }
        self.demand += demand
        if let held {
            self.held = nil
            deliver(held.value)
            complete(held.completion)
            return
        }
        guard let start else { return }
        self.start = nil
        let events = RequestPublisher<Output>.Events(
            send: { [self] value in self.receive(value) },
            finish: { [self] completion in self.finish(completion) })
        cancelWork = start(events)
    }

    func cancel() {
        lock.lock()
        let cancelWork = cancelWork
        subscriber = nil
        start = nil
        held = nil
        self.cancelWork = nil
        lock.unlock()
        cancelWork?()
    }

    private func receive(_ value: Output) {
        lock.lock()
        defer { lock.unlock() }
        guard subscriber != nil else { return }
        if demand > 0 {
            deliver(value)
        } else {
            // Kept in case it is the last: the last value is never dropped.
            lastValue = value
        }
    }

    private func finish(_ completion: Subscribers.Completion<QuiverError>) {
        lock.lock()
        defer { lock.unlock() }
        guard subscriber != nil else { return }
        if case .finished = completion, let lastValue {
            self.lastValue = nil
            held = (lastValue, completion)
            return
        }
        complete(completion)
    }

    /// Hands `value` to the subscriber (with `lock` held and demand left).
    private func deliver(_ value: Output) {
        guard let subscriber else { return }
        lastValue = nil
        demand -= 1
        demand += subscriber.receive(value)
    }

    /// Ends the subscription (with `lock` held).
    private func complete(_ completion: Subscribers.Completion<QuiverError>) {
        guard let subscriber else { return }
        self.subscriber = nil
        cancelWork = nil
        subscriber.receive(completion: completion)
    }
}
