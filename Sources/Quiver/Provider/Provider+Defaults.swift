import Foundation

extension Provider {
    /// The endpoint of `target` as its properties describe it: base URL and path joined, the
    /// target's method, task and headers, and its ``TargetType/sampleData`` with status 200 as
    /// the sample response.
    ///
    /// A path is plain text, each segment percent-encoded (a `%` with two hex digits is an
    /// escape already made and kept): a `?` or `#` in it is refused with
    /// ``QuiverError/invalidRequest(_:)`` when the request is built (put a query in the task:
    /// `.query(…)` or `task.adding(query:)`), and so is a `.` or `..` segment, unless the target
    /// adopts ``DotSegmentsAllowing``. Put values in a path with `"users/\(segment: id)"`:
    /// each stays one segment.
    ///
    /// - Parameter target: The target.
    /// - Returns: Its endpoint.
    @Sendable
    public static func defaultEndpointMapping(for target: Target) -> Endpoint {
        let path = target.path
        return Endpoint(
            url: URLPath.join(base: target.baseURL.absoluteString, path: path),
            sample: .sampleData(of: target),
            method: target.method,
            task: target.task,
            httpHeaderFields: target.headers,
            pathProblem: URLPath.problem(inPath: path, allowsDotSegments:
                (target.unwrapped as? any DotSegmentsAllowing)?.allowsDotSegments == true)
        )
    }

    /// Never stubs: every request goes to the transport.
    ///
    /// - Parameter target: The target (unused).
    /// - Returns: ``StubBehavior/never``.
    @Sendable
    public static func neverStub(_ target: Target) -> StubBehavior {
        .never
    }

    /// Stubs every request, answering at once.
    ///
    /// - Parameter target: The target (unused).
    /// - Returns: ``StubBehavior/immediate``.
    @Sendable
    public static func immediatelyStub(_ target: Target) -> StubBehavior {
        .immediate
    }

    /// Stubs every request, answering after `seconds`.
    ///
    /// - Parameter seconds: The delay before each answer.
    /// - Returns: A stub closure for
    ///   ``init(endpointClosure:stubClosure:transport:plugins:callbackQueue:decoder:retryPolicy:trackInflights:requestClosure:minimumDuration:encoder:bodySizeLimits:cache:)``.
    public static func delayedStub(_ seconds: TimeInterval) -> StubClosure {
        { _ in .delayed(seconds: seconds) }
    }
}
