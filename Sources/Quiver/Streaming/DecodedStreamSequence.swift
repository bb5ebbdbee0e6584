import Foundation

/// Values decoded from a streamed body, one per NDJSON line or per Server-Sent Event's data:
/// ``ResponseStream/decodedLines(as:using:lineLimit:)`` and ``ResponseStream/decodedEvents(as:using:until:lineLimit:eventLimit:)``.
///
/// A line or event that does not decode ends the sequence with ``QuiverError/decoding(_:_:)``,
/// whose ``Response`` holds the head and the offending text as its ``Response/data``.
public struct DecodedStreamSequence<Value: Decodable>: AsyncSequence, Sendable {
    /// A decoded value.
    public typealias Element = Value

    enum Source: Sendable {
        case lines(LineSequence)
        case events(ServerSentEventSequence, endMarker: String?)
    }

    let source: Source
    let decoder: JSONDecoder
    /// The stream's head, for the response a decoding failure carries.
    let head: Response

    /// Reads the values of a ``DecodedStreamSequence``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        enum Texts {
            case lines(LineSequence.AsyncIterator)
            case events(ServerSentEventSequence.AsyncIterator, endMarker: String?)
        }

        var texts: Texts
        let decoder: JSONDecoder
        let head: Response

        /// The next value, or `nil` at the end of the body (or at the end marker).
        ///
        /// - Throws: The ``QuiverError`` that ended the stream, ``QuiverError/decoding(_:_:)``
        ///   for a value that does not decode.
        public mutating func next() async throws -> Value? {
            guard let text = try await nextText() else { return nil }
            let data = Data(text.utf8)
            do {
                return try decoder.decode(Value.self, from: data)
            } catch {
                var failed = Response(statusCode: head.statusCode, data: data, request: head.request, response: head.response)
                failed.isStubbed = head.isStubbed
                cancel()
                throw QuiverError.decoding(error, failed)
            }
        }

        private mutating func nextText() async throws -> String? {
            switch texts {
            case .lines(var lines):
                defer { texts = .lines(lines) }
                while let line = try await lines.next() {
                    // Blank lines (keep-alives) carry no value.
                    if !line.allSatisfy(\.isWhitespace) { return line }
                }
                return nil
            case .events(var events, let endMarker):
                defer { texts = .events(events, endMarker: endMarker) }
                guard let event = try await events.next() else { return nil }
                if let endMarker, event.data == endMarker {
                    events.cancel()
                    return nil
                }
                return event.data
            }
        }

        private mutating func cancel() {
            switch texts {
            case .lines(let lines): lines.chunks.lease.channel.close(with: .cancelled())
            case .events(var events, let endMarker):
                events.cancel()
                texts = .events(events, endMarker: endMarker)
            }
        }
    }

    /// Starts reading the values.
    public func makeAsyncIterator() -> AsyncIterator {
        switch source {
        case .lines(let lines):
            AsyncIterator(texts: .lines(lines.makeAsyncIterator()), decoder: decoder, head: head)
        case .events(let events, let endMarker):
            AsyncIterator(texts: .events(events.makeAsyncIterator(), endMarker: endMarker), decoder: decoder, head: head)
        }
    }
}

extension ResponseStream {
    /// The body as newline-delimited JSON (NDJSON, JSON Lines): each non-blank line decoded as `type`.
    ///
    /// - Parameters:
    ///   - type: The type of each line.
    ///   - decoder: The decoder; `nil` uses the target's (``DecoderProviding``), else the provider's.
    ///   - lineLimit: The longest line, in bytes. Defaults to 1 MiB.
    /// - Returns: The values.
    public func decodedLines<Value: Decodable>(as type: Value.Type, using decoder: JSONDecoder? = nil,
                                               lineLimit: Int = 1 << 20) -> DecodedStreamSequence<Value> {
        DecodedStreamSequence(source: .lines(lines(limit: lineLimit)), decoder: decoder ?? self.decoder ?? JSONDecoder(),
                              head: response)
    }

    /// The body as Server-Sent Events whose data is JSON: each event's ``ServerSentEvent/data``
    /// decoded as `type`.
    ///
    /// ```swift
    /// for try await delta in stream.decodedEvents(as: Delta.self, until: "[DONE]") {
    ///     print(delta.text, terminator: "")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of each event's data.
    ///   - decoder: The decoder; `nil` uses the target's (``DecoderProviding``), else the provider's.
    ///   - endMarker: Data that ends the sequence instead of being decoded (such as `"[DONE]"`),
    ///     closing the connection; `nil` for none.
    ///   - lineLimit: The longest line, in bytes, as for ``events(lineLimit:eventLimit:)``.
    ///     Defaults to 1 MiB.
    ///   - eventLimit: The most bytes of data one event may hold, as for
    ///     ``events(lineLimit:eventLimit:)``. Defaults to 8 MiB.
    /// - Returns: The values.
    public func decodedEvents<Value: Decodable>(as type: Value.Type, using decoder: JSONDecoder? = nil,
                                                until endMarker: String? = nil, lineLimit: Int = 1 << 20,
                                                eventLimit: Int = 8 << 20) -> DecodedStreamSequence<Value> {
        DecodedStreamSequence(source: .events(events(lineLimit: lineLimit, eventLimit: eventLimit), endMarker: endMarker),
                              decoder: decoder ?? self.decoder ?? JSONDecoder(), head: response)
    }
}
