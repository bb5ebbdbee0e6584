import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request a target resolves to, before plugins see it.
///
/// A provider's `endpointClosure` maps each target to an endpoint; change it to add headers or
/// swap tasks for every target at once:
///
/// ```swift
/// let provider = Provider<API>(endpointClosure: { target in
///     Provider.defaultEndpointMapping(for: target)
///         .adding(newHTTPHeaderFields: ["X-Client": "demo"])
/// })
/// ```
public struct Endpoint: Sendable {
    /// Makes the sample response of a stubbed request.
    public typealias SampleResponseClosure = @Sendable () -> EndpointSampleResponse

    /// The absolute URL, base URL and path already joined. Checked when the request is built.
    public let url: String
    /// What a stubbed request answers with.
    public var sampleResponseClosure: SampleResponseClosure {
        switch sample {
        case .closure(let closure):
            closure
        case .sampleData:
            { [sample] in sample.response() }
        }
    }
    /// Where ``sampleResponseClosure`` comes from.
    let sample: Sample
    /// The HTTP method.
    public let method: HTTPMethod
    /// What the request carries.
    public let task: HTTPTask
    /// Header fields to send.
    public let httpHeaderFields: [String: String]?
    /// Why the target's path cannot make this endpoint's URL (a `?` or `#` in it), found when
    /// the URL was joined and reported when the request is built.
    let pathProblem: String?

    /// Where an endpoint's sample response comes from: a closure, or, for
    /// ``Provider/defaultEndpointMapping(for:)``, a `200` with the target's `sampleData`, read
    /// when a stub asks. Keeping the target instead of a closure that captures it spares most
    /// requests (those that are not stubbed) an allocation.
    package enum Sample: Sendable {
        case closure(SampleResponseClosure)
        case sampleData(of: any TargetType)

        /// The sample response, made now.
        func response() -> EndpointSampleResponse {
            switch self {
            case .closure(let closure):
                closure()
            case .sampleData(let target):
                .networkResponse(200, target.sampleData)
            }
        }
    }

    /// Creates an endpoint.
    ///
    /// - Parameters:
    ///   - url: The absolute URL of the request, without the task's query.
    ///   - sampleResponseClosure: What a stubbed request answers with.
    ///   - method: The HTTP method.
    ///   - task: What the request carries.
    ///   - httpHeaderFields: Header fields to send.
    public init(
        url: String,
        sampleResponseClosure: @escaping SampleResponseClosure,
        method: HTTPMethod,
        task: HTTPTask,
        httpHeaderFields: [String: String]?
    ) {
        self.url = url
        sample = .closure(sampleResponseClosure)
        self.method = method
        self.task = task
        self.httpHeaderFields = httpHeaderFields
        pathProblem = nil
    }

    /// An endpoint whose URL was joined from a base URL and a path, with what was wrong with
    /// the path, if anything.
    init(url: String, sample: Sample, method: HTTPMethod, task: HTTPTask,
         httpHeaderFields: [String: String]?, pathProblem: String?) {
        self.url = url
        self.sample = sample
        self.method = method
        self.task = task
        self.httpHeaderFields = httpHeaderFields
        self.pathProblem = pathProblem
    }

    /// A copy with `newHTTPHeaderFields` added; they replace existing fields of the same name.
    ///
    /// - Parameter newHTTPHeaderFields: The fields to add.
    /// - Returns: The new endpoint.
    public func adding(newHTTPHeaderFields: [String: String]) -> Endpoint {
        var fields = httpHeaderFields ?? [:]
        for (name, value) in newHTTPHeaderFields {
            if let existing = fields.keys.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                fields.removeValue(forKey: existing)
            }
            fields[name] = value
        }
        return Endpoint(url: url, sample: sample, method: method,
                        task: task, httpHeaderFields: fields, pathProblem: pathProblem)
    }

    /// A copy that carries `task` instead.
    ///
    /// - Parameter task: The new task.
    /// - Returns: The new endpoint.
    public func replacing(task: HTTPTask) -> Endpoint {
        Endpoint(url: url, sample: sample, method: method,
                 task: task, httpHeaderFields: httpHeaderFields, pathProblem: pathProblem)
    }

    /// A copy that answers stubbed requests with `sampleResponseClosure` instead, for example
    /// a `404` or a network error for one target.
    ///
    /// - Parameter sampleResponseClosure: The new sample response.
    /// - Returns: The new endpoint.
    public func replacing(sampleResponseClosure: @escaping SampleResponseClosure) -> Endpoint {
        Endpoint(url: url, sample: .closure(sampleResponseClosure), method: method,
                 task: task, httpHeaderFields: httpHeaderFields, pathProblem: pathProblem)
    }

    /// Builds the `URLRequest`: URL with the task's query, method, headers and body.
    ///
    /// A body that the provider streams from a file (``HTTPTask/uploadFile(_:contentType:)``,
    /// multipart forms) is not part of the returned request; its `Content-Type` is.
    ///
    /// - Returns: The request, not yet seen by plugins.
    /// - Throws: ``QuiverError/invalidRequest(_:)`` for a URL that is not absolute http(s) or a
    ///   body on `GET`/`HEAD`; ``QuiverError/encoding(_:)`` when a body or query cannot be encoded.
    public func urlRequest() throws(QuiverError) -> URLRequest {
        let built = try RequestBuilder.build(self)
        _ = try RequestValidator.check(built.urlRequest)
        return built.urlRequest
    }
}
