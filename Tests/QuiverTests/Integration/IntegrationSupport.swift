import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Quiver

/// What httpbin's `/get`, `/post`, `/anything` and `/headers` echo back. `JSON` is the type of
/// the `json` field (`null` when the request had no JSON body).
struct HTTPBinEcho<JSON: Decodable & Sendable>: Decodable, Sendable {
    /// A query or form field: httpbin writes one value as a string and several as an array.
    struct Values: Decodable, Equatable, Sendable {
        let values: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let one = try? container.decode(String.self) {
                values = [one]
            } else {
                values = try container.decode([String].self)
            }
        }
    }

    let args: [String: Values]?
    let data: String?
    let form: [String: Values]?
    let headers: [String: String]
    let json: JSON?
    let method: String?
    let url: String?

    /// A header as httpbin received it, its name matched case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The values of query field `name`.
    func arg(_ name: String) -> [String]? { args?[name]?.values }
}

/// The `json` field of an echo that is expected to be `null`.
struct NoJSON: Decodable, Sendable {}

/// What the fault server's `/echo` answers.
struct FaultEcho: Decodable, Sendable {
    let method: String
    let path: String
    let query: String
    let args: [String: [String]]
    let headers: [String: String]
    let body: String?
    let bodyLength: Int

    /// A header as the server received it, its name matched case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// A plugin that records every request the provider was about to send in `willSend`.
final class SentRequests: PluginType {
    private let requests = Locked([URLRequest]())

    /// The requests that went to the transport, in order.
    var all: [URLRequest] { requests.withLock { $0 } }

    func willSend(_ request: URLRequest, target: any TargetType) {
        requests.withLock { $0.append(request) }
    }
}

/// Runs `work` and returns its value with how long it took, in seconds (monotonic clock).
func timed<T: Sendable>(_ work: () async -> T) async -> (value: T, elapsed: TimeInterval) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = await work()
    return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000_000)
}

/// `base` with `path` appended and `query` percent-encoded by hand (RFC 3986 unreserved
/// characters only), independent of Quiver's own encoders.
func url(_ base: URL, _ path: String, query: KeyValuePairs<String, String> = [:]) -> URL {
    let encoded = query.map { "\(percentEncoded($0.key))=\(percentEncoded($0.value))" }.joined(separator: "&")
    let text = base.absoluteString + path + (encoded.isEmpty ? "" : "?" + encoded)
    return URL(string: text) ?? TestServers.unconfigured
}

/// `text` with everything but RFC 3986 unreserved characters percent-encoded.
func percentEncoded(_ text: String) -> String {
    let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
}


extension Result where Failure == QuiverError {
    /// The name of the failure's case, or `"success"`.
    var outcome: String {
        switch self {
        case .success: "success"
        case .failure(let error): error.caseName
        }
    }
}
