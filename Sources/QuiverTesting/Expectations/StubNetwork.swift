import Foundation
import Quiver
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A network for tests: it answers only the requests a test expects, records every request
/// that reaches it, and says what went otherwise, with the nearest request or expectation and
/// a readable difference.
///
/// Give it to a provider as its transport. Plugins, validation, retries and credential refresh
/// run as they do live; the network sees each request as it would have gone on the wire.
///
/// ```swift
/// @Test func publishingAGistSendsItPublic() async throws {
///     let network = StubNetwork()
///     network.expect(.post, "/gists")
///         .json(["public": true])
///         .respond(status: 201, json: ["id": "aa5a315d"])
///     let client = GistClient(provider: Provider(transport: network, plugins: [AccessTokenPlugin { _ in "t0ken" }]))
///
///     try await client.publish("hello", public: true)
///
///     try network.verify()
///     #expect(network.requests.first?.header("Authorization") == "Bearer t0ken")
/// }
/// ```
///
/// A request that meets no expectation, or meets one more often than it allows, fails at
/// once with a ``StubNetworkError`` (the provider hands it back as `QuiverError.transport`),
/// so the code under test sees a failure and nothing reaches a network. ``verify()`` then
/// throws every problem of the test: those requests, and expectations met fewer times than
/// they ask. Call it at the end of each test; thrown from the test, the error fails it in Swift
/// Testing and in XCTest alike, and each message names the line that declared the expectation.
///
/// Each network is its own: make one per test, and parallel tests never share expectations.
/// Requests are matched in the order they arrive, against expectations in the order they were
/// declared (the first that the request meets and that may still be met takes it).
public final class StubNetwork: HTTPTransport {
    private struct State {
        var expectations: [RequestExpectation] = []
        var requests: [RecordedRequest] = []
        var problems: [StubNetworkProblem] = []
    }

    private let state = Locked(State())
    /// How the expected answers reach the app: at once, or through simulated conditions.
    private let behavior: StubBehavior

    /// Creates a network that expects nothing yet.
    ///
    /// - Parameter conditions: The simulated network its answers cross (latency, the body's
    ///   pace, failures), or `nil` (the default) to answer at once. A request the conditions
    ///   fail still counts as sent: it is recorded and meets its expectation.
    public init(conditions: NetworkConditions? = nil) {
        behavior = conditions.map(StubBehavior.conditions) ?? .immediate
    }

    /// Expects a request by method and path.
    ///
    /// The path is matched against the whole path of the URL, segment by segment and
    /// percent-decoded: `*` stands for any one segment, `**` for any number of them
    /// (`"/users/*/repos"`, `"**/gists"` under a base URL's own path).
    ///
    /// - Parameters:
    ///   - method: The method.
    ///   - path: The path pattern.
    ///   - times: How many times it is to be sent. Defaults to once.
    ///   - fileID: Where the expectation is declared; left to its default.
    ///   - line: The line it is declared on; left to its default.
    /// - Returns: The expectation, to narrow with more conditions and to answer.
    @discardableResult
    public func expect(_ method: HTTPMethod, _ path: String, times: ExpectedCount = 1,
                       fileID: String = #fileID, line: Int = #line) -> RequestExpectation {
        register(RequestExpectation(label: "\(method.rawValue) \(path)", times: times, location: Self.location(fileID, line),
                                    conditions: [.method(method), .path(PathPattern(path))]))
    }

