import Logging

/// A formatted entry of ``NetworkLoggerPlugin`` on its way to the logger: its identifier travels
/// with the message, so that the output knows each line's level.
enum LogLine {
    /// Separates the identifier from the message: a control character no redaction touches and
    /// no identifier holds.
    private static let separator: Character = "\u{1F}"

    static func encode(identifier: String, message: String) -> String {
        identifier + String(separator) + message
    }

    /// The level and message of an encoded `line`; a line that is not encoded is `.info` as it is.
    static func decode(_ line: String) -> (level: Logger.Level, message: String) {
        guard let split = line.firstIndex(of: separator) else { return (.info, line) }
        let identifier = line[..<split]
        let message = String(line[line.index(after: split)...])
        switch identifier {
        case "Error": return (.error, message)
        case "Request", "Response": return (.info, "\(identifier): \(message)")
        default: return (.debug, "\(identifier): \(message)")
        }
    }
}
