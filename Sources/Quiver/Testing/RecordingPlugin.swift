import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Records live responses as fixture files, to be replayed offline with
/// ``Provider/replayingFixtures(from:mapping:)``.
///
/// ```swift
/// let recorder = RecordingPlugin(directory: fixtures, isEnabled: ProcessInfo.processInfo.environment["RECORD"] == "1")
/// let provider = Provider<API>(plugins: [recorder])
/// ```
///
/// Each response that arrives (success or a rejected status) is written to one file per
/// endpoint, named from method and path (`GET-users-1.json`) unless the target adopts
/// ``FixtureNaming``. Headers that carry secrets are redacted with the logger's rules:
/// `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie` and any header you list; the
/// request's values of those headers (and the token after `Bearer`/`Basic`) are scrubbed from a
/// text body too, since servers that echo requests would otherwise put them in the fixture. An
/// existing file is kept unless `overwrites` is set. Disabled, the plugin does nothing at all.
public struct RecordingPlugin: PluginType {
    /// The folder fixture files are written to.
    public let directory: URL
    /// Whether the plugin records.
    public let isEnabled: Bool
    /// Whether an existing fixture file is replaced.
    public let overwrites: Bool
    /// The headers to redact, besides the four the logger always redacts, and the marker.
    public let redaction: NetworkLoggerPlugin.Configuration.Redaction
    /// Decides which targets are recorded.
    public let records: @Sendable (any TargetType) -> Bool

    /// Creates the plugin.
    ///
    /// - Parameters:
    ///   - directory: The folder for fixture files; created when needed.
    ///   - isEnabled: Whether to record. Defaults to `true`.
    ///   - overwrites: Whether to replace existing files. Defaults to `false`.
    ///   - redaction: Extra headers to redact, and the marker. Defaults to the logger's four.
    ///   - records: Which targets to record. Defaults to all.
    public init(directory: URL, isEnabled: Bool = true, overwrites: Bool = false,
                redaction: NetworkLoggerPlugin.Configuration.Redaction = .init(),
                records: @escaping @Sendable (any TargetType) -> Bool = { _ in true }) {
        self.directory = directory
        self.isEnabled = isEnabled
        self.overwrites = overwrites
        self.redaction = redaction
        self.records = records
    }

    /// Writes the response of each attempt to its fixture file.
    public func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType) {
        guard isEnabled, records(target) else { return }
        let response: Response
        switch result {
        case .success(let success): response = success
        case .failure(.statusCode(let rejected)): response = rejected
        case .failure: return
        }
        let file = directory.appendingPathComponent(FixtureNames.name(for: target))
        let fixture = Fixture(request: .init(method: response.request?.httpMethod ?? target.method.rawValue,
                                             path: response.request?.url?.path ?? target.path),
                              statusCode: response.statusCode, headers: redactedHeaders(of: response),
                              body: scrubbed(response.fileURL.flatMap { try? Data(contentsOf: $0) } ?? response.data,
                                             sentWith: response.request))
        try? FixtureFiles.write(fixture, to: file, overwriting: overwrites)
    }

    private var secretHeaders: Set<String> {
        Set(NetworkLoggerPlugin.Configuration.Redaction.alwaysRedactedHeaders.union(redaction.headers).map { $0.lowercased() })
    }

    /// `body` without the secret header values `request` carried, when it is text.
    private func scrubbed(_ body: Data, sentWith request: URLRequest?) -> Data {
        let secret = secretHeaders
        let values = (request?.allHTTPHeaderFields ?? [:])
            .filter { secret.contains($0.key.lowercased()) }
            .flatMap { _, value -> [String] in
                let parts = value.split(separator: " ", maxSplits: 1)
                return parts.count == 2 ? [value, String(parts[1])] : [value]
            }
            .filter { $0.count >= 4 }
            .sorted { $0.count > $1.count }
        guard !values.isEmpty, var text = String(data: body, encoding: .utf8) else { return body }
        for value in values {
            text = text.replacingOccurrences(of: value, with: redaction.marker)
        }
        return Data(text.utf8)
    }

    private func redactedHeaders(of response: Response) -> [String: String] {
        let secret = secretHeaders
        var headers: [String: String] = [:]
        for case let (name as String, value as String) in response.response?.allHeaderFields ?? [:] {
            headers[name] = secret.contains(name.lowercased()) ? redaction.marker : value
        }
        return headers
    }
}

/// Reading and writing fixture files.
enum FixtureFiles {
    /// One writer at a time in this process, so that concurrent recordings of one endpoint
    /// never interleave; each file is written atomically besides.
    private static let writing = NSLock()

    static func write(_ fixture: Fixture, to file: URL, overwriting: Bool) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(fixture)
        writing.lock()
        defer { writing.unlock() }
        if !overwriting, FileManager.default.fileExists(atPath: file.path) { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file, options: .atomic)
    }

    static func read(_ file: URL) throws(FixtureError) -> Fixture {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .missing(file)
        }
        do {
            return try JSONDecoder().decode(Fixture.self, from: data)
        } catch {
            throw .unreadable(file, error)
        }
    }
}

/// A replayed request found no usable fixture.
public enum FixtureError: Error, Sendable, CustomStringConvertible {
    /// No fixture file at this path.
    case missing(URL)
    /// The file is not a fixture.
    case unreadable(URL, any Error)

    /// A sentence naming the file.
    public var description: String {
        switch self {
        case .missing(let file): "No fixture at \(file.path): record it first (RecordingPlugin) or add the file."
        case .unreadable(let file, let error): "The fixture at \(file.path) could not be read: \(error)"
        }
    }
}
