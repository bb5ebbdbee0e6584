import Foundation
import Quiver
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Records live responses as fixture files, to be replayed offline with
/// `Provider.replayingFixtures(from:mapping:)`.
///
/// ```swift
/// let recorder = RecordingPlugin(directory: fixtures, isEnabled: ProcessInfo.processInfo.environment["RECORD"] == "1",
///                                redaction: .init(queryParameters: ["api_key"], bodyKeys: ["password"]))
/// let provider = Provider<API>(plugins: [recorder])
/// ```
///
/// The outcome the caller receives (a success or a rejected status, after any retries) is
/// written to one file per endpoint, named from method and path (`GET-users-1.json`) unless the
/// target adopts `FixtureNaming`. The plugin records in ``process(_:target:)``, which sees
/// each request's final result once: a transient `503` that a retry turned into a `200` is never
/// written. Put it last among the plugins, so that it records what the plugins before it made
/// of the result.
///
/// Secrets are redacted by the one `Redaction` policy every output uses: listed headers get
/// the marker as value; listed query parameters and body keys are redacted in the path, the
/// header values and the body; and every secret value the request or response carried (the
/// token after `Bearer`, each cookie's value, a listed parameter's value) is replaced wherever
/// else it stands, in every spelling, so a server that echoes the request does not put it in the
/// fixture. A binary body is redacted as bytes before it is stored as `bodyBase64`. An existing
/// file is kept unless `overwrites` is set. Disabled, the plugin does nothing at all.
///
/// The fixture holds the method and path of the request (no query), the status, the response
/// headers but `Content-Encoding`, `Transfer-Encoding` and `Content-Length` (the body is stored
/// decoded and whole; its length is set from what is stored), and the body; see ``Fixture``.
///
/// A streamed response (`Provider.stream(for:)`) is recorded when its body ends: read to its
/// end, or the consumer stopped reading (what it read is recorded). The fixture keeps the body's
/// pieces as the consumer's loop received them, each with its time after the head, so that a
/// replay streams them at the same pace (or scaled). The body is redacted whole, as any other;
/// a secret that straddles two pieces joins them into one. A stream that fails, or grows past
/// 16 MiB, is not recorded.
public struct RecordingPlugin: PluginType, StreamObserving {
    /// The folder fixture files are written to.
    public let directory: URL
    /// Whether the plugin records.
    public let isEnabled: Bool
    /// Whether an existing fixture file is replaced.
    public let overwrites: Bool
    /// The redaction policy the fixtures pass through.
    public let redaction: Redaction
    /// Decides which targets are recorded.
    public let records: @Sendable (any TargetType) -> Bool

    /// Creates the plugin.
    ///
    /// - Parameters:
    ///   - directory: The folder for fixture files; created when needed.
    ///   - isEnabled: Whether to record. Defaults to `true`.
    ///   - overwrites: Whether to replace existing files. Defaults to `false`.
    ///   - redaction: The redaction policy. Defaults to `Redaction.default`.
    ///   - records: Which targets to record. Defaults to all.
    public init(directory: URL, isEnabled: Bool = true, overwrites: Bool = false,
                redaction: Redaction = .default,
                records: @escaping @Sendable (any TargetType) -> Bool = { _ in true }) {
        self.directory = directory
        self.isEnabled = isEnabled
        self.overwrites = overwrites
        self.redaction = redaction
        self.records = records
    }

    /// Writes the result the caller receives to its fixture file, and hands it on unchanged.
    ///
    /// - Parameters:
    ///   - result: The final outcome of the request.
    ///   - target: The target that was requested.
    /// - Returns: `result`.
    public func process(_ result: consuming Result<Response, QuiverError>, target: any TargetType) async -> Result<Response, QuiverError> {
        guard isEnabled, records(target) else { return result }
        switch copy result {
        case .success(let response) where response.isStreamHead:
            break   // recorded when its body ends
        case .success(let response), .failure(.statusCode(let response)):
            record(response, target: target)
        case .failure:
            break
        }
        return result
    }

