import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// A live streamed endpoint, with its idle and whole-request limits.
struct LiveStream: TargetType, StreamTimeoutProviding {
    let url: URL
    var streamIdleTimeout: TimeInterval? = 10
    var timeout: TimeInterval?

    var baseURL: URL { url }
    var path: String { "" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
}

struct EndlessStatus: Decodable {
    let sent: Int
    let closed: Bool
}

struct NumberedEvent: Decodable, Equatable {
    let n: Int
}

@Suite(.requiresHTTPBin) struct StreamingHTTPBinTests {
    let provider = Provider<LiveStream>(transport: TransportUnderTest.shared)

    private func httpbin(_ path: String, query: KeyValuePairs<String, String> = [:]) -> LiveStream {
        LiveStream(url: url(TestServers.httpbin ?? TestServers.unconfigured, path, query: query))
    }

    @Test func streamOfJSONLinesDecodesEveryLine() async throws {
        struct Line: Decodable { let id: Int }
        var ids: [Int] = []
        for try await line in try await provider.stream(for: httpbin("/stream/20")).decodedLines(as: Line.self) {
            ids.append(line.id)
        }
        #expect(ids == Array(0..<20))
    }

    @Test func dripArrivesInPiecesOverTime() async throws {
        let stream = try await provider.stream(for: httpbin("/drip", query: ["numbytes": "4", "duration": "1", "delay": "0"]))
        var chunks = 0
        var bytes = 0
        for try await chunk in stream {
            chunks += 1
            bytes += chunk.count
        }
        #expect(bytes == 4)
        #expect(chunks > 1)
    }

    @Test func rangeIsDeliveredWholeAndInOrder() async throws {
        let stream = try await provider.stream(for: httpbin("/range/100000", query: ["chunk_size": "1024"]))
        var body = Data()
        for try await chunk in stream { body.append(chunk) }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        #expect(body.count == 100_000)
        #expect(body.enumerated().allSatisfy { $0.element == alphabet[$0.offset % 26] })
    }

    @Test func aRejectedStatusIsAStatusCodeError() async throws {
        await #expect {
            _ = try await provider.stream(for: httpbin("/status/418"))
        } throws: { error in
            (error as? QuiverError)?.response?.statusCode == 418
        }
    }
}

@Suite(.requiresFaultServer) struct StreamingFaultTests {
    let provider = Provider<LiveStream>(transport: TransportUnderTest.shared)

    private func fault(_ path: String, query: KeyValuePairs<String, String> = [:], idle: TimeInterval = 10,
                       timeout: TimeInterval? = nil) -> LiveStream {
        LiveStream(url: url(TestServers.fault ?? TestServers.unconfigured, path, query: query), streamIdleTimeout: idle,
                   timeout: timeout)
    }

    private func status(of key: String) async throws -> EndlessStatus {
        try await Provider<GenericTarget>(transport: TransportUnderTest.shared).decode(EndlessStatus.self, from: GenericTarget(
            baseURL: url(TestServers.fault ?? TestServers.unconfigured, "/endless-status", query: ["key": key])))
    }

