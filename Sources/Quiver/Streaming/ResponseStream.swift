import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response whose body arrives as it is read: the head (``response``) at once, then the body
/// as chunks of bytes, as an `AsyncSequence` of `Data`.
///
/// ```swift
/// let stream = try await provider.stream(for: .download(id))
/// print(stream.response.statusCode)
/// for try await chunk in stream {
///     hasher.update(data: chunk)
/// }
/// ```
///
/// The network is read only as fast as the loop asks for chunks: at most
/// 1 MiB waits unread (plus the one chunk in flight
/// when the transport is asked to pause), whatever the size of the body. Views of the same
/// stream: ``lines(limit:)``, ``events(lineLimit:eventLimit:)``, ``decodedLines(as:using:lineLimit:)`` and
/// ``decodedEvents(as:using:until:lineLimit:eventLimit:)``.
///
/// **Ending.** Leaving the loop with `break`, throwing out of it, or cancelling the Task that
/// iterates closes the connection at once, and so does dropping a stream that was never
/// iterated. A stream is read once: a second iterator ends at once with
/// ``QuiverError/cancelled(_:)``. Every error thrown is a ``QuiverError`` naming the request,
/// after the chunks that arrived before it: ``QuiverError/timedOut(_:after:)`` when no chunk
/// comes within the idle limit or the whole-request timeout passes, ``QuiverError/transport(_:_:)``
/// when the connection fails mid-body.
public struct ResponseStream: AsyncSequence, Sendable {
    /// A chunk of the body.
    public typealias Element = Data

    /// The idle limit between two chunks of a streamed body for targets that do not adopt
    /// ``StreamTimeoutProviding``: 60 seconds, as URLSession's default request timeout.
    static let defaultIdleTimeout: TimeInterval = 60

    /// The head of the response: status code, headers, the request as sent. Its
    /// ``Response/data`` is empty: the body is this sequence.
    public internal(set) var response: Response
    let channel: StreamChannel
    let lease: StreamLease
    /// The decoder of ``decodedLines(as:using:lineLimit:)`` and
    /// ``decodedEvents(as:using:until:lineLimit:eventLimit:)`` when the call names none: the
    /// target's, else the provider's.
    var decoder: JSONDecoder?

    /// Creates a stream over `chunks`, the body as a transport reads it (for an
    /// ``HTTPTransport/stream(_:)`` of your own).
    ///
    /// `chunks` is read ahead of the consumer only until 1 MiB is buffered, so it must read the
    /// network as it is iterated (a pull-based body such as AsyncHTTPClient's), and stop reading
    /// and close its connection when its iteration is cancelled: that is how the consumer's
    /// `break` reaches the server.
    ///
    /// - Parameters:
    ///   - response: The head of the response, with an empty ``Response/data``.
    ///   - chunks: The body, in chunks; what it throws ends the stream as
    ///     ``QuiverError/transport(_:_:)`` (or the matching case, as for ``HTTPTransport/send(_:)``).
    public init<Chunks: AsyncSequence & Sendable>(response: Response, chunks: Chunks) where Chunks.Element == Data {
        let channel = StreamChannel()
        let pump = Task {
            do {
                for try await chunk in chunks {
                    guard await channel.send(chunk) else { return }
                }
                channel.finish()
            } catch {
                channel.finish(throwing: error)
            }
        }
        channel.whenCancelled { pump.cancel() }
        self.init(response: response, channel: channel)
    }

    /// A stream fed by `channel` (push-based transports).
    init(response: Response, channel: StreamChannel) {
        self.response = response
        self.channel = channel
        self.lease = StreamLease(channel, isIterator: false)
    }

    /// Reads the chunks of a ``ResponseStream``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let lease: StreamLease
        /// The ``StreamObserving`` plugins that follow the chunks, if any.
        let onChunk: (@Sendable (Data) -> Void)?

        /// The next chunk of the body, or `nil` at its end.
        ///
        /// - Throws: The ``QuiverError`` that ended the stream early.
        public mutating func next() async throws -> Data? {
            let chunk = try await lease.channel.next()
            if let chunk, let onChunk {
                onChunk(chunk)
            }
            return chunk
        }
    }

    /// Starts reading the body. A stream is read once.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(lease: StreamLease(channel, isIterator: true), onChunk: channel.onChunk)
    }

    /// Stops the stream and closes its connection, as `break` does.
    public func cancel() {
        channel.close(with: .cancelled())
    }
}
