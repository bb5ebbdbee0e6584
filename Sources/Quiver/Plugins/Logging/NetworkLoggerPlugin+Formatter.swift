import Foundation

extension NetworkLoggerPlugin.Configuration {
    /// Turns bodies and log entries into text, as in Moya.
    ///
    /// The closures see bodies that are already redacted; what they return is redacted again
    /// and bodies are truncated, so a custom formatter cannot leak a listed secret.
    public struct Formatter: Sendable {
        /// Turns a body into text.
        ///
        /// - Parameter data: The body, already redacted.
        /// - Returns: Its text.
        public typealias DataFormatterType = @Sendable (_ data: Data) -> String

        /// Turns one entry into a line.
        ///
        /// - Parameters:
        ///   - identifier: What the entry is: `Request`, `Request Headers`, `Request Body`,
        ///     `cURL`, `Response`, `Response Headers`, `Response Body` or `Error`.
        ///   - message: The entry's text.
        ///   - target: The target the entry is about.
        /// - Returns: The line.
        public typealias EntryFormatterType = @Sendable (_ identifier: String, _ message: String, _ target: any TargetType) -> String

        /// Turns one entry into a line.
        public var entry: EntryFormatterType {
            get { customEntry ?? Formatter.defaultEntryFormatter }
            set { customEntry = newValue }
        }
        /// The entry formatter the user chose, or `nil` for ``defaultEntryFormatter(identifier:message:target:)``,
        /// whose line the logger writes in one piece rather than through the closure.
        private(set) var customEntry: EntryFormatterType?
        /// Turns a request body into text.
        public var requestData: DataFormatterType
        /// Turns a response body into text.
        public var responseData: DataFormatterType

        /// Creates a formatter.
        ///
        /// - Parameters:
        ///   - entry: Turns one entry into a line. `nil`, the default, is
        ///     ``defaultEntryFormatter(identifier:message:target:)``.
        ///   - requestData: Turns a request body into text. Defaults to ``defaultDataFormatter(_:)``.
        ///   - responseData: Turns a response body into text. Defaults to ``defaultDataFormatter(_:)``.
        public init(
            entry: EntryFormatterType? = nil,
            requestData: @escaping DataFormatterType = Formatter.defaultDataFormatter,
            responseData: @escaping DataFormatterType = Formatter.defaultDataFormatter
        ) {
            self.customEntry = entry
            self.requestData = requestData
            self.responseData = responseData
        }

        /// `[Quiver] Identifier: message`.
        ///
        /// - Parameters:
        ///   - identifier: What the entry is, for example `Request`.
        ///   - message: The entry's text.
        ///   - target: The target the entry is about (unused).
        /// - Returns: The line.
        @Sendable
        public static func defaultEntryFormatter(identifier: String, message: String, target: any TargetType) -> String {
            defaultEntry(identifier) { $0.write(message) }
        }

        /// `[Quiver] Identifier: ` and then what `message` writes, in one allocation.
        static func defaultEntry(_ identifier: String, message: (inout LineWriter) -> Void) -> String {
            LineWriter.line {
                $0.write("[Quiver] ")
                $0.write(identifier)
                $0.write(": ")
                message(&$0)
            }
        }

        /// UTF-8 text as it is; anything else (not UTF-8, or holding NUL bytes) as
        /// `<N bytes of binary data>`.
        ///
        /// - Parameter data: The body.
        /// - Returns: Its text or its summary.
        @Sendable
        public static func defaultDataFormatter(_ data: Data) -> String {
            guard let text = BodyText.text(of: data) else {
                return BodyText.binarySummary(of: data)
            }
            return text
        }
    }
}

/// Tells text bodies from binary ones, and shortens long ones.
enum BodyText {
    /// `data` as a string, when it is UTF-8 without NUL bytes; `nil` for binary data.
    static func text(of data: Data) -> String? {
        guard !data.contains(0) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// `<N bytes of binary data>`.
    static func binarySummary(of data: Data) -> String {
        "<\(data.count) bytes of binary data>"
    }

    /// `text` cut to at most `maximumBytes` UTF-8 bytes (never inside a character's encoding),
    /// followed by `… (N more bytes)` when something was cut.
    ///
    /// - Parameter redact: Applied to the cut text and again with the note, so that a cut
    ///   through a secret's marker or value reads the same when the line is redacted once more.
    static func truncated(_ text: String, maximumBytes: Int, redact: (String) -> String = { $0 }) -> String {
        let limit = max(0, maximumBytes)
        let total = text.utf8.count
        guard total > limit else { return text }
        var cut = text.utf8.index(text.utf8.startIndex, offsetBy: limit)
        while cut > text.startIndex && cut.samePosition(in: text.unicodeScalars) == nil {
            cut = text.utf8.index(before: cut)
        }
        let kept = text[..<cut]
        return redact(redact(String(kept)) + "… (\(total - kept.utf8.count) more bytes)")
    }
}
