import Foundation

extension URL {
    /// `base` with `path` appended by the rules targets follow: exactly one `/` between them,
    /// each segment percent-encoded, the base URL's query kept (CoreNetKit's `base + "/user/\(id)"`),
    /// for route enums that compute their URLs.
    ///
    /// ```swift
    /// let url = try api + "/user/\(segment: id)"
    /// ```
    ///
    /// - Parameters:
    ///   - base: The base URL.
    ///   - path: The path to append; a `?` or `#` in it is refused (put a query in the task), and
    ///     so is a `.` or `..` segment (put values in with `\(segment:)`, one segment each).
    /// - Returns: The joined URL.
    /// - Throws: ``QuiverError/invalidRequest(_:)`` when `path` holds `?`, `#` or a dot segment,
    ///   or the result is not a URL.
    public static func + (base: URL, path: String) throws(QuiverError) -> URL {
        if let problem = URLPath.problem(inPath: path) {
            throw .invalidRequest("\(base.absoluteString) + \(String(reflecting: path)): \(problem)")
        }
        let joined = URLPath.join(base: base.absoluteString, path: path)
        guard let url = URL(string: joined) else {
            throw .invalidRequest("\(joined): not a valid URL")
        }
        return url
    }
}

extension Optional where Wrapped == URL {
    /// `base` with `path` appended, as for a `URL`, for a base made by
    /// `URL(string:)`: a `nil` base is refused.
    ///
    /// ```swift
    /// let base = URL(string: "https://example.com")
    /// let url = try base + "/user/users"
    /// ```
    ///
    /// - Parameters:
    ///   - base: The base URL, or `nil` when it did not parse.
    ///   - path: The path to append.
    /// - Returns: The joined URL.
    /// - Throws: ``QuiverError/invalidRequest(_:)`` when `base` is `nil`, or as for a base that is
    ///   not optional.
    public static func + (base: URL?, path: String) throws(QuiverError) -> URL {
        guard let base else {
            throw .invalidRequest("nil + \(String(reflecting: path)): the base URL is nil (URL(string:) did not parse it)")
        }
        return try base + path
    }
}
