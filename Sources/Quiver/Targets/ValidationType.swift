/// Which HTTP status codes a ``Provider`` accepts as success.
///
/// A response whose status is not accepted fails with ``QuiverError/statusCode(_:)``; its body
/// is still available on the error.
public enum ValidationType: Sendable, Hashable {
    /// Every status code is accepted.
    case none
    /// 2xx status codes are accepted. The default.
    case successCodes
    /// 2xx and 3xx status codes are accepted.
    case successAndRedirectCodes
    /// Exactly the listed status codes are accepted.
    case customCodes([Int])

    /// Whether `statusCode` passes this validation.
    ///
    /// - Parameter statusCode: An HTTP status code.
    /// - Returns: `true` when the code is accepted.
    public func accepts(_ statusCode: Int) -> Bool {
        switch self {
        case .none: true
        case .successCodes: (200..<300).contains(statusCode)
        case .successAndRedirectCodes: (200..<400).contains(statusCode)
        case .customCodes(let codes): codes.contains(statusCode)
        }
    }
}
