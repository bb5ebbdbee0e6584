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
            parts.value(forHTTPHeaderField: name)
        }
    }
}

/// The parts of a response head, and the `HTTPURLResponse` made of them once asked for.
///
/// The parts and what is made of them live in one locked object: one allocation per response,
/// where an object of its own holding a lock of its own was two. Reading a part takes the
/// lock, which nothing holds for long (reading a header, or making the response once).
struct DeferredResponseHead: Sendable {
    private let state: Locked<State>

    private struct State {
        let url: URL
        let statusCode: Int
        let httpVersion: String
        /// The header fields as the transport received them, one name and value at a time,
        /// kept as the transport's own list (SwiftNIO's `HTTPHeaders`, a dictionary's lazy
        /// view) in place, not behind a closure: a closure capturing it is one more allocation.
        let fieldList: any HeaderFieldList
        /// The `HTTPURLResponse`, once made: `nil` before, `.some(nil)` when Foundation
        /// refused the parts.
        var made: HTTPURLResponse??
    }

    init(url: URL, statusCode: Int, httpVersion: String,
         headers: some Sequence<(name: String, value: String)> & Sendable) {
        state = Locked(State(url: url, statusCode: statusCode, httpVersion: httpVersion,
                             fieldList: HeaderFieldSequence(fields: headers)))
    }

    /// Whether ``response`` was made already (for tests).
    var isMade: Bool {
        state.withLock { $0.made != nil }
    }

    /// The value of header field `name`, matched case-insensitively, read from the list: the
    /// values of a repeated name joined with `, `, as `HTTPURLResponse` joins them.
    func value(forHTTPHeaderField name: String) -> String? {
        state.withLock { state in
            var value: String?
            state.fieldList.forEachField { fieldName, fieldValue in
                if HeaderName.equal(fieldName, name) {
                    value = value.map { $0 + ", " + fieldValue } ?? fieldValue
                }
            }
            return value
        }
    }

    /// The `HTTPURLResponse` of these parts, made on the first call and kept. Its header
    /// fields are the list's, a name repeated in any case joined with `, ` under its first
    /// spelling.
    var response: HTTPURLResponse? {
        state.withLock { state in
            if let made = state.made {
                return made
            }
            var fields: [String: String] = [:]
            state.fieldList.forEachField { name, value in
                // A name repeated in another case is the same field.
                if let earlier = fields.first(where: { HeaderName.equal($0.key, name) }) {
                    fields[earlier.key] = earlier.value + ", " + value
                } else {
                    fields[name] = value
                }
            }
            let response = HTTPURLResponse(url: state.url, statusCode: state.statusCode,
                                           httpVersion: state.httpVersion, headerFields: fields)
            state.made = .some(response)
            return response
        }
    }
}
