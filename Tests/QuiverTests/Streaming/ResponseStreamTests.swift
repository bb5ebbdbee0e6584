import Foundation
import Testing
@testable import Quiver

@Suite struct ResponseStreamTests {
    @Test func aSlowReaderHoldsTheProducerWithinTheBufferBound() async throws {
        let transport = EndlessTransport()
        let provider = Provider<StreamAPI>(transport: transport)
        let stream = try await provider.stream(for: .chat)
        var iterator = stream.makeAsyncIterator()
        var consumed = 0
        for _ in 0..<20 {
            consumed += try await iterator.next()?.count ?? 0
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        let ahead = transport.produced.withLock { $0 } - consumed
        // The buffer's bound, one chunk the producer holds while it waits, one in the handover.
        #expect(ahead <= StreamChannel.defaultHighWater + 2 * EndlessChunks.chunkSize)
        #expect(ahead > 0)
    }

    @Test func theWholeRequestTimeoutEndsAStreamReadMoreSlowlyThanItArrives() async throws {
        // A reader slower than the body always finds a chunk waiting: the limit on the whole
        // stream must end it all the same, not only once the buffer runs dry.
        let provider = Provider<GenericTarget>(transport: EndlessTransport())
        let stream = try await provider.stream(for: GenericTarget(baseURL: exampleBase, path: "endless", timeout: 0.3))
        let start = Date()
        await #expect {
            for try await _ in stream {
                if Date().timeIntervalSince(start) > 10 { break }   // reached only when no limit holds
                try await Task.sleep(nanoseconds: 5_000_000)
            }
        } throws: { error in
            guard case .timedOut(_, let after) = error as? QuiverError else { return false }
            return after == 0.3
        }
        #expect(Date().timeIntervalSince(start) < 8)
    }

    @Test func breakingOutOfTheLoopStopsTheProducer() async throws {
        let transport = EndlessTransport()
        let provider = Provider<StreamAPI>(transport: transport)
        let stream = try await provider.stream(for: .chat)
        var count = 0
        for try await _ in stream {
            count += 1
            if count == 3 { break }
        }
        #expect(await waitUntil(within: 5) { transport.cancelled.withLock { $0 } })
        let produced = transport.produced.withLock { $0 }
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(transport.produced.withLock { $0 } == produced)
    }

    @Test func cancellingTheReadingTaskEndsWithCancelledAndStopsTheProducer() async throws {
        let transport = EndlessTransport()
        let provider = Provider<StreamAPI>(transport: transport)
        let stream = try await provider.stream(for: .chat)
        let reader = Task {
            var iterator = stream.makeAsyncIterator()
            while true {
                _ = try await iterator.next()
                try await Task.sleep(nanoseconds: 1_000_000)
            }
        }
        try await Task.sleep(nanoseconds: 50_000_000)
        reader.cancel()
        let outcome = await reader.result
        guard case .failure(let error) = outcome else {
            Issue.record("the reader did not fail")
            return
        }
        #expect((error as? QuiverError)?.isCancelled == true || error is CancellationError)
        #expect(await waitUntil(within: 5) { transport.cancelled.withLock { $0 } })
    }

    @Test func aSecondIteratorEndsAtOnce() async throws {
        let provider = Provider<StreamAPI>(stubClosure: Provider.immediatelyStub)
        let stream = try await provider.stream(for: .feed)
        for try await _ in stream {}
        var again = stream.makeAsyncIterator()
        await #expect(throws: QuiverError.self) { _ = try await again.next() }
    }
}
