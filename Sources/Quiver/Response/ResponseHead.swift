import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The head of a ``Response``: Foundation's `HTTPURLResponse`, either as a URLSession-based
/// transport received it, or made from the parts another transport received, on first use.
///
/// Made lazily because on Linux an `HTTPURLResponse` costs more than the rest of a provider's work on a response.
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

    /// The URL the response came from, read without making the `HTTPURLResponse`.
    var url: URL? {
        switch self {
        case .received(let response): response.url
        case .parts(let parts): parts.url
        }
    }

    /// The header fields: the parts' in the order they came; an `HTTPURLResponse`'s sorted by
    /// name (its dictionary keeps no order).
    var fields: [HTTPHeaderField] {
        switch self {
        case .received(let response):
            response.allHeaderFields.compactMap { name, value in
                guard let name = name as? String else { return nil }
                return HTTPHeaderField(name: name, value: (value as? String) ?? "\(value)")
            }
            .sorted { first, second in
                // By name, ignoring the case of ASCII letters, without making lowercased copies.
                first.name.utf8.lexicographicallyPrecedes(second.name.utf8) { ASCII.lowercased($0) < ASCII.lowercased($1) }
            }
        case .parts(let parts):
            parts.fields
        }
    }

    /// The header fields by name, as an `HTTPURLResponse` holds them (a name repeated in any
    /// case joined with `, ` under its first spelling); parts are read without making the
    /// `HTTPURLResponse`.
    var fieldsByName: [String: String] {
        switch self {
        case .received(let response):
            var fields: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                fields["\(name)"] = "\(value)"
            }
            return fields
        case .parts(let parts):
            return parts.fieldsByName
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
struct DeferredResponseHead: Sendable {
    private let state: Locked<State>

    private struct State {
        let url: URL
        let statusCode: Int
        let httpVersion: String
        /// The header fields in the order they came.
        let fields: [(name: String, value: String)]
        /// The `HTTPURLResponse`, once made: `nil` before, `.some(nil)` when Foundation
        /// refused the parts.
        var made: HTTPURLResponse??
    }

    init(url: URL, statusCode: Int, httpVersion: String,
         headers: some Sequence<(name: String, value: String)> & Sendable) {
        state = Locked(State(url: url, statusCode: statusCode, httpVersion: httpVersion, fields: Array(headers)))
    }

    /// Whether ``response`` was made already (for tests).
    var isMade: Bool {
        state.withLock { $0.made != nil }
    }

    /// The URL the response came from.
    var url: URL {
        state.withLock { $0.url }
    }

    /// The header fields, in the order they came.
    var fields: [HTTPHeaderField] {
        state.withLock { $0.fields.map { HTTPHeaderField(name: $0.name, value: $0.value) } }
    }

    /// The header fields by name: a name repeated in any case joined with `, ` under its first
    /// spelling, as the `HTTPURLResponse` made of them holds them.
    var fieldsByName: [String: String] {
        state.withLock { Self.byName($0.fields) }
    }

    /// `fields` by name, each name's values joined with `, ` in the order they came, under the
    /// name's first spelling.
    private static func byName(_ fields: [(name: String, value: String)]) -> [String: String] {
        var joined: [String: String] = [:]
        var spelling: [String: String] = [:]   // name with ASCII letters lowercased → its first spelling
        for (name, value) in fields {
            // The same field whatever the case of its letters, as HeaderName.equal compares.
            let key = String(decoding: name.utf8.map(ASCII.lowercased), as: UTF8.self)
            if let first = spelling[key] {
                joined[first, default: ""] += ", " + value
            } else {
                spelling[key] = name
                joined[name] = value
            }
        }
        return joined
    }

    /// The value of header field `name`, matched case-insensitively, read from the list: the
    /// values of a repeated name joined with `, `, as `HTTPURLResponse` joins them.
    func value(forHTTPHeaderField name: String) -> String? {
        state.withLock { state in
            var value: String?
            for field in state.fields where HeaderName.equal(field.name, name) {
                value = value.map { $0 + ", " + field.value } ?? field.value
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
            let response = HTTPURLResponse(url: state.url, statusCode: state.statusCode,
                                           httpVersion: state.httpVersion, headerFields: Self.byName(state.fields))
            state.made = .some(response)
            return response
        }
    }
}
