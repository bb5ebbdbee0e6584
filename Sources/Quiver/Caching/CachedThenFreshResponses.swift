/// The responses of ``Provider/cachedThenFresh(for:)``: the stored response at once, when the
/// provider's ``HTTPCache`` holds one for the request, then the network's answer (a `304`
/// arrives as the stored body, ``Response/Source/revalidated``).
///
/// It yields one or two responses, then ends; it throws the ``QuiverError`` that ended the
/// request, after the stored response when there was one (show it, and say the update failed).
/// Stopping the iteration cancels the request.
public struct CachedThenFreshResponses: AsyncSequence, Sendable {
    public typealias Element = Response
    public typealias Failure = QuiverError

    /// Starts the request, handing each outcome to the continuation it is given.
    let start: @Sendable (AsyncStream<Result<Response, QuiverError>>.Continuation) -> Task<Void, Never>

    /// Reads the responses in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Element = Response
        public typealias Failure = QuiverError

        /// The outcomes, as the request produces them.
        private var outcomes: AsyncStream<Result<Response, QuiverError>>.Iterator
        /// Cancels the request when the iterator goes away before the end.
        private let cancellation: Cancellation

        init(start: @Sendable (AsyncStream<Result<Response, QuiverError>>.Continuation) -> Task<Void, Never>) {
            let (stream, continuation) = AsyncStream.makeStream(of: Result<Response, QuiverError>.self)
            cancellation = Cancellation(start(continuation))
            outcomes = stream.makeAsyncIterator()
        }

        /// The next response: the stored one, then the network's; `nil` at the end.
        public mutating func next() async throws(QuiverError) -> Response? {
            guard let outcome = await outcomes.next() else { return nil }
            return try outcome.get()
        }

        /// ``next()``, on the caller's actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(QuiverError) -> Response? {
            guard let outcome = await outcomes.next(isolation: actor) else { return nil }
            return try outcome.get()
        }
    }

    /// Cancels the request's task once nobody reads its outcomes.
    final class Cancellation: Sendable {
        private let task: Task<Void, Never>

        init(_ task: Task<Void, Never>) {
            self.task = task
        }

        deinit {
            task.cancel()
        }
    }

    /// Starts the request and reads its responses.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(start: start)
    }
}
