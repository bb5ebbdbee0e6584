import Foundation
import Quiver

/// What httpbin's `/anything` echoes back, as far as ``TransportConformance`` reads it.
struct ConformanceEcho: Decodable, Sendable {
    let method: String?
    let args: [String: JSONValue]?
    let data: String?
    let form: [String: JSONValue]?
    let files: [String: JSONValue]?
    let headers: [String: String]?

    /// A header as received, its name matched case-insensitively.
    func header(_ name: String) -> String? {
        headers?.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The one string value of `key` in `fields`.
    static func string(_ key: String, in fields: [String: JSONValue]?) -> String? {
        if case .string(let value) = fields?[key] { return value }
        return nil
    }
}
