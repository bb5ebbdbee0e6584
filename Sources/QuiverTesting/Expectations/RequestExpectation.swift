import Foundation
import Quiver
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request a ``StubNetwork`` expects, and how it answers it: made by
/// ``StubNetwork/expect(_:_:times:fileID:line:)``, then narrowed and answered in a chain.
///
/// ```swift
/// network.expect(.post, "/gists")
///     .headers(["Accept": "application/vnd.github+json"])
///     .json(["public": true, "files": ["a.txt": ["content": "hello"]]])
///     .respond(status: 201, json: ["id": "aa5a315d"])
/// ```
///
/// Every condition must hold for a request to meet the expectation; each names values the
/// request must hold among others (a header, a query item, a JSON key at any depth, a form
/// field, a part), so that a test says only what it is about. The answers are given in order,
/// one per request met, the last repeating; with none, the answer is an empty `200`.
public final class RequestExpectation: Sendable {
    /// How an answer is made for a request's URL.
    enum Answer: Sendable {
        case status(Int, headers: [String: String], body: Data)
        case fixture(Fixture, timeScale: Double)
        case sample(EndpointSampleResponse)

        /// Whether making the answer is dear enough to keep it per URL: an `HTTPURLResponse`
        /// with header fields is, on Linux; a status and a body are not.
        var isWorthKeeping: Bool {
            if case .status(_, let headers, _) = self { !headers.isEmpty } else { true }
        }

        func response(for url: URL) -> EndpointSampleResponse {
            switch self {
            case .status(let status, let headers, let body) where headers.isEmpty:
                return .networkResponse(status, body)
            case .status(let status, let headers, let body):
                let head = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
                return head.map { .response($0, body) } ?? .networkResponse(status, body)
            case .fixture(let fixture, let timeScale):
                return fixture.sampleResponse(for: url, timeScale: timeScale)
            case .sample(let sample):
                return sample
            }
        }
    }

    /// What the expectation asks and answers, and how often it was met.
    struct State: Sendable {
        var conditions: [RequestCondition]
        var answers: [Answer] = []
        /// The answer when none is given: a target's sample data.
        var defaultAnswer: Answer?
        var metCount = 0
        /// The answers made so far that are worth keeping (see `Answer.isWorthKeeping`), by
        /// answer and URL: a test asks the same URL again and again.
        var made: [String: EndpointSampleResponse] = [:]
        /// Why the expectation cannot be met at all (a target that makes no request).
        var setupProblem: String?
    }

    /// `POST /gists`, or the target it was made from.
    let label: String
    /// How many times the request is to be sent.
    let times: ExpectedCount
    /// Where the test declared it: `GistTests.swift:14`.
    let location: String
    let state: Locked<State>

    init(label: String, times: ExpectedCount, location: String, conditions: [RequestCondition],
         defaultAnswer: Answer? = nil, setupProblem: String? = nil) {
        self.label = label
        self.times = times
        self.location = location
        self.state = Locked(State(conditions: conditions, defaultAnswer: defaultAnswer, setupProblem: setupProblem))
    }

    /// Takes `request` if it meets every condition and the expectation may be met once more:
    /// the answer for it, `.exhausted` when it meets the conditions but not the count, `nil`
    /// when it does not meet them.
    func take(_ request: RecordedRequest) -> Taking? {
        state.withLock { state in
            // One lock for the check and the count (two cost about 0.5 µs more per request on
            // Expect-decode-3-plugins); a custom predicate reads only its request (see matching).
            guard state.setupProblem == nil, state.conditions.allSatisfy({ $0.isMet(by: request) }) else { return nil }
            if let maximum = times.maximum, state.metCount >= maximum { return .exhausted }
            state.metCount += 1
            let index = min(state.metCount, state.answers.count) - 1
            guard let answer = state.answers.isEmpty ? state.defaultAnswer : state.answers[index] else {
                return .answer(.networkResponse(200, Data()))
            }
            guard answer.isWorthKeeping else {
                return .answer(answer.response(for: request.url))
            }
            let key = "\(index) \(request.url.absoluteString)"
            if let made = state.made[key] {
                return .answer(made)
            }
            let made = answer.response(for: request.url)
            state.made[key] = made
            return .answer(made)
        }
    }

    /// What ``take(_:)`` decided.
    enum Taking {
        case answer(EndpointSampleResponse)
        case exhausted
    }

    /// How messages name it: `` `POST /gists` (declared at GistTests.swift:14) ``.
    var name: String {
        "`\(label)` (declared at \(location))"
    }

    /// How many requests have met it so far.
    public var count: Int {
        state.withLock { $0.metCount }
    }

    /// Asks for query items, among any others the URL holds.
    ///
    /// - Parameter items: Names and values, percent-decoded (`["q": "swift http"]`).
    /// - Returns: This expectation.
    @discardableResult
    public func query(_ items: [String: String]) -> RequestExpectation {
        adding(.query(items))
    }

