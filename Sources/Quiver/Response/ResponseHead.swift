import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The head of a ``Response``: Foundation's `HTTPURLResponse`, either as a URLSession-based
/// transport received it, or made from the parts another transport received, on first use.
///
/// On Linux, making an `HTTPURLResponse` costs more than everything else a provider does with
/// a response (FoundationNetworking capitalises every header name through `NSString`): a
/// transport on another client, such as AsyncHTTPClient's, would pay it for every response
/// although most callers read only the status and the body.
enum ResponseHead: Sendable {
    /// A head that already is an `HTTPURLResponse`.
    case received(HTTPURLResponse)
    /// A head kept as its parts until its `HTTPURLResponse` is asked for.
    case parts(DeferredResponseHead)

    /// The `HTTPURLResponse`, made now if it was not yet.
    var response: HTTPURLResponse? {
        switch self {
        case .received(let response): response
        case .parts(let parts): parts.response
        }
    }

    /// The value of header field `name`, matched case-insensitively; parts are read without
    /// making the `HTTPURLResponse`.
    func value(forHTTPHeaderField name: String) -> String? {
        switch self {
        case .received(let response):
            response.value(forHTTPHeaderField: name)
        case .parts(let parts):
            parts.headerFields.first { HeaderName.equal($0.key, name) }?.value
        }
    }
}

/// The parts of a response head, and the `HTTPURLResponse` made of them once asked for.
final class DeferredResponseHead: Sendable {
    let url: URL
    let statusCode: Int
    let httpVersion: String
    let headerFields: [String: String]
    /// The `HTTPURLResponse`, once made: `.none` before, `.some(nil)` when Foundation refused
    /// the parts.
    private let made = Locked<HTTPURLResponse??>(.none)

    init(url: URL, statusCode: Int, httpVersion: String, headerFields: [String: String]) {
        self.url = url
        self.statusCode = statusCode
        self.httpVersion = httpVersion
        self.headerFields = headerFields
    }

    /// Whether ``response`` was made already (for tests).
    var isMade: Bool {
        made.withLock { $0 != nil }
    }

    /// The `HTTPURLResponse` of these parts, made on the first call and kept.
    var response: HTTPURLResponse? {
        made.withLock { made in
            if let response = made {
                return response
            }
            let response = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: httpVersion,
                                           headerFields: headerFields)
            made = .some(response)
            return response
        }
    }
}
