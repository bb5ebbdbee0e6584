import Foundation

/// The events of one connection's body, parsed as they arrive: what a
/// ``ServerSentEventSequence`` reads, once for one stream and once per connection when it
/// reconnects. Writes the stream's state as the parser moves it.
struct ConnectionEvents {
    var chunks: ResponseStream.AsyncIterator
    var splitter: LineSplitter
    var parser: ServerSentEventParser
    let head: Response
    let state: Locked<EventStreamState>
    var ready: [[UInt8]] = []
    var isOver = false

    init(stream: ResponseStream, lineLimit: Int, eventLimit: Int, state: Locked<EventStreamState>) {
        chunks = stream.makeAsyncIterator()
        splitter = LineSplitter(limit: lineLimit, acceptsLoneCarriageReturn: true)
        parser = ServerSentEventParser(eventLimit: eventLimit, resuming: state.withLock { $0 })
        head = stream.response
        self.state = state
    }

    /// The next event, or `nil` at the end of the body (an unfinished last event is dropped,
    /// as the standard says).
    mutating func next() async throws -> ServerSentEvent? {
        while true {
            guard let line = try await nextLine(&chunks, &splitter, &ready, &isOver, head: head) else {
                return nil
            }
            if isOver, ready.isEmpty, !line.isEmpty {
                // The body ended inside an event: it is never dispatched.
                return nil
            }
            let before = parser.stream
            let event: ServerSentEvent?
            do {
                event = try parser.parse(line)
            } catch {
                isOver = true
                cancel()
                throw QuiverError.decoding(error, head)
            }
            if parser.stream != before {
                let now = parser.stream
                state.withLock { $0 = now }
            }
            if let event { return event }
        }
    }

    /// Closes the connection: the reader stops here.
    func cancel() {
        chunks.lease.channel.close(with: .cancelled())
    }
}
