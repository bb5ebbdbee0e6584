import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// A plugin that keeps what its observations saw, one entry per stream.
private struct ChunkKeeper: StreamObserving {
    struct Seen: Sendable {
        var status: Int
        var chunks: [Data] = []
        var end: StreamEnd?
    }

    let seen = Locked([Int: Seen]())
    let heads = Locked(0)

    func observeStream(_ head: Response, target: any TargetType) -> StreamObservation? {
        let number = heads.withLock { count -> Int in
            count += 1
            return count
        }
        seen.withLock { $0[number] = Seen(status: head.statusCode) }
        return StreamObservation(chunk: { chunk in
            seen.withLock { $0[number]?.chunks.append(chunk) }
        }, end: { end in
            seen.withLock { $0[number]?.end = end }
        })
    }

    func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType) {
        seen.withLock { $0[-1] = Seen(status: (try? result.get().statusCode) ?? result.failure?.response?.statusCode ?? 0) }
    }
}

/// A plugin that observes attempts and streams both.
private struct AttemptAndStreamKeeper: AttemptObserving, StreamObserving {
    let log = Locked([String]())

    func startAttempt(for request: URLRequest, target: any TargetType, context: inout AttemptContext) -> String { "attempt" }

    func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType, attempt: String) {
        log.withLock { $0.append("\(attempt) \((try? result.get().statusCode) ?? 0)") }
    }

    func observeStream(_ head: Response, target: any TargetType) -> StreamObservation? {
        log.withLock { $0.append("stream \(head.statusCode)") }
        return StreamObservation { end in log.withLock { $0.append("end \(end.byteCount)") } }
    }
}

/// A plugin that notes its name when its stream ends, in a log shared with others.
private struct EndNoter: StreamObserving {
    let name: String
    let log: Locked<[String]>

    func observeStream(_ head: Response, target: any TargetType) -> StreamObservation? {
        StreamObservation { _ in log.withLock { $0.append(name) } }
    }
}

/// ``EndNoter`` that observes attempts too.
private struct AttemptEndNoter: AttemptObserving, StreamObserving {
    let name: String
    let log: Locked<[String]>

    func startAttempt(for request: URLRequest, target: any TargetType, context: inout AttemptContext) -> Int { 0 }

    func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType, attempt: Int) {}

    func observeStream(_ head: Response, target: any TargetType) -> StreamObservation? {
        StreamObservation { _ in log.withLock { $0.append(name) } }
    }
}

@Suite struct StreamObservingTests {
    @Test func anObservationSeesEachChunkInOrderThenTheEnd() async throws {
        let keeper = ChunkKeeper()
        let provider = Provider<StreamAPI>(stubClosure: Provider.immediatelyStub, plugins: [keeper])
        var read: [Data] = []
        for try await chunk in try await provider.stream(for: .feed) {
            read.append(chunk)
        }
        let seen = try #require(keeper.seen.withLock { $0[1] })
        #expect(seen.status == 200)
        #expect(seen.chunks == read)
        #expect(seen.chunks.count == (StreamAPI.feed.sampleData.count + 2) / 3)   // in pieces of 3 bytes
        #expect(seen.end?.byteCount == Int64(StreamAPI.feed.sampleData.count))
        #expect(seen.end?.isComplete == true)
        // The head went to the observation, not to didReceive.
        #expect(keeper.seen.withLock { $0[-1] } == nil)
    }

    @Test func twoStreamsOfOneTargetAtOnceAreFollowedApart() async throws {
        let keeper = ChunkKeeper()
        let provider = Provider<StreamAPI>(stubClosure: Provider.immediatelyStub, plugins: [keeper])
        let first = try await provider.stream(for: .chat)
        let second = try await provider.stream(for: .chat)
        async let a: Void = { for try await _ in first {} }()
        async let b: Void = { for try await _ in second {} }()
        _ = try await (a, b)
        let whole = StreamAPI.chat.sampleData
        for number in [1, 2] {
            let seen = try #require(keeper.seen.withLock { $0[number] })
            #expect(seen.chunks.reduce(Data(), +) == whole)
            #expect(seen.end?.byteCount == Int64(whole.count))
        }
    }

    @Test func aConsumerThatStopsEarlyEndsTheObservationWithWhatItRead() async throws {
        let keeper = ChunkKeeper()
        let provider = Provider<StreamAPI>(stubClosure: Provider.immediatelyStub, plugins: [keeper])
        for try await _ in try await provider.stream(for: .feed) { break }
        let seen = try #require(keeper.seen.withLock { $0[1] })
        #expect(seen.chunks == [Data("{\"n".utf8)])
        #expect(seen.end?.byteCount == 3)
        #expect(seen.end?.error?.isCancelled == true)
    }

    @Test func aRejectedHeadIsNotObservedButReceived() async throws {
        let keeper = ChunkKeeper()
        let provider = Provider<StreamAPI>(endpointClosure: { target in
            Provider.defaultEndpointMapping(for: target).replacing(sampleResponseClosure: { .networkResponse(404, Data("gone".utf8)) })
        }, stubClosure: Provider.immediatelyStub, plugins: [keeper])
        await #expect(throws: QuiverError.self) { try await provider.stream(for: .chat) }
        #expect(keeper.heads.withLock { $0 } == 0)
        #expect(keeper.seen.withLock { $0[-1]?.status } == 404)
    }

    @Test func observationsFollowInPluginOrder() async throws {
        let log = Locked([String]())
        let provider = Provider<StreamAPI>(stubClosure: Provider.immediatelyStub,
                                           plugins: [EndNoter(name: "a", log: log), AttemptEndNoter(name: "b", log: log),
                                                     EndNoter(name: "c", log: log)])
        for try await _ in try await provider.stream(for: .feed) {}
        #expect(log.withLock { $0 } == ["a", "b", "c"])
    }

    @Test func aPluginThatObservesAttemptsHearsTheHeadThereThenFollowsTheStream() async throws {
        let keeper = AttemptAndStreamKeeper()
        let provider = Provider<StreamAPI>(stubClosure: Provider.immediatelyStub, plugins: [keeper])
        for try await _ in try await provider.stream(for: .feed) {}
        #expect(keeper.log.withLock { $0 } == ["attempt 200", "stream 200", "end \(StreamAPI.feed.sampleData.count)"])
    }
}
