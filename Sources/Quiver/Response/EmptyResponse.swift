/// A `Decodable` type that also stands for an empty body, such as the answer to a `204` or a
/// `HEAD` request. ``Response/decode(_:atKeyPath:using:)`` returns ``emptyValue`` for an empty
/// body instead of failing.
public protocol EmptyDecodable: Decodable {
    /// The value an empty body decodes to.
    static var emptyValue: Self { get }
}

/// The value of a body that carries nothing of interest: empty, or any JSON, which is ignored.
public struct EmptyResponse: EmptyDecodable, Sendable, Hashable {
    /// Creates the empty value.
    public init() {}

    /// Accepts any JSON value and ignores it.
    ///
    /// - Parameter decoder: The decoder (unused).
    public init(from decoder: any Decoder) throws {}

    /// The one empty value.
    public static var emptyValue: EmptyResponse { EmptyResponse() }
}
