#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Quiver
import QuiverCombine
import Testing

/// A server stand-in: answers `/slow` only when cancelled (and counts that), anything else at
/// once with `status` and a JSON body, after reporting download progress in two halves.
final class FakeServer: HTTPTransport {
    let status: Int
    private let lock = NSLock()
    // Read and written only with `lock` held.
    nonisolated(unsafe) private var counts = (started: 0, cancelled: 0)

    init(status: Int = 200) {
        self.status = status
    }

    var started: Int { lock.withLock { counts.started } }
    var cancelled: Int { lock.withLock { counts.cancelled } }

    func send(_ request: TransportRequest) async throws -> Response {
        lock.withLock { counts.started += 1 }
        if request.url.path.hasSuffix("/slow") {
            do {
                try await Task.sleep(nanoseconds: 30_000_000_000)
            } catch {
                lock.withLock { counts.cancelled += 1 }
                throw error
            }
        }
        let body = Data(#"{"name":"Ada","id":7}"#.utf8)
        request.progress.downloaded(Int64(body.count / 2), of: Int64(body.count))
        request.progress.downloaded(Int64(body.count), of: Int64(body.count))
        return Response(statusCode: status, data: body,
                        response: HTTPURLResponse(url: request.url, statusCode: status, httpVersion: nil, headerFields: nil))
    }
}

struct User: Decodable, Sendable, Equatable {
    let name: String
    let id: Int
}

/// A target with its own typed outcome.
struct UserTarget: TargetType, TargetMapping {
    enum Output: Sendable, Equatable {
        case user(User)
        case failed(String)
    }

    var baseURL: URL { URL(string: "https://api.example.com") ?? URL(fileURLWithPath: "/") }
    var path: String { "user" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }

    func map(_ result: Result<Response, QuiverError>) -> Output {
        switch result {
        case .success(let response):
            (try? response.decode(User.self)).map(Output.user) ?? .failed("decoding")
        case .failure(let error):
            .failed("\(error)")
        }
    }
}

/// What a sink collected. `@unchecked Sendable`: touched by the sink's closures, which the
/// publisher calls one after the other, then read once the completion resumed the continuation.
final class Collected<Output>: @unchecked Sendable {
    var values: [Output] = []
    var subscription: AnyCancellable?
}

/// Everything a publisher sent, once it completed.
func values<P: Publisher>(of publisher: P) async -> (values: [P.Output], completion: Subscribers.Completion<P.Failure>)
where P.Output: Sendable, P.Failure: Sendable {
    let box = Collected<P.Output>()
    return await withCheckedContinuation { continuation in
        box.subscription = publisher.sink(receiveCompletion: { completion in
            continuation.resume(returning: (box.values, completion))
        }, receiveValue: { value in
            box.values.append(value)
        })
    }
}

/// A subscriber that asks for nothing until told to. `@unchecked Sendable`: the test writes
/// `subscription` before it reads anything, and the publisher's calls come one after the other.
final class PatientSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = Response
    typealias Failure = QuiverError

    private let lock = NSLock()
    var subscription: (any Subscription)?
    private var statuses: [Int] = []

    var received: [Int] { lock.withLock { statuses } }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
    }

    func receive(_ input: Response) -> Subscribers.Demand {
        lock.withLock { statuses.append(input.statusCode) }
        return .none
    }

    func receive(completion: Subscribers.Completion<QuiverError>) {}
}

@Suite struct ProviderPublishersTests {
    private let base = URL(string: "https://api.example.com") ?? URL(fileURLWithPath: "/")

    @Test func theRequestPublisherSendsTheResponseThenFinishes() async throws {
        let provider = Provider<GenericTarget>(transport: FakeServer())
        let (sent, completion) = await values(of: provider.requestPublisher(GenericTarget(baseURL: base, path: "user")))
        #expect(sent.map(\.statusCode) == [200])
        guard case .finished = completion else {
            Issue.record("expected .finished, got \(completion)")
            return
        }
    }

    @Test func aRejectedStatusFailsThePublisherWithItsQuiverError() async {
        let provider = Provider<GenericTarget>(transport: FakeServer(status: 503))
        let (sent, completion) = await values(of: provider.requestPublisher(GenericTarget(baseURL: base)))
        #expect(sent.isEmpty)
        guard case .failure(.statusCode(let response)) = completion else {
            Issue.record("expected .statusCode, got \(completion)")
            return
        }
        #expect(response.statusCode == 503)
    }

    @Test func theDecodePublisherSendsTheDecodedValue() async {
        let provider = Provider<GenericTarget>(transport: FakeServer())
        let (sent, _) = await values(of: provider.decodePublisher(User.self, from: GenericTarget(baseURL: base)))
        #expect(sent == [User(name: "Ada", id: 7)])
    }

    @Test func theOutputPublisherSendsTheTargetsTypedOutcome() async {
        let provider = Provider<UserTarget>(transport: FakeServer())
        let (sent, _) = await values(of: provider.outputPublisher(UserTarget()))
        #expect(sent == [.user(User(name: "Ada", id: 7))])
    }

    @Test func theProgressPublisherEndsWithTheCompleteResponse() async {
        let provider = Provider<GenericTarget>(transport: FakeServer())
        let (sent, _) = await values(of: provider.requestWithProgressPublisher(GenericTarget(baseURL: base)))
        #expect(sent.count >= 2, "\(sent)")
        #expect(sent.last?.response?.statusCode == 200)
        #expect(sent.dropLast().allSatisfy { $0.response == nil && $0.direction == .download })
    }

    @Test func nothingIsSentBeforeTheSubscriberAsks() async throws {
        let server = FakeServer()
        let provider = Provider<GenericTarget>(transport: server)
        let subscriber = PatientSubscriber()
        provider.requestPublisher(GenericTarget(baseURL: base)).subscribe(subscriber)
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(server.started == 0, "the request started before any demand")
        subscriber.subscription?.request(.max(1))
        for _ in 0..<200 where subscriber.received.isEmpty {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(server.started == 1)
        #expect(subscriber.received == [200])
    }

    @Test func cancellingTheSubscriptionCancelsTheRequest() async throws {
        let server = FakeServer()
        let provider = Provider<GenericTarget>(transport: server)
        let subscription = provider.requestPublisher(GenericTarget(baseURL: base, path: "slow"))
            .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        for _ in 0..<200 where server.started == 0 {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(server.started == 1)
        subscription.cancel()
        for _ in 0..<300 where server.cancelled == 0 {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(server.cancelled == 1, "the request went on after the subscription was cancelled")
    }
}
