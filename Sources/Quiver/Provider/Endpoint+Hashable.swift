import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Endpoints compare by what they would send: URL, method, header fields and task. Equality is
/// an equivalence (reflexive, symmetric, transitive) and equal endpoints hash alike, whatever
/// the task.
///
/// Tasks compare by the request they build: the URL with its query, the body and the
/// `Content-Type` (so `.json(user)` equals `.data(bytes, contentType: "application/json")` when
/// the bytes match). A JSON body compares by its value, not its bytes: an encoder without
/// `.sortedKeys` writes an object's keys in any order. A multipart form compares by its parts and
/// boundary, an `.uploadFile` task by its file URL, a download by its request (where the file
/// goes is a closure, and is not compared), and two tasks that fail to encode by their error.
/// The sample response closure is not compared.
extension Endpoint: Hashable {
    /// Whether `lhs` and `rhs` would send the same request.
    public static func == (lhs: Endpoint, rhs: Endpoint) -> Bool {
        lhs.url == rhs.url && lhs.method == rhs.method && lhs.httpHeaderFields == rhs.httpHeaderFields
            && lhs.sentTask == rhs.sentTask
    }

    /// Hashes the URL, method and header fields (equal endpoints have equal hashes).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(method)
        hasher.combine(httpHeaderFields)
    }

    /// What the task puts into the request.
    private var sentTask: SentTask {
        let built: BuiltRequest
        do {
            built = try RequestBuilder.build(self)
        } catch {
            return .unencodable(String(describing: error))
        }
        let request = built.urlRequest
        let contentType = request.value(forHTTPHeaderField: "Content-Type")
        return .built(url: request.url, body: request.httpBody.map { Self.comparable($0, contentType: contentType) },
                      contentType: contentType, source: built.bodySource.map(SentTask.Source.init),
                      isDownload: built.download != nil)
    }

    /// A body as compared: a JSON one rewritten with its keys sorted, any other as it is.
    private static func comparable(_ body: Data, contentType: String?) -> Data {
        guard contentType?.lowercased().contains("json") == true,
              let value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
              let sorted = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        else { return body }
        return sorted
    }

    /// The parts of a built request that a task decides.
    private enum SentTask: Equatable {
        /// Where a body that is not in memory comes from.
        enum Source: Equatable {
            case file(URL)
            case multipart(MultipartForm)

            init(_ source: BodySource) {
                switch source {
                case .file(let url): self = .file(url)
                case .multipart(let form): self = .multipart(form)
                }
            }
        }

        case built(url: URL?, body: Data?, contentType: String?, source: Source?, isDownload: Bool)
        case unencodable(String)
    }
}
