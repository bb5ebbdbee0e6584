import Foundation

/// What a request carries: nothing, a body, a URL query, or a body and a query.
///
/// This is Moya's `Task`, renamed so that it never clashes with Swift's `Task`.
///
/// ```swift
/// .plain
/// .json(NewUser(name: "Ada"))
/// .query(["page": 2, "tags": ["a", "b"]])
/// .form(Login(user: "ada", password: "secret"))
/// .json(payload).adding(query: ["dryRun": true])
/// .multipart(form)
/// .uploadFile(videoURL, contentType: "video/mp4")
/// .download(to: .suggested(in: downloads))
/// ```
///
/// A body on a `GET` or `HEAD` request is refused with ``QuiverError/invalidRequest(_:)``.
public enum HTTPTask: Sendable {
    /// No body and no query.
    case plain

    /// A raw body.
    ///
    /// - Parameters:
    ///   - data: The body bytes, sent as they are.
    ///   - contentType: The `Content-Type` to send, unless the target sets one. `nil` sends none.
    case data(Data, contentType: String? = nil)

    /// A JSON body encoded from `value`, sent as `application/json`. It is encoded once per
    /// request: retries and credential-refresh replays send the same bytes.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - encoder: The encoder to use; `nil` uses a `JSONEncoder` with sorted keys, so that
    ///     the same value always gives the same bytes.
    case json(any Encodable & Sendable, encoder: JSONEncoder? = nil)

    /// An `application/x-www-form-urlencoded; charset=utf-8` body encoded from `value`.
    ///
    /// - Parameters:
    ///   - value: A model or ``Parameters`` whose top level is keyed.
    ///   - encoder: The encoder to use; `nil` uses ``FormEncoder`` with its defaults.
    case form(any Encodable & Sendable, encoder: FormEncoder? = nil)

    /// No body; `value` encoded into the URL query.
    ///
    /// - Parameters:
    ///   - value: A model or ``Parameters`` whose top level is keyed; a `nil` optional means no
    ///     query.
    ///   - encoder: The encoder to use; `nil` uses ``FormEncoder`` with its defaults.
    case query(any Encodable & Sendable, encoder: FormEncoder? = nil)

    /// A `multipart/form-data` body: text fields, data parts and file parts. Quiver writes it to
    /// a temporary file in chunks (file parts are never read into memory whole), streams it
    /// from there, and removes the file after the request, whatever its outcome.
    ///
    /// - Parameter form: The form; names with CR or LF and missing files are
    ///   ``QuiverError/invalidRequest(_:)`` before anything is sent.
    case multipart(MultipartForm)

    /// The contents of a file as the body, streamed from disk and never read into memory whole.
    ///
    /// - Parameters:
    ///   - fileURL: The file to send. A missing or unreadable file is
    ///     ``QuiverError/invalidRequest(_:)`` and nothing is sent.
    ///   - contentType: The `Content-Type` to send, unless the target sets one.
    case uploadFile(URL, contentType: String? = nil)

    /// No body; the response body is written to a file, never held in memory, and kept where
    /// `destination` says. ``Response/fileURL`` tells where it is; a failed or cancelled
    /// download leaves no file behind.
    ///
    /// - Parameter destination: Decides the final URL once the response is known.
    case download(to: DownloadDestination)

    /// Another task with a URL query added; made by ``adding(query:encoder:)-(Parameters,_)``.
    indirect case composite(HTTPTask, query: any Encodable & Sendable, encoder: FormEncoder? = nil)

    /// A request that sends `body`'s body (and query), and whose response body is written to a
    /// file as for ``download(to:)``: Moya's `.downloadParameters`, for endpoints that take a
    /// `POST` body and answer with a file.
    ///
    /// ```swift
    /// .downloadCarrying(.json(ReportRequest(year: 2025)), to: .suggested(in: downloads))
    /// ```
    ///
    /// - Parameters:
    ///   - body: The task whose body and query are sent: `.json`, `.form`, `.data`, `.multipart`,
    ///     `.uploadFile`, or a query.
    ///   - destination: Decides the final URL once the response is known.
    indirect case downloadCarrying(HTTPTask, to: DownloadDestination)

