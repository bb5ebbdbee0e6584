import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Puts a downloaded file where its ``DownloadDestination`` says, or removes it.
enum DownloadFinisher {
    /// Error bodies up to this size are read back from a rejected download, so that they can be
    /// decoded like any other error body.
    static let errorBodyLimit = 1 << 20

    /// `response` with its temporary file moved to the destination.
    static func finish(_ response: Response, at destination: DownloadDestination) -> Result<Response, QuiverError> {
        guard let temporary = response.fileURL else { return .success(response) }
        let http = response.response
            ?? HTTPURLResponse(url: response.request?.url ?? temporary, statusCode: response.statusCode,
                               httpVersion: "HTTP/1.1", headerFields: nil)
        guard let http else {
            TemporaryFiles.remove(temporary)
            return .failure(.transport(URLError(.cannotCreateFile), response))
        }
        let (target, options) = destination.decide(temporary, http)
        let files = FileManager.default
        do {
            if options.contains(.createIntermediateDirectories) {
                try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            if options.contains(.removePreviousFile), files.fileExists(atPath: target.path) {
                try files.removeItem(at: target)
            }
            try files.moveItem(at: temporary, to: target)
        } catch {
            TemporaryFiles.remove(temporary)
            return .failure(.transport(DownloadSaveError(destination: target, underlying: error), response))
        }
        return .success(Response(statusCode: response.statusCode, data: Data(), request: response.request,
                                 response: response.response, fileURL: target))
    }

    /// `response` without its temporary file: a small body is read back into `data`.
    static func discard(_ response: Response) -> Response {
        guard let temporary = response.fileURL else { return response }
        defer { TemporaryFiles.remove(temporary) }
        let size = (try? FileManager.default.attributesOfItem(atPath: temporary.path)[.size] as? Int) ?? nil
        let body = (size ?? Int.max) <= errorBodyLimit ? (try? Data(contentsOf: temporary)) ?? Data() : Data()
        return Response(statusCode: response.statusCode, data: body, request: response.request, response: response.response)
    }

}