    /// Follows a streamed body, to record it when it ends.
    ///
    /// - Parameters:
    ///   - head: The head of the streamed response.
    ///   - target: The target that was requested.
    /// - Returns: The observation that keeps the pieces and writes the fixture, or `nil` when
    ///   the plugin does not record this target.
    public func observeStream(_ head: Response, target: any TargetType) -> StreamObservation? {
        guard isEnabled, records(target) else { return nil }
        let start = DispatchTime.now().uptimeNanoseconds
        let pieces = Locked(StreamPieces())
        return StreamObservation(chunk: { chunk in
            let time = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            pieces.withLock { $0.append(chunk, at: time) }
        }, end: { end in
            let kept = pieces.withLock { $0 }
            // A stream the consumer stopped is recorded as far as it read, if it read anything.
            let isWhole = end.error == nil || (end.error?.isCancelled == true && !kept.pieces.isEmpty)
            guard kept.isWithinLimit, isWhole else { return }
            let fixture = Self.redactedFixture(of: head, body: kept.body, pieces: kept.pieces, target: target,
                                               redactor: Redactor(redaction))
            write(fixture, target: target)
        })
    }

    private func record(_ response: Response, target: any TargetType) {
        let body = response.fileURL.flatMap { try? Data(contentsOf: $0) } ?? response.data
        write(Self.redactedFixture(of: response, body: body, target: target, redactor: Redactor(redaction)), target: target)
    }

    private func write(_ fixture: Fixture, target: any TargetType) {
        let file = directory.appendingPathComponent(FixtureNames.name(for: target))
        try? FixtureFiles.write(fixture, to: file, overwriting: overwrites)
    }

    /// Headers that describe how the body travelled, not the body a fixture replays: the body is
    /// stored decoded (no `Content-Encoding`), whole (no `Transfer-Encoding`), and its length is
    /// set again from what is stored.
    private static let transferHeaders: Set<String> = ["content-encoding", "transfer-encoding", "content-length"]

    /// The fixture of `response`, redacted as the logger redacts: every secret of the request
    /// and the response is learned first, then the path, the headers and the body (text or
    /// binary) are written without them. With the `pieces` of a streamed body, the fixture keeps
    /// them as its chunks.
    static func redactedFixture(of response: Response, body: Data, pieces: [SampleChunk]? = nil,
                                target: any TargetType, redactor: Redactor) -> Fixture {
        var pass = RedactionPass(redactor)
        pass.collect(from: response.request, includingBody: true)
        let fields = response.headerFieldsByName
        let redactedFields = pass.headers(fields)
        _ = pass.body(body)

        var headers: [String: String] = [:]
        for (name, value) in redactedFields where !transferHeaders.contains(name.lowercased()) {
            headers[name] = pass.finish(value)
        }
        let stored = pass.finish(body)
        // A stream's pieces are cut from the body as it came; a whole JSON body is kept minified.
        let replayed = pieces == nil && JSONText.isDocument(stored) ? JSONText.minified(stored) : stored
        if fields.keys.contains(where: { $0.lowercased() == "content-length" }) {
            headers["Content-Length"] = String(replayed.count)
        }
        let path = response.request?.url?.path ?? target.path
        return Fixture(request: .init(method: response.request?.httpMethod ?? target.method.rawValue, path: pass.finish(path)),
                       statusCode: response.statusCode, headers: headers, body: replayed,
                       chunks: pieces.map { chunks(of: $0, redactedAs: replayed, by: pass) } ?? [])
    }

    /// The chunks of a redacted streamed body: each piece, redacted, where it stands at the
    /// start of what is left of `body`, else joined with the next. What is stored is always
    /// `body`, redacted whole: a secret split across two pieces, which neither shows alone,
    /// joins them rather than slip through.
    static func chunks(of pieces: [SampleChunk], redactedAs body: Data, by pass: RedactionPass) -> [Fixture.Chunk] {
        var chunks: [Fixture.Chunk] = []
        var rest = body[...]
        var pending = Data()
        for piece in pieces {
            pending.append(piece.data)
            let redacted = pass.finish(pending)
            guard !redacted.isEmpty, rest.starts(with: redacted) else { continue }
            chunks.append(Fixture.Chunk(byteCount: redacted.count, at: piece.time))
            rest = rest.dropFirst(redacted.count)
            pending = Data()
        }
        if !rest.isEmpty {
            chunks.append(Fixture.Chunk(byteCount: rest.count, at: pieces.last?.time ?? 0))
        }
        return chunks
    }
}
