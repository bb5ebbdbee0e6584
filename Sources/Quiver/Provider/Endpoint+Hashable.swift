import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Endpoints compare by what they would send: URL, method, header fields and task.
///
/// Tasks compare by the request they build: the URL with its query, the body bytes and the
/// `Content-Type` (so `.json(user)` equals `.data(bytes, contentType: "application/json")` when
/// the bytes match, and two `.json` tasks of equal values are equal). An `.uploadFile` task
/// compares by its file URL. A task whose request cannot be compared this way is unequal to
/// every endpoint, itself included: a ``HTTPTask/multipart(_:)`` form, a
/// ``HTTPTask/download(to:)`` (its destination is a closure), and a task that fails to encode.
/// The sample response closure is not compared.
extension Endpoint: Hashable {
    /// Whether `lhs` and `rhs` would send the same request.
    public static func == (lhs: Endpoint, rhs: Endpoint) -> Bool {
        guard lhs.url == rhs.url, lhs.method == rhs.method, lhs.httpHeaderFields == rhs.httpHeaderFields,
              let left = lhs.sentTask, let right = rhs.sentTask else { return false }
        return left == right
    }

    /// Hashes the URL, method and header fields (equal endpoints have equal hashes).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(method)
        hasher.combine(httpHeaderFields)
    }

    /// What the task puts into the request, or `nil` when it cannot be compared.
    private var sentTask: SentTask? {
        guard let built = try? RequestBuilder.build(self), built.download == nil else { return nil }
        var file: URL?
        switch built.bodySource {
        case .file(let url): file = url
        case .multipart: return nil
        case nil: break
        }
        return SentTask(url: built.urlRequest.url, body: built.urlRequest.httpBody,
                        contentType: built.urlRequest.value(forHTTPHeaderField: "Content-Type"), file: file)
    }

    /// The parts of a built request that a task decides.
    private struct SentTask: Equatable {
        let url: URL?
        let body: Data?
        let contentType: String?
        let file: URL?
    }
}