    /// Asks for header fields, among any others; names are compared case-insensitively.
    ///
    /// - Parameter fields: Names and values.
    /// - Returns: This expectation.
    @discardableResult
    public func headers(_ fields: [String: String]) -> RequestExpectation {
        adding(.headers(fields))
    }

    /// Asks for a JSON body holding these values: each key at any depth, among any others.
    /// Numbers compare as numbers (`2` equals `2.0`), arrays element by element, `nil` asks
    /// for a key that is `null` or missing, and a date for any spelling `JSONEncoder` writes.
    ///
    /// - Parameter values: The values, written as a literal (`["public": true, "files": [...]]`).
    /// - Returns: This expectation.
    @discardableResult
    public func json(_ values: Parameters) -> RequestExpectation {
        adding(.json(values))
    }

    /// Asks for an `application/x-www-form-urlencoded` body holding these fields, among others.
    ///
    /// - Parameter fields: Names and values, decoded.
    /// - Returns: This expectation.
    @discardableResult
    public func form(_ fields: [String: String]) -> RequestExpectation {
        adding(.form(fields))
    }

    /// Asks for a part of a `multipart/form-data` body.
    ///
    /// - Parameters:
    ///   - name: The part's name.
    ///   - fileName: Its file name, when it matters.
    ///   - contentType: Its content type, when it matters.
    ///   - text: Its content as UTF-8 text, when it matters.
    /// - Returns: This expectation.
    @discardableResult
    public func part(named name: String, fileName: String? = nil, contentType: String? = nil,
                     text: String? = nil) -> RequestExpectation {
        adding(.part(name: name, fileName: fileName, contentType: contentType, text: text))
    }

    /// Asks for what the test's own predicate says. It runs while the expectation is being
    /// checked, so it reads the request it is given and nothing of the expectation itself.
    ///
    /// - Parameters:
    ///   - description: What the predicate checks, as a failure message names it
    ///     (`"an Idempotency-Key header"`).
    ///   - predicate: `true` for a request that meets it.
    /// - Returns: This expectation.
    @discardableResult
    public func matching(_ description: String,
                         _ predicate: @escaping @Sendable (RecordedRequest) -> Bool) -> RequestExpectation {
        adding(.custom(description, predicate))
    }

    /// Answers with a status, header fields and a body.
    ///
    /// - Parameters:
    ///   - status: The status code. Defaults to `200`.
    ///   - headers: The response's header fields.
    ///   - body: The body. Defaults to none.
    /// - Returns: This expectation.
    @discardableResult
    public func respond(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) -> RequestExpectation {
        answering(.status(status, headers: headers, body: body))
    }

    /// Answers with a status and a JSON body (and `Content-Type: application/json`).
    ///
    /// - Parameters:
    ///   - status: The status code. Defaults to `200`.
    ///   - headers: More header fields.
    ///   - json: The body, written as a literal: an object (`["id": 1]`) or an array (`[]`).
    /// - Returns: This expectation.
    @discardableResult
    public func respond(status: Int = 200, headers: [String: String] = [:], json: Parameters.Value) -> RequestExpectation {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let body = (try? encoder.encode(json)) ?? Data()
        return answering(.status(status, headers: headers.merging(["Content-Type": "application/json"]) { own, _ in own },
                                 body: body))
    }

    /// Answers with a recorded fixture: its status, header fields and body; a stream recorded
    /// with its timing streams its pieces at their times multiplied by `streamTimeScale`.
    ///
    /// - Parameters:
    ///   - fixture: The fixture (from a file, or the QuiverFixtures build plugin's table).
    ///   - streamTimeScale: What a recorded stream's times are multiplied by: `1` as recorded,
    ///     `0.1` ten times faster, `0` with no pause. Defaults to `1`.
    /// - Returns: This expectation.
    @discardableResult
    public func respond(with fixture: Fixture, streamTimeScale: Double = 1) -> RequestExpectation {
        answering(.fixture(fixture, timeScale: streamTimeScale))
    }

    /// Answers as a stub does: a status and body, a response, or a network error
    /// (`.networkError(URLError(.notConnectedToInternet))`).
    ///
    /// - Parameter answer: The answer.
    /// - Returns: This expectation.
    @discardableResult
    public func respond(_ answer: EndpointSampleResponse) -> RequestExpectation {
        answering(.sample(answer))
    }

    /// How `request` differs from this expectation; empty when it meets it.
    func differences(from request: RecordedRequest) -> [RequestDifference] {
        state.withLock { $0.conditions }.flatMap { $0.differences(from: request) }
    }

    /// How near `request` comes: the weight of the conditions it meets.
    func closeness(to request: RecordedRequest) -> Int {
        state.withLock { $0.conditions }.reduce(0) { sum, condition in
            sum + (condition.isMet(by: request) ? condition.weight : 0)
        }
    }

    private func adding(_ condition: RequestCondition) -> RequestExpectation {
        state.withLock { $0.conditions.append(condition) }
        return self
    }

    private func answering(_ answer: Answer) -> RequestExpectation {
        state.withLock { $0.answers.append(answer) }
        return self
    }
}