    /// Expects the request a target makes: its method, path, query items and body, as Quiver
    /// builds them (plugins may add to it: header fields are not compared). It is answered
    /// with the target's `sampleData` and `200`, unless the chain says otherwise.
    ///
    /// - Parameters:
    ///   - target: The target.
    ///   - times: How many times it is to be sent. Defaults to once.
    ///   - fileID: Where the expectation is declared; left to its default.
    ///   - line: The line it is declared on; left to its default.
    /// - Returns: The expectation, to narrow with more conditions and to answer.
    @discardableResult
    public func expect<Target: TargetType>(_ target: Target, times: ExpectedCount = 1,
                                           fileID: String = #fileID, line: Int = #line) -> RequestExpectation {
        let label = "\(target.method.rawValue) \(target.path)"
        let location = Self.location(fileID, line)
        let sample = RequestExpectation.Answer.status(200, headers: [:], body: target.sampleData)
        do {
            return register(RequestExpectation(label: label, times: times, location: location,
                                               conditions: try TargetConditions.conditions(for: target),
                                               defaultAnswer: sample))
        } catch {
            return register(RequestExpectation(label: label, times: times, location: location, conditions: [],
                                               setupProblem: "the target makes no request (\(error))"))
        }
    }

    /// Every request that reached the network, in the order they arrived, met or not.
    public var requests: [RecordedRequest] {
        state.withLock { $0.requests }
    }

    /// Throws every problem so far: requests that met no expectation or met one too often, and
    /// expectations met fewer times than they ask (with the request that came nearest).
    ///
    /// - Throws: ``StubNetworkError`` listing each problem.
    public func verify() throws(StubNetworkError) {
        let (expectations, requests, problems) = state.withLock { ($0.expectations, $0.requests, $0.problems) }
        var all = problems
        for expectation in expectations {
            if let reason = expectation.state.withLock({ $0.setupProblem }) {
                all.append(.unusable(expectation, reason: reason))
            } else if expectation.count < expectation.times.minimum {
                let nearest = requests.max { expectation.closeness(to: $0) < expectation.closeness(to: $1) }
                all.append(.unmet(expectation, nearest: nearest))
            }
        }
        guard all.isEmpty else { throw StubNetworkError(all) }
    }

    /// Answers `request` as the expectation it meets says.
    ///
    /// - Parameter request: The request.
    /// - Returns: The expected answer.
    /// - Throws: ``StubNetworkError`` when the request meets no expectation, or one already met
    ///   as often as it allows; or the network error the expectation answers with.
    public func send(_ request: TransportRequest) async throws -> Response {
        try await StubTransport(behavior: behavior, sample: .closure(try answer(request))).send(request)
    }

    /// Answers `request` as the expectation it meets says, as a stream: a Server-Sent Events
    /// body one event at a time, any other body one line at a time.
    ///
    /// - Parameter request: The request.
    /// - Returns: The expected answer, streamed.
    /// - Throws: As ``send(_:)``.
    public func stream(_ request: TransportRequest) async throws -> ResponseStream {
        try await StubTransport(behavior: behavior, sample: .closure(try answer(request)))
            .stream(request, pacing: .events(every: 0))
    }

    /// Records `request` and finds its answer.
    private func answer(_ request: TransportRequest) throws(StubNetworkError) -> Endpoint.SampleResponseClosure {
        let (recorded, expectations) = state.withLock { state -> (RecordedRequest, [RequestExpectation]) in
            let recorded = RecordedRequest(request, position: state.requests.count + 1)
            state.requests.append(recorded)
            return (recorded, state.expectations)
        }
        var exhausted: RequestExpectation?
        for expectation in expectations {
            switch expectation.take(recorded) {
            case .answer(let answer)?:
                return { answer }
            case .exhausted?:
                exhausted = exhausted ?? expectation
            case nil:
                continue
            }
        }
        let problem: StubNetworkProblem
        if let exhausted {
            problem = .tooOften(recorded, exhausted)
        } else {
            let nearest = expectations.max { $0.closeness(to: recorded) < $1.closeness(to: recorded) }
            problem = .unmatched(recorded, nearest: nearest)
        }
        state.withLock { $0.problems.append(problem) }
        throw StubNetworkError([problem])
    }

    private func register(_ expectation: RequestExpectation) -> RequestExpectation {
        state.withLock { $0.expectations.append(expectation) }
        return expectation
    }

    /// `GistTests.swift:14`: the file's name without its module.
    private static func location(_ fileID: String, _ line: Int) -> String {
        "\(fileID.split(separator: "/").last.map(String.init) ?? fileID):\(line)"
    }
}
