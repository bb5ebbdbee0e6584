/// A transport returned something the ``HTTPTransport`` contract rules out: Quiver fails the
/// request loudly rather than hand on a wrong result.
enum TransportContractViolation: Error, Sendable, CustomStringConvertible {
    /// A download's response came back with no ``Response/fileURL``: the transport ignored
    /// ``TransportRequest/destination``.
    case downloadNotInFile

    var description: String {
        switch self {
        case .downloadNotInFile:
            "the transport returned a download's body without a file: it must write the body to "
                + "TransportRequest.destination and name that file in Response.fileURL"
        }
    }
}
