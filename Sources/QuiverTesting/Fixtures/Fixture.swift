import Foundation
import Quiver
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
/// A JSON object or array body is stored as JSON (`body`), other text as `bodyText`, anything
/// else as `bodyBase64`. Read and write files with ``init(fileData:)`` and ``fileData()``: a JSON
/// body then keeps every token as written (a number's digits, a string's escapes), and a replay
/// gives it back without white space between tokens.
///
/// A body recorded from a stream (``chunks`` not empty) is stored as its pieces instead, each
/// with when it arrived, in seconds after the head, as text or Base64:
///
/// ```json
/// { "request": { "method": "GET", "path": "/events" },
///   "status": 200,
///   "headers": { "Content-Type": "text/event-stream" },
///   "stream": [ { "at": 0, "text": "data: 1\n\n" },
///               { "at": 0.25, "text": "data: 2\n\n" } ] }
/// ```
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
    /// How ``body`` arrived when it was recorded from a stream: its pieces in order, each with
    /// when it arrived. Empty for a response that was not streamed.
    public var chunks: [Chunk]

    /// A piece of a streamed body: how many of ``Fixture/body``'s bytes it holds (after the
    /// pieces before it), and when it arrived.
    public struct Chunk: Sendable, Hashable {
        /// The bytes in the piece.
        public var byteCount: Int
        /// When the piece arrived, in seconds after the response head.
        public var time: TimeInterval

        /// Creates a piece.
        ///
        /// - Parameters:
        ///   - byteCount: The bytes in the piece.
        ///   - time: When it arrived, in seconds after the response head.
        public init(byteCount: Int, at time: TimeInterval) {
            self.byteCount = byteCount
            self.time = time
        }
    }

    /// Creates a fixture.
    ///
    /// - Parameters:
    ///   - request: The request the response answered.
    ///   - statusCode: The status code.
    ///   - headers: The response headers.
    ///   - body: The body.
    ///   - chunks: How the body arrived, for a streamed response. Defaults to none.
    public init(request: Request, statusCode: Int, headers: [String: String] = [:], body: Data = Data(),
                chunks: [Chunk] = []) {
        self.request = request
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.chunks = chunks
    }

    /// The fixture as a stub's answer: its status, headers and body, for `url`. A
    /// `Content-Length` header is set to the length of the body replayed, whatever the file says.
    ///
    /// A streamed fixture answers `.streamed(_:_:)`: its pieces at their recorded times
    /// multiplied by `timeScale`.
    ///
    /// - Parameters:
    ///   - url: The URL of the stubbed request.
    ///   - timeScale: What the times of a streamed fixture are multiplied by: `1` replays the
    ///     stream as it was recorded, `0.1` ten times faster, `0` with no pause. Defaults to `1`.
    /// - Returns: An `EndpointSampleResponse`.
    public func sampleResponse(for url: URL, timeScale: Double = 1) -> EndpointSampleResponse {
        var fields = headers
        if let length = fields.keys.first(where: { $0.lowercased() == "content-length" }) {
            fields[length] = String(body.count)
        }
        guard let http = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: fields) else {
            return .networkResponse(statusCode, body)
        }
        guard !chunks.isEmpty else {
            return .response(http, body)
        }
        let scale = timeScale.isFinite ? max(timeScale, 0) : 1
        return .streamed(http, pieces().map { SampleChunk($0.data, at: $0.time * scale) })
    }

    /// ``body`` cut as ``chunks`` say: bytes past the last piece join it, pieces past the end
    /// of the body are dropped.
    func pieces() -> [SampleChunk] {
        var pieces: [SampleChunk] = []
        var start = body.startIndex
        for chunk in chunks where start < body.endIndex {
            let end = body.index(start, offsetBy: max(chunk.byteCount, 0), limitedBy: body.endIndex) ?? body.endIndex
            pieces.append(SampleChunk(body[start..<end], at: chunk.time))
            start = end
        }
        if start < body.endIndex {
            pieces.append(SampleChunk(body[start...], at: chunks.last?.time ?? 0))
        }
        return pieces
    }

    /// Reads a fixture file, a JSON body exactly as written: each number's digits and each
    /// string's escapes are kept, only the white space between tokens is dropped.
    ///
    /// - Parameter data: The file's contents.
    /// - Throws: `DecodingError` for a file that is not a fixture.
    public init(fileData data: Data) throws {
        let decoder = JSONDecoder()
        if let key = Self.readsRawBody {
            decoder.userInfo[key] = true
        }
        self = try decoder.decode(Fixture.self, from: data)
        if let raw = JSONText.member(CodingKeys.body.rawValue, in: data).map(JSONText.minified), raw != Data("null".utf8) {
            body = raw
        }
    }

    /// The fixture as a file: pretty-printed JSON with sorted keys; a JSON body laid out the same
    /// way, each token as it stands in ``body``.
    ///
    /// - Returns: The file's contents, UTF-8.
    /// - Throws: `EncodingError` from the encoder.
    public func fileData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard chunks.isEmpty, JSONText.isDocument(body) else {
            return try encoder.encode(self)
        }
        var shell = self
        shell.body = Data()
        var file = try encoder.encode(shell)
        // `body` sorts first: it becomes the first member, just after the opening `{` line.
        let opening = Data("{\n".utf8)
        guard file.starts(with: opening) else {
            return try encoder.encode(self)
        }
        let member = "  \"\(CodingKeys.body.rawValue)\" : " + JSONText.indented(body, level: 1) + ",\n"
        file.insert(contentsOf: Data(member.utf8), at: file.startIndex + opening.count)
        return file
    }

    /// Set in a decoder's `userInfo` by ``init(fileData:)``, which reads a JSON body from the
    /// file's bytes itself: decoding then leaves the body out.
    private static let readsRawBody = CodingUserInfoKey(rawValue: "Quiver.Fixture.readsRawBody")

    /// Writes a decoded JSON body back as bytes, keys sorted so that replays are stable.
    private static let bodyEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private enum CodingKeys: String, CodingKey {
        case request, status, headers, body, bodyText, bodyBase64, stream
    }

    /// Reads a fixture's JSON through any decoder.
    ///
    /// A JSON body goes through the decoder's values: numbers are kept as `Decimal`, exact to 38
    /// digits. ``init(fileData:)`` reads a file exactly, whatever its numbers.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a file of another shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        request = try container.decode(Request.self, forKey: .request)
        statusCode = try container.decode(Int.self, forKey: .status)
        headers = try container.decodeIfPresent([String: String].self, forKey: .headers) ?? [:]
        chunks = []
        if let pieces = try container.decodeIfPresent([FixtureStreamPiece].self, forKey: .stream) {
            body = Data()
            for piece in pieces {
                body.append(piece.data)
                chunks.append(Chunk(byteCount: piece.data.count, at: piece.at))
            }
        } else if container.contains(.body), let key = Self.readsRawBody, decoder.userInfo[key] as? Bool == true {
            body = Data()   // read from the file's bytes by init(fileData:)
        } else if let json = try container.decodeIfPresent(FixtureBodyValue.self, forKey: .body) {
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

    /// Writes the fixture's JSON through any encoder: a JSON body as JSON (numbers as `Decimal`,
    /// exact to 38 digits), text as text, other bytes as Base64, a streamed body as its pieces.
    /// ``fileData()`` writes a file exactly, whatever its numbers.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(request, forKey: .request)
        try container.encode(statusCode, forKey: .status)
        try container.encode(headers, forKey: .headers)
        if !chunks.isEmpty {
            try container.encode(pieces().map(FixtureStreamPiece.init), forKey: .stream)
        } else if body.isEmpty {
            return
        } else if JSONText.isDocument(body), let json = try? JSONDecoder().decode(FixtureBodyValue.self, from: body) {
            try container.encode(json, forKey: .body)
        } else if let text = JSONText.exactUTF8(body) {
            try container.encode(text, forKey: .bodyText)
        } else {
            try container.encode(body.base64EncodedString(), forKey: .bodyBase64)
        }
    }
}