    /// Waits until the server saw `key`'s connection close.
    private func serverSawClose(_ key: String, within seconds: TimeInterval = 5) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await status(of: key).closed { return true }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return false
    }

    @Test func eventsSplitAtEveryByteArriveWhole() async throws {
        var events: [ServerSentEvent] = []
        for try await event in try await provider.stream(for: fault("/sse", query: ["events": "12", "split": "1"])).events() {
            events.append(event)
        }
        #expect(events == (0..<12).map { ServerSentEvent(data: "{\"n\": \($0)}", id: "\($0)") })
    }

    @Test func aBodyLargerThanTheBufferReadSlowlyArrivesExactlyOnce() async throws {
        // 4 MiB, read 64 KiB at a time with pauses: the buffer fills past its 1 MiB mark, and
        // the body must neither repeat nor lose a byte (byte i is i % 251).
        let size = 4 << 20
        let stream = try await provider.stream(for: fault("/blob", query: ["bytes": "\(size)"]))
        var offset = 0
        var intact = true
        var sinceSleep = 0
        for try await chunk in stream {
            for byte in chunk {
                guard offset < size, byte == UInt8(offset % 251) else {
                    intact = false
                    break
                }
                offset += 1
            }
            sinceSleep += chunk.count
            if sinceSleep >= 64 << 10 {
                sinceSleep = 0
                try await Task.sleep(nanoseconds: 5_000_000)
            }
            if !intact { break }
        }
        #expect(intact)
        #expect(offset == size)
    }

    @Test func ndjsonDecodesEveryLine() async throws {
        var values: [NumberedEvent] = []
        for try await value in try await provider.stream(for: fault("/ndjson", query: ["lines": "500"]))
            .decodedLines(as: NumberedEvent.self) {
            values.append(value)
        }
        #expect(values == (0..<500).map(NumberedEvent.init(n:)))
    }

    @Test func aHugeLineFailsAtTheLimitAndPassesUnderALargerOne() async throws {
        let target = fault("/huge-line", query: ["bytes": "\(2 << 20)"])
        await #expect {
            for try await _ in try await provider.stream(for: target).lines(limit: 1 << 20) {}
        } throws: { error in
            guard case .decoding(let cause, _) = error as? QuiverError else { return false }
            return (cause as? StreamError) == .lineTooLong(limit: 1 << 20)
        }
        var lengths: [Int] = []
        for try await line in try await provider.stream(for: target).lines(limit: 4 << 20) {
            lengths.append(line.utf8.count)
        }
        #expect(lengths == [2 << 20, 4])
    }

    @Test func aStallMidStreamTripsTheIdleTimeoutAfterTheEventsBeforeIt() async throws {
        var received = 0
        let start = Date()
        await #expect {
            for try await _ in try await provider.stream(for: fault("/sse", query: ["events": "10", "stall_after": "3"], idle: 1))
                .events() {
                received += 1
            }
        } throws: { error in
            guard case .timedOut(let request, let after) = error as? QuiverError else { return false }
            return after == 1 && request?.url?.path == "/sse"
        }
        #expect(received == 3)
        // The server stalls for up to 120 s: the idle limit, not the server, ended the stream.
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test func aResetMidEventIsATransportErrorAfterTheEventsBeforeIt() async throws {
        var received: [String] = []
        await #expect {
            for try await event in try await provider.stream(for: fault("/sse", query: ["events": "10", "reset_after": "3"]))
                .events() {
                received.append(event.data)
            }
        } throws: { error in
            guard case .transport(_, _) = error as? QuiverError else { return false }
            return (error as? QuiverError)?.request?.url?.path == "/sse"
        }
        #expect(received.count == 3)
    }

    @Test func theWholeRequestTimeoutEndsALongStream() async throws {
        var received = 0
        let start = Date()
        await #expect {
            for try await _ in try await provider.stream(for: fault("/sse", query: ["events": "100", "interval": "0.1"],
                                                                    timeout: 1.5)).events() {
                received += 1
            }
        } throws: { error in
            guard case .timedOut(_, let after) = error as? QuiverError else { return false }
            return after == 1.5
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(received > 0 && received < 100)
        // The server would take 10 s to send the 100 events.
        #expect(elapsed >= 1.4 && elapsed < 8)
    }

    @Test func breakingOutOfTheLoopClosesTheConnectionAsTheServerSees() async throws {
        let key = UUID().uuidString
        let stream = try await provider.stream(for: fault("/endless", query: ["key": key, "interval": "0.01"]))
        var chunks = 0
        for try await _ in stream {
            chunks += 1
            if chunks == 3 { break }
        }
        #expect(try await serverSawClose(key))
    }

    @Test func cancellingTheReadingTaskClosesTheConnectionAsTheServerSees() async throws {
        let key = UUID().uuidString
        let provider = provider
        let target = fault("/endless", query: ["key": key, "interval": "0.01"])
        let reader = Task {
            for try await _ in try await provider.stream(for: target) {}
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        reader.cancel()
        let outcome = await reader.result
        guard case .failure(let error) = outcome else {
            Issue.record("the reader was not stopped")
            return
        }
        #expect((error as? QuiverError)?.isCancelled == true)
        #expect(try await serverSawClose(key))
    }

    @Test func aSlowReaderHoldsTheServerBackOrEndsAtTheHardLimit() async throws {
        let key = UUID().uuidString
        let stream = try await provider.stream(for: fault("/endless", query: ["key": key]))
        var iterator = stream.makeAsyncIterator()
        _ = try await iterator.next()
        try await Task.sleep(nanoseconds: 1_500_000_000)
        let sent = try await status(of: key).sent
        if sent < 48 << 20 {
            // Held back (Apple platforms): what the socket buffers and Quiver's 1 MiB hold.
            stream.cancel()
        } else {
            // Not held back (URLSession on Linux ignores suspend): the unread bytes stay bounded,
            // and the reader is told after the chunks that were kept.
            var delivered = 0
            await #expect {
                while let chunk = try await iterator.next() { delivered += chunk.count }
            } throws: { error in
                guard case .transport(let cause, _) = error as? QuiverError else { return false }
                return (cause as? StreamError) == .readerFellBehind(limit: StreamChannel.defaultHardLimit)
            }
            #expect(delivered > StreamChannel.defaultHighWater && delivered <= StreamChannel.defaultHardLimit + (1 << 20))
        }
        #expect(try await serverSawClose(key))
    }
}

@Suite(.requiresFaultServer) struct StreamingReconnectTests {
    @Test func aDroppedEventStreamResumesAfterTheLastEventID() async throws {
        let provider = Provider<LiveStream>(transport: TransportUnderTest.shared)
        let target = LiveStream(url: url(TestServers.fault ?? TestServers.unconfigured, "/sse-resume",
                                         query: ["key": UUID().uuidString, "events": "6", "reset_after": "3"]))
        var ids: [String] = []
        for try await event in provider.events(for: target, reconnecting: ServerSentEventReconnection(delay: 0)) {
            ids.append(event.id ?? "?")
        }
        #expect(ids == ["0", "1", "2", "3", "4", "5"])
    }

    @Test func reconnectingStopsAfterTheAttemptsAndThrowsTheLastError() async throws {
        let provider = Provider<LiveStream>(transport: TransportUnderTest.shared)
        // Resets after event 0 on every connection (a new key each time is not needed: reset_after
        // applies to the first connection only, so use a stall that trips the idle limit instead).
        let target = LiveStream(url: url(TestServers.fault ?? TestServers.unconfigured, "/sse",
                                         query: ["events": "5", "stall_after": "0"]), streamIdleTimeout: 0.3)
        var received = 0
        let start = Date()
        await #expect {
            for try await _ in provider.events(for: target, reconnecting: ServerSentEventReconnection(maximumAttempts: 2, delay: 0.1)) {
                received += 1
            }
        } throws: { error in
            (error as? QuiverError)?.isTimeout == true
        }
        #expect(received == 0)
        // Three connections, each 0.3 s idle, and two 0.1 s waits.
        #expect(Date().timeIntervalSince(start) >= 1.0)
    }
}
