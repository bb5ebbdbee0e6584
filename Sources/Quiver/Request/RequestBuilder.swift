import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as built from an endpoint, with what the transport needs besides the `URLRequest`.
struct BuiltRequest: Sendable {
    /// The request; a body streamed from a file is not in it.
    var urlRequest: URLRequest
    /// A body the transport streams from disk.
    var bodySource: BodySource?
    /// Where a download is kept, for `.download` tasks.
    var download: DownloadDestination?
}

/// A body streamed from disk rather than held in the `URLRequest`.
enum BodySource: Sendable {
    /// The caller's file, sent as it is.
    case file(URL)
    /// A form written to a temporary file just before it is sent.
    case multipart(MultipartForm)
}

/// Turns an ``Endpoint`` into a `URLRequest`: query, body, `Content-Type`.
enum RequestBuilder {
    /// The encoder behind `.json` tasks that name none: keys sorted, so that the same value is
    /// always the same bytes (on Linux, `JSONEncoder`'s key order otherwise changes from one
    /// encoding to the next). `JSONEncoder` is safe to share while nobody changes its options,
    /// and nothing here does after this.
    static let defaultJSONEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// The encoder behind `.form` and `.query` tasks that name none.
    static let defaultFormEncoder = FormEncoder()

    /// The `Content-Type` of `.form` bodies.
    static let formContentType = "application/x-www-form-urlencoded; charset=utf-8"

    /// Builds the request without checking it; ``RequestValidator`` checks it once plugins
    /// have had their say.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint.
    ///   - jsonEncoder: The encoder for `.json` tasks that name none (the target's or the
    ///     provider's); `nil` uses ``defaultJSONEncoder``. Asked for only when the task
    ///     encodes JSON: finding a target's encoder costs a lookup on every request.
    static func build(_ endpoint: Endpoint, jsonEncoder: @autoclosure () -> JSONEncoder? = nil) throws(QuiverError) -> BuiltRequest {
        if let problem = endpoint.pathProblem {
            throw .invalidRequest("\(endpoint.method) \(endpoint.url): \(problem)")
        }
        let encoder = endpoint.task.encodesJSON ? jsonEncoder() ?? defaultJSONEncoder : defaultJSONEncoder
        var parts = Parts(jsonEncoder: encoder)
        try parts.collect(endpoint.task)
        if parts.bodySource != nil, endpoint.method.forbidsBody {
            throw .invalidRequest("\(endpoint.method) \(endpoint.url): \(RequestValidator.bodyRefusal(method: endpoint.method.rawValue))")
        }

        let urlString = parts.query.isEmpty ? endpoint.url : URLPath.appending(query: parts.query, to: endpoint.url)
        guard let url = ParsedURLs.shared.url(for: urlString) else {
            throw .invalidRequest("\(endpoint.method) \(endpoint.url): not a valid URL"
                                  + (endpoint.url.contains("://") ? "" : " (a base URL must be absolute: add http:// or https://)"))
        }
        var request = URLRequest(url: url)
        if endpoint.method != .get {
            // GET is a new request's method already, and the setter is not free on Linux.
            request.httpMethod = endpoint.method.rawValue
        }
        if let fields = endpoint.httpHeaderFields {
            try RequestValidator.validate(fields, method: endpoint.method.rawValue, url: endpoint.url)
            request.setHeaderFields(fields)
        }
        if let body = parts.body {
            request.httpBody = body
        }
        if let contentType = parts.contentType, request.value(forHTTPHeaderField: "Content-Type") == nil {
            // A task's content type may come from the app (`.data`, `.uploadFile`): checked
            // here, where it is written, as every header field the builder writes is.
            try RequestValidator.validate(value: contentType, ofHeader: "Content-Type", method: endpoint.method.rawValue,
                                          url: endpoint.url)
            request.setHeaderField(contentType, spelledName: "Content-Type")
        }
        return BuiltRequest(urlRequest: request, bodySource: parts.bodySource, download: parts.download)
    }

    /// The body and query a task contributes.
    private struct Parts {
        let jsonEncoder: JSONEncoder
        var body: Data?
        var bodySource: BodySource?
        var download: DownloadDestination?
        var contentType: String?
        var query = ""

        mutating func collect(_ task: HTTPTask) throws(QuiverError) {
            switch task {
            case .plain:
                break
            case .data(let data, let contentType):
                setBody(data, contentType: contentType)
            case .json(let value, let encoder):
                let data = try encode { try (encoder ?? jsonEncoder).encode(value) }
                setBody(data, contentType: "application/json")
            case .form(let value, let encoder):
                let data = try encode { try (encoder ?? RequestBuilder.defaultFormEncoder).encodedData(value) }
                setBody(data, contentType: RequestBuilder.formContentType)
            case .query(let value, let encoder):
                try appendQuery(value, encoder: encoder)
            case .multipart(let form):
                try form.validate()
                bodySource = .multipart(form)
                contentType = form.contentType
            case .uploadFile(let url, let contentType):
                guard url.isFileURL, FileManager.default.isReadableFile(atPath: url.path) else {
                    throw .invalidRequest("the file to upload, \(url.path), is missing or unreadable")
                }
                bodySource = .file(url)
                self.contentType = contentType
            case .download(let destination):
                download = destination
            case .downloadCarrying(let body, let destination):
                try collect(body)
                download = destination
            case .composite(let base, let value, let encoder):
                try collect(base)
                try appendQuery(value, encoder: encoder)
            }
        }

        private mutating func setBody(_ data: Data, contentType: String?) {
            body = data
            self.contentType = contentType
        }

        /// Adds `value`, encoded, to the query; a `nil` optional adds nothing.
        private mutating func appendQuery(_ value: any Encodable & Sendable, encoder: FormEncoder?) throws(QuiverError) {
            if let optional = value as? any OptionalValue, optional.isNil { return }
            appendQuery(try encode { try (encoder ?? RequestBuilder.defaultFormEncoder).encode(value) })
        }

        private mutating func appendQuery(_ encoded: String) {
            guard !encoded.isEmpty else { return }
            query = query.isEmpty ? encoded : query + "&" + encoded
        }

        private func encode<T>(_ work: () throws -> T) throws(QuiverError) -> T {
            do {
                return try work()
            } catch {
                throw .encoding(error)
            }
        }
    }
}