    /// A JSON body from a ``Parameters`` literal such as `["name": "Ada", "admin": false]`.
    ///
    /// - Parameters:
    ///   - parameters: The values to encode.
    ///   - encoder: The encoder to use; `nil` uses a plain `JSONEncoder`.
    /// - Returns: A ``json(_:encoder:)`` task.
    @_disfavoredOverload
    public static func json(_ parameters: Parameters, encoder: JSONEncoder? = nil) -> HTTPTask {
        .json(parameters as any Encodable & Sendable, encoder: encoder)
    }

    /// A form body from a ``Parameters`` literal such as `["user": "ada", "remember": true]`.
    ///
    /// - Parameters:
    ///   - parameters: The values to encode.
    ///   - encoder: The encoder to use; `nil` uses ``FormEncoder`` with its defaults.
    /// - Returns: A ``form(_:encoder:)`` task.
    @_disfavoredOverload
    public static func form(_ parameters: Parameters, encoder: FormEncoder? = nil) -> HTTPTask {
        .form(parameters as any Encodable & Sendable, encoder: encoder)
    }

    /// A URL query from a ``Parameters`` literal such as `["page": 2, "tags": ["a", "b"]]`.
    ///
    /// - Parameters:
    ///   - parameters: The values to encode.
    ///   - encoder: The encoder to use; `nil` uses ``FormEncoder`` with its defaults.
    /// - Returns: A ``query(_:encoder:)`` task.
    @_disfavoredOverload
    public static func query(_ parameters: Parameters, encoder: FormEncoder? = nil) -> HTTPTask {
        .query(parameters as any Encodable & Sendable, encoder: encoder)
    }

    /// A `multipart/form-data` body from a flat `Encodable` payload (CodyFire's
    /// `MultipartPayload`), for a target's `task`, which cannot throw.
    ///
    /// The payload is encoded as ``MultipartForm/init(encoding:boundary:)`` does. When it
    /// cannot be (a nested object, say), the request fails when it runs, with
    /// ``QuiverError/encoding(_:)``, and nothing is sent.
    ///
    /// ```swift
    /// var task: HTTPTask { .multipart(encoding: NewPost(title: "Hi", cover: .init(fileAt: coverURL))) }
    /// ```
    ///
    /// - Parameters:
    ///   - payload: A struct or `[String: …]` dictionary.
    ///   - boundary: As in ``MultipartForm/init(boundary:)``.
    /// - Returns: A ``multipart(_:)`` task, or one that fails with the encoding error when run.
    public static func multipart(encoding payload: some Encodable, boundary: String? = nil) -> HTTPTask {
        do {
            return .multipart(try MultipartForm(encoding: payload, boundary: boundary))
        } catch {
            return .json(EncodingFailure(error: error.underlying))
        }
    }

    /// This task with `query` added to the URL, whatever the task sends as its body.
    ///
    /// - Parameters:
    ///   - query: A model or ``Parameters`` whose top level is keyed.
    ///   - encoder: The encoder to use; `nil` uses ``FormEncoder`` with its defaults.
    /// - Returns: A ``composite(_:query:encoder:)`` task.
    public func adding(query: some Encodable & Sendable, encoder: FormEncoder? = nil) -> HTTPTask {
        .composite(self, query: query, encoder: encoder)
    }

    /// This task with a ``Parameters`` literal added to the URL query.
    ///
    /// - Parameters:
    ///   - query: The values to encode.
    ///   - encoder: The encoder to use; `nil` uses ``FormEncoder`` with its defaults.
    /// - Returns: A ``composite(_:query:encoder:)`` task.
    @_disfavoredOverload
    public func adding(query: Parameters, encoder: FormEncoder? = nil) -> HTTPTask {
        .composite(self, query: query, encoder: encoder)
    }
}

extension HTTPTask {
    /// Whether the task encodes a value as JSON (a `.json` task, alone or as the body of a
    /// composite or download), and so needs the target's JSON encoder.
    var encodesJSON: Bool {
        switch self {
        case .json: true
        case .composite(let base, _, _), .downloadCarrying(let base, _): base.encodesJSON
        default: false
        }
    }
}
