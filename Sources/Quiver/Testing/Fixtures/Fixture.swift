import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A recorded response: what ``RecordingPlugin`` writes and what replaying serves, one JSON file
/// per endpoint.
///
/// ```json
/// { "request": { "method": "GET", "path": "/users/1" },
///   "status": 200,
///   "headers": { "Content-Type": "application/json" },
///   "body": { "id": 1, "name": "Ada" } }
/// ```
///
/// A JSON body is stored as JSON (`body`), other text as `bodyText`, anything else as `bodyBase64`.
public struct Fixture: Sendable, Hashable, Codable {
    /// The request the response answered.
    public struct Request: Sendable, Hashable, Codable {
        /// The method, such as `GET`.
        public var method: String
        /// The URL's path, such as `/users/1`.
        public var path: String

        /// Creates a request description.
        ///
        /// - Parameters:
        ///   - method: The method.
        ///   - path: The URL's path.
        public init(method: String, path: String) {
            self.method = method
            self.path = path
        }
    }

    /// The request the response answered.
    public var request: Request
    /// The status code.
    public var statusCode: Int
    /// The response headers (secrets redacted when recorded).
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a fixture.
    ///
    /// - Parameters:
    ///   - request: The request the response answered.
    ///   - statusCode: The status code.
    ///   - headers: The response headers.
    ///   - body: The body.
    public init(request: Request, statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.request = request
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// The fixture as a stub's answer: its status, headers and body, for `url`.
    ///
    /// - Parameter url: The URL of the stubbed request.
    /// - Returns: A ``EndpointSampleResponse/response(_:_:)``.
    public func sampleResponse(for url: URL) -> EndpointSampleResponse {
        guard let http = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headers) else {
            return .networkResponse(statusCode, body)
        }
        return .response(http, body)
    }

    /// Writes a stored JSON body back as bytes, keys sorted so that replays are stable.
    private static let bodyEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private enum CodingKeys: String, CodingKey {
        case request, status, headers, body, bodyText, bodyBase64
    }

    /// Reads a fixture file's JSON.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a file of another shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        request = try container.decode(Request.self, forKey: .request)
        statusCode = try container.decode(Int.self, forKey: .status)
        headers = try container.decodeIfPresent([String: String].self, forKey: .headers) ?? [:]
        if let json = try container.decodeIfPresent(JSONValue.self, forKey: .body) {
            body = try Self.bodyEncoder.encode(json)
        } else if let text = try container.decodeIfPresent(String.self, forKey: .bodyText) {
            body = Data(text.utf8)
        } else if let base64 = try container.decodeIfPresent(String.self, forKey: .bodyBase64) {
            guard let data = Data(base64Encoded: base64) else {
                throw DecodingError.dataCorruptedError(forKey: .bodyBase64, in: container, debugDescription: "Not Base64.")
            }
            body = data
        } else {
            body = Data()
        }
    }

    /// Writes the fixture's JSON: a JSON body as JSON, text as text, other bytes as Base64.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(request, forKey: .request)
        try container.encode(statusCode, forKey: .status)
        try container.encode(headers, forKey: .headers)
        if body.isEmpty {
            return
        } else if let json = try? JSONDecoder().decode(JSONValue.self, from: body), body.first.map(Self.startsJSON) == true {
            try container.encode(json, forKey: .body)
        } else if let text = String(data: body, encoding: .utf8) {
            try container.encode(text, forKey: .bodyText)
        } else {
            try container.encode(body.base64EncodedString(), forKey: .bodyBase64)
        }
    }

    /// Whether a body starting with `byte` is a JSON object or array (only those are stored as JSON).
    private static func startsJSON(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
    }
}

extension JSONValue: Encodable {
    /// Writes the value as JSON.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
