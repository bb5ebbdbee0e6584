import Foundation

extension NetworkLoggerPlugin {
    /// What a ``NetworkLoggerPlugin`` logs, how it formats it, and where the lines go.
    ///
    /// ```swift
    /// let logger = NetworkLoggerPlugin(configuration: .init(
    ///     logOptions: .verbose,
    ///     redaction: .init(headers: ["X-Api-Key"], queryParameters: ["api_key"], bodyKeys: ["password"])))
    /// ```
    ///
    /// Whatever the options, every line passes through the ``redaction`` before it reaches
    /// ``output``.
    public struct Configuration: Sendable {
        /// Receives the lines of one request or one outcome, in order.
        ///
        /// - Parameters:
        ///   - target: The target the lines are about (the wrapped target of a ``MultiTarget``).
        ///   - items: The log entries, each already formatted and redacted. Never empty.
        public typealias OutputType = @Sendable (_ target: any TargetType, _ items: [String]) -> Void

        /// Turns bodies and entries into text.
        public var formatter: Formatter
        /// Receives the lines; defaults to ``defaultOutput(target:items:)`` (standard error).
        public var output: OutputType
        /// Which parts of requests and responses to log.
        public var logOptions: LogOptions
        /// How much to log: ``Level/off``, ``Level/error``, ``Level/info`` or ``Level/debug``.
        public var level: Level
        /// The redaction policy every line passes through.
        public var redaction: Redaction
        /// The longest body shown, in UTF-8 bytes (after formatting); the rest is replaced by
        /// `… (N more bytes)`. A negative value counts as `0`.
        public var maximumBodyBytes: Int

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - formatter: Turns bodies and entries into text. Defaults to `[Quiver] Identifier: message`
        ///     lines, UTF-8 bodies as text and binary bodies summarised.
        ///   - output: Receives the lines. Defaults to ``defaultOutput(target:items:)``, which
        ///     writes them to standard error.
        ///   - logOptions: Which parts to log. Defaults to ``LogOptions/default``.
        ///   - level: How much to log. Defaults to ``Level/debug``: everything `logOptions` asks
        ///     for. Lower levels cut it down to summaries (``Level/info``) or failures (``Level/error``).
        ///   - redaction: Which secrets to hide besides ``Redaction/alwaysRedactedNames``, and the
        ///     marker that replaces them. Defaults to ``Redaction/default``.
        ///   - maximumBodyBytes: The longest body shown, in bytes. Defaults to 4096.
        public init(
            formatter: Formatter = Formatter(),
            output: @escaping OutputType = Configuration.defaultOutput,
            logOptions: LogOptions = .default,
            level: Level = .debug,
            redaction: Redaction = .default,
            maximumBodyBytes: Int = 4096
        ) {
            self.formatter = formatter
            self.output = output
            self.logOptions = logOptions
            self.level = level
            self.redaction = redaction
            self.maximumBodyBytes = maximumBodyBytes
        }

        /// Writes `items` to standard error, one per line, in a single write so that the lines
        /// of concurrent requests do not interleave.
        ///
        /// - Parameters:
        ///   - target: The target the lines are about (unused).
        ///   - items: The lines to write.
        @Sendable
        public static func defaultOutput(target: any TargetType, items: [String]) {
            guard !items.isEmpty else { return }
            FileHandle.standardError.write(Data((items.joined(separator: "\n") + "\n").utf8))
        }
    }
}

extension NetworkLoggerPlugin.Configuration {
    /// How much a ``NetworkLoggerPlugin`` logs. Levels are ordered: `off < error < info < debug`.
    ///
    /// - ``off``: nothing.
    /// - ``error``: failed outcomes only: one `Error` line (method, URL, status or error), and
    ///   the response body with ``LogOptions/errorResponseBody``. Requests are not logged.
    /// - ``info``: also the request line (with ``LogOptions/requestMethod``) and the outcome
    ///   line of successes (method, URL, status, size).
    /// - ``debug``: everything ``LogOptions`` selects: request headers and body or the cURL
    ///   command, response headers, success bodies.
    public enum Level: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
        /// Logs nothing.
        case off
        /// Logs failed outcomes only.
        case error
        /// Logs one line per request and one per outcome.
        case info
        /// Logs every part ``LogOptions`` selects.
        case debug

        /// Whether `lhs` logs less than `rhs`.
        ///
        /// - Parameters:
        ///   - lhs: A level.
        ///   - rhs: Another level.
        /// - Returns: `true` when `lhs` comes before `rhs` in `off, error, info, debug`.
        public static func < (lhs: Level, rhs: Level) -> Bool {
            lhs.rawValue < rhs.rawValue
        }

        /// The level's name: `off`, `error`, `info` or `debug`.
        public var description: String {
            switch self {
            case .off: "off"
            case .error: "error"
            case .info: "info"
            case .debug: "debug"
            }
        }
    }

    /// The parts of requests and responses a ``NetworkLoggerPlugin`` logs, as in Moya.
    ///
    /// Every part but ``errorResponseBody`` and ``requestMethod`` needs ``Level/debug``; see
    /// ``Level`` for the rules.
    public struct LogOptions: OptionSet, Sendable, Hashable {
        /// The bits of the set.
        public let rawValue: Int

        /// Creates a set from its bits.
        ///
        /// - Parameter rawValue: The bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The request line: method and URL (``Level/info`` and up).
        public static let requestMethod = LogOptions(rawValue: 1 << 0)
        /// The request headers (``Level/debug``).
        public static let requestHeaders = LogOptions(rawValue: 1 << 1)
        /// The request body (``Level/debug``).
        public static let requestBody = LogOptions(rawValue: 1 << 2)
        /// The request as one `curl` command with its headers and body, instead of the request
        /// line, headers and body (``Level/debug``; below it, the request line is logged).
        public static let formatRequestAscURL = LogOptions(rawValue: 1 << 3)
        /// The body of successful responses (``Level/debug``).
        public static let successResponseBody = LogOptions(rawValue: 1 << 4)
        /// The body of responses that failed, for example a rejected status (``Level/error`` and up).
        public static let errorResponseBody = LogOptions(rawValue: 1 << 5)
        /// The response headers (``Level/debug``).
        public static let responseHeaders = LogOptions(rawValue: 1 << 6)

        /// The request line and the bodies of failed responses.
        public static let `default`: LogOptions = [.requestMethod, .errorResponseBody]
        /// Everything but the cURL form: request line, headers and body; response headers and
        /// bodies.
        public static let verbose: LogOptions = [
            .requestMethod, .requestHeaders, .requestBody, .responseHeaders, .successResponseBody, .errorResponseBody,
        ]
    }
}
