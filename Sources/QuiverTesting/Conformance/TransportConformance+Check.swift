extension TransportConformance {
    /// One part of the transport contract that ``TransportConformance`` checks.
    public enum Check: String, CaseIterable, Sendable, CustomStringConvertible {
        /// A `GET` with no body: method, URL query and header fields arrive, and no body.
        case noBody
        /// A `PUT` with a `TransportRequest.Body.data(_:)` body: the bytes arrive.
        case dataBody
        /// A `POST` with a `TransportRequest.Body.file(_:)` body: the file's bytes arrive.
        case fileBody
        /// A multipart form, streamed from a file as `Provider` sends one: fields and files arrive.
        case multipartBody
        /// A `418` is returned as a response, not thrown.
        case statusCode
        /// A 1.5 s `TransportRequest.timeout` ends a 4 s exchange with `URLError(.timedOut)`,
        /// after 1.5 s, not sooner (whole seconds) and not much later.
        case timeout
        /// Cancelling the calling `Task` ends a 5 s exchange promptly, as a cancellation.
        case cancellation
        /// A file upload reports upload progress that reaches the file's size.
        case uploadProgress
        /// A 64 KiB response reports download progress that reaches its size.
        case downloadProgress
        /// A response whose `TransportRequest.destination` is a file is written there, and
        /// `Response.fileURL` names it.
        case downloadToFile
        /// A 64 KiB response to a request whose `TransportRequest.maximumBodySize` is 16 KiB
        /// ends with `ResponseTooLarge` (from `TransportRequest.checkBodySize(_:)`), in
        /// memory and to a file, and leaves no file behind.
        case bodySizeLimit

        /// What the check requires, in a sentence.
        public var description: String {
            switch self {
            case .noBody: "a request without a body sends its method, URL query and headers"
            case .dataBody: "a .data body arrives whole"
            case .fileBody: "a .file body (an upload streamed from disk) arrives whole"
            case .multipartBody: "a multipart form streamed from a file arrives with its fields and files"
            case .statusCode: "a non-2xx status is a response, not an error"
            case .timeout: "the request's timeout ends the whole exchange on time with URLError(.timedOut)"
            case .cancellation: "cancelling the calling Task ends the request promptly"
            case .uploadProgress: "upload progress reaches the body's size"
            case .downloadProgress: "download progress reaches the response body's size"
            case .downloadToFile: "a download is written to the destination file named in Response.fileURL"
            case .bodySizeLimit: "a body over TransportRequest.maximumBodySize ends with ResponseTooLarge"
            }
        }
    }
}
