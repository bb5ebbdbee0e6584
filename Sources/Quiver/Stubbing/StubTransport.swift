import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport of a stubbed request: it answers with an endpoint's sample response and
/// opens no socket. Plugins, validation and mapping run exactly as for a live request.
package struct StubTransport: HTTPTransport {
    /// `.immediate`, `.delayed` or `.conditions`.
    let behavior: StubBehavior
    /// The endpoint's sample response.
    let sample: Endpoint.Sample

    /// A stub that answers with `sample`, after `behavior`'s delay.
    package init(behavior: StubBehavior, sample: Endpoint.Sample) {
        self.behavior = behavior
        self.sample = sample
    }

    package func send(_ request: TransportRequest) async throws -> Response {
        try await send(request, deliveringBody: true).response
    }

    /// The answer to `request`, the outcome the conditions drew for it, and the timed pieces of
    /// a `.streamed` sample; with `deliveringBody` false (a stream), the body's pace and drop are
    /// left to the caller.
    func send(_ request: TransportRequest, deliveringBody: Bool) async throws
        -> (response: Response, outcome: NetworkConditions.Outcome?, chunks: [SampleChunk]?) {
        var outcome: NetworkConditions.Outcome?
        switch behavior {
        case .delayed(let seconds) where seconds > 0:
            // A timeout shorter than the delay fires first, as it would on the network.
            let wait = min(seconds, request.timeout ?? .infinity)
            try await WaitTime.sleep(seconds: wait)
            if wait < seconds {
                throw URLError(.timedOut)
            }
        case .conditions(let conditions):
            outcome = try await head(of: request, under: conditions)
        default:
            break
        }
        try Task.checkCancellation()
        if request.progress.isObserved, case .file = request.body, let size = request.body.byteCount {
            request.progress.uploaded(size, of: size)
        }
        let (http, data): (HTTPURLResponse?, Data)
        var chunks: [SampleChunk]?
        switch outcome?.failure {
        case .unavailable(let retryAfter)?:
            let head = HTTPURLResponse(url: request.url, statusCode: 503, httpVersion: "HTTP/1.1",
                                       headerFields: ["Retry-After": "\(retryAfter)"])
            (http, data) = (head, Data())
        default:
            switch sample.response() {
            case .networkResponse(let statusCode, let body):
                (http, data) = (HTTPURLResponse(url: request.url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: nil), body)
            case .response(let response, let body):
                (http, data) = (response, body)
            case .streamed(let response, let pieces):
                (http, data, chunks) = (response, pieces.reduce(into: Data()) { $0.append($1.data) }, pieces)
            case .networkError(let error):
                throw error
            }
        }
        if case .conditions(let conditions) = behavior, let outcome {
            if deliveringBody {
                try await deliver(data.count, of: request, under: conditions, outcome: outcome)
            }
        } else {
            request.progress.downloaded(Int64(data.count), of: Int64(data.count))
        }
        let statusCode = http?.statusCode ?? 200
        var response: Response
        switch request.destination {
        case .memory:
            response = Response(statusCode: statusCode, data: data, request: request.head, response: http)
        case .file(let file):
            // A stubbed download is written to a file, as a live one would be.
            do {
                try data.write(to: file)
            } catch {
                TemporaryFiles.remove(file)
                throw error
            }
            response = Response(statusCode: statusCode, data: Data(), request: request.head, response: http, fileURL: file)
        }
        response.isStubbed = true
        return (response, outcome, chunks)
    }

    /// Waits for the head as `conditions` say, or fails as they say: offline at once, a timeout
    /// after the request's timeout (a latency past it times out too), a dropped connection after
    /// the latency. A `503` is answered by the caller.
    ///
    /// - Returns: The request's outcome, for the body.
    private func head(of request: TransportRequest, under conditions: NetworkConditions) async throws
        -> NetworkConditions.Outcome {
        let outcome = conditions.nextOutcome()
        let timeout = request.timeout ?? 60
        switch outcome.failure {
        case .offline?:
            throw URLError(.notConnectedToInternet)
        case .timeout?:
            try await conditions.wait(timeout)
            throw URLError(.timedOut)
        default:
            guard outcome.latency < timeout else {
                try await conditions.wait(timeout)
                throw URLError(.timedOut)
            }
            try await conditions.wait(outcome.latency)
        }
        if outcome.failure == .connectionLost {
            throw URLError(.networkConnectionLost)
        }
        return outcome
    }

    /// Delivers a body of `count` bytes at the conditions' pace, reporting progress as it
    /// arrives: in up to 16 steps, the connection dropping halfway when the outcome says so,
    /// and the request timing out when the body outlasts its timeout.
    private func deliver(_ count: Int, of request: TransportRequest, under conditions: NetworkConditions,
                         outcome: NetworkConditions.Outcome) async throws {
        let total = Int64(count)
        guard let pace = conditions.bytesPerSecond, count > 0 else {
            if outcome.drops {
                request.progress.downloaded(total / 2, of: total)
                throw URLError(.networkConnectionLost)
            }
            request.progress.downloaded(total, of: total)
            return
        }
        let steps = min(16, count)
        let remaining = (request.timeout ?? 60) - outcome.latency
        var elapsed: TimeInterval = 0
        var delivered: Int64 = 0
        for step in 1...steps {
            let upTo = total * Int64(step) / Int64(steps)
            if outcome.drops, upTo > total / 2 {
                throw URLError(.networkConnectionLost)
            }
            let seconds = Double(upTo - delivered) / Double(pace)
            guard elapsed + seconds < remaining else {
                try await conditions.wait(remaining - elapsed)
                throw URLError(.timedOut)
            }
            try await conditions.wait(seconds)
            elapsed += seconds
            delivered = upTo
            request.progress.downloaded(delivered, of: total)
        }
    }
}
