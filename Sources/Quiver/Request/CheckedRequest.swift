import Foundation

/// What ``RequestValidator/check(_:headersAreChecked:)`` read of a request it let through: the
/// parts a transport request is made of, so that they are not read from the `URLRequest` twice.
struct CheckedRequest {
    /// The request's method (`GET` when it has none).
    let method: String
    /// The request's URL, absolute http(s).
    let url: URL
    /// The request's `httpBody`.
    let body: Data?
    /// Whether the request has an `httpBodyStream` and no `httpBody`.
    let hasBodyStream: Bool
}
