/// The transport cannot stream a response: it implements only
/// ``HTTPTransport/send(_:)``, and ``HTTPTransport/stream(_:)`` kept its default.
///
/// ``Provider/stream(for:)`` fails with ``QuiverError/transport(_:_:)`` carrying this error,
/// before anything is sent.
public struct StreamingNotSupported: Error, Sendable, CustomStringConvertible {
    /// The name of the transport's type.
    public let transportName: String

    /// Creates the error for a transport of type `transport`.
    ///
    /// - Parameter transport: The transport's type.
    public init(transport: any HTTPTransport.Type) {
        transportName = String(describing: transport)
    }

    /// What went wrong and what to do about it, for logs and error messages.
    public var description: String {
        "\(transportName) cannot stream responses: it does not implement HTTPTransport.stream(_:)"
    }
}
