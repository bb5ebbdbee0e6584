import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension QuiverError: CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    /// One or two sentences a developer can act on: what failed, for which request (method and
    /// URL), and, where it helps, what to do about it. Secrets are redacted by
    /// ``Redaction/default``, learned from the request and the response the error carries: a
    /// body that quotes the request's token or a cookie shows the marker instead.
    ///
    /// ```
    /// GET https://api.example.com/users timed out after 2 s.
    /// GET https://api.example.com/users failed with status 500: Internal Server Error: the database is down.
    /// GET https://api.example.com/users failed in the network: the device is not connected to the internet (URLError -1009).
    /// ```
    public var description: String {
        let pass = RedactionPass.learning(request, response)
        return pass.finish(describe { BodySnippet.text(of: $0, redactedBy: pass) })
    }

    /// The same as ``description``, so that `String(reflecting:)` and `debugPrint` redact too.
    public var debugDescription: String { description }

    /// The description, not yet redacted, quoting `snippet` of a rejected body. The logger
    /// gives no snippet: it prints the body itself, redacted, when its options ask for it.
    func describe(snippet: (Response) -> String?) -> String {
        switch self {
        case .invalidRequest(let reason):
            "Invalid request: \(Self.clause(reason)). Nothing was sent."
        case .encoding(let error):
            "The request could not be encoded: \(Self.clause("\(error)")). Nothing was sent."
        case .statusCode(let response):
            "\(response.requestSummary) failed with status \(response.statusCode)\(response.stubNote)"
                + ((response.errorMessage ?? snippet(response))
                    .map { ": \(Self.clause($0))." } ?? ".")
        case .decoding(let error, let response):
            Self.decodingDescription(error, response)
        case .transport(let error, let response):
            "\(Self.subject(of: error, response: response)) failed in the network: \(Self.plainWords(for: error))."
        case .timedOut(let request, let limit):
            "\(request.map(Self.summary) ?? "The request") timed out"
                + (limit.map { " after \(Self.seconds($0))" } ?? "") + "."
        case .cancelled(let request):
            "\(request.map(Self.summary) ?? "The request") was cancelled."
        case .plugin(let error):
            "A plugin refused the request: \(Self.clause("\(error)")). Nothing was sent."
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }

    private static func decodingDescription(_ error: any Error, _ response: Response) -> String {
        let subject = "\(response.requestSummary) answered \(response.statusCode)\(response.stubNote)"
        // A stream's limit carries the stream's head, whose body is never held: its data is
        // empty, but nothing about it is, nor about the target's sampleData.
        if let error = error as? StreamError {
            return "\(subject), but reading its streamed body stopped: \(clause(error.description))."
        }
        if response.data.isEmpty && response.fileURL == nil {
            return emptyBodyDescription(response, expected: (error as? EmptyBodyError)?.type)
        }
        return "\(subject), but the body did not decode: \(clause("\(error)"))."
    }

    /// The one line, not yet redacted, for `response`'s empty body that did not decode (as
    /// `type`, when known): from a stub, how to give the target a sample body, for a
    /// hand-written target and for one the macros write; from a server, ``EmptyResponse``.
    static func emptyBodyDescription(_ response: Response, expected type: String?) -> String {
        let hint = response.isStubbed
            ? "give the target a sample body (sampleData, or sample: in its @Endpoint or @GET… macro), or decode EmptyResponse"
            : "decode EmptyResponse for a response without a body"
        return "\(response.requestSummary) answered \(response.statusCode)\(response.stubNote) with an empty body, "
            + "which did not decode\(type.map { " as \($0)" } ?? ""): \(hint)."
    }

    /// `METHOD URL` of `request`.
    static func summary(_ request: URLRequest) -> String {
        "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "(no URL)")"
    }

    /// `text` without the full stops at its end, so that a sentence can end it with one.
    static func clause(_ text: String) -> Substring {
        var end = text.endIndex
        while end > text.startIndex {
            let before = text.index(before: end)
            guard text[before] == "." || text[before] == " " else { break }
            end = before
        }
        return text[..<end]
    }

    /// `2 s`, `0.5 s`, `1.25 s`.
    private static func seconds(_ interval: TimeInterval) -> String {
        if interval == interval.rounded() && abs(interval) < 1e15 {
            return "\(Int(interval)) s"
        }
        return "\((interval * 1000).rounded() / 1000) s"
    }

    private static func subject(of error: any Error, response: Response?) -> String {
        if let response { return response.requestSummary }
        if let error = error as? URLError {
            if let request = error.quiverRequest { return summary(request) }
            if let url = error.failingURL { return url.absoluteString }
        }
        return "The request"
    }

    /// What a network failure means, in plain words, with its code.
    private static func plainWords(for error: any Error) -> String {
        guard let error = error as? URLError else { return String(clause("\(error)")) }
        let host = (error.quiverRequest?.url ?? error.failingURL)?.host.map { " \($0)" } ?? ""
        let meaning: String
        switch error.code {
        case .notConnectedToInternet:
            meaning = "the device is not connected to the internet"
        case .cannotFindHost, .dnsLookupFailed:
            meaning = "the host\(host) could not be found (check the base URL, or the network's DNS)"
        case .cannotConnectToHost:
            meaning = "could not connect to\(host.isEmpty ? " the server" : host) (is the server running, and the port right?)"
        case .networkConnectionLost:
            meaning = "the connection was lost before the response was complete"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            meaning = "a secure (TLS) connection to\(host.isEmpty ? " the server" : host) could not be established"
        case .badServerResponse:
            meaning = "the server's answer was not a valid HTTP response"
        case .httpTooManyRedirects:
            meaning = "too many redirects"
        case .cannotCreateFile, .cannotWriteToFile, .cannotMoveFile:
            meaning = "the downloaded file could not be saved"
        default:
            meaning = String(clause(error.localizedDescription))
        }
        return "\(meaning) (URLError \(error.code.rawValue))"
    }
}

extension Response {
    /// ` (stubbed)` for a response that came from a stub, for messages.
    var stubNote: String {
        isStubbed ? " (stubbed)" : ""
    }
}
