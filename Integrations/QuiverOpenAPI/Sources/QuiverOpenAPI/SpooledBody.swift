import Foundation
import OpenAPIRuntime
import Quiver

/// A request body the generated client streams, made into a body a Quiver task sends: the bytes
/// in memory while they fit a limit, then a temporary file, written as the chunks arrive, so
/// that memory stays bounded whatever the body's size. Either can be sent again by a retry.
struct SpooledBody: Sendable {
    /// The task that sends the body.
    let task: HTTPTask
    /// The temporary file the body was written to, which ``remove()`` deletes.
    let file: URL?

    /// No body.
    static let none = SpooledBody(task: .plain, file: nil)

    /// Reads `body` to its end.
    ///
    /// - Parameters:
    ///   - body: The client's body, or `nil`.
    ///   - memoryLimit: The most bytes kept in memory; a larger body goes to a temporary file.
    ///   - request: `METHOD URL` of the request, for messages: made only when one is needed.
    /// - Throws: ``QuiverError/encoding(_:)`` when the body's sequence fails or the file cannot be
    ///   written; nothing has been sent.
    static func read(_ body: HTTPBody?, memoryLimit: Int,
                     request: @autoclosure () -> String) async throws(QuiverError) -> SpooledBody {
        guard let body else { return .none }
        var bytes = Data()
        if case .known(let length) = body.length, length <= memoryLimit {
            bytes.reserveCapacity(Int(length))
        }
        var file: SpoolFile?
        do {
            for try await chunk in body {
                if let file {
                    try file.write(chunk)
                } else if bytes.count + chunk.count <= memoryLimit {
                    bytes.append(contentsOf: chunk)
                } else {
                    let spool = try SpoolFile()
                    file = spool
                    try spool.write(bytes)
                    try spool.write(chunk)
                    bytes = Data()
                }
            }
        } catch {
            file?.close(removing: true)
            throw .encoding(SpoolError(request: request(), cause: error))
        }
        guard let file else { return SpooledBody(task: .data(bytes), file: nil) }
        file.close(removing: false)
        return SpooledBody(task: .uploadFile(file.url), file: file.url)
    }

    /// Deletes the temporary file, if the body has one.
    func remove() {
        if let file {
            try? FileManager.default.removeItem(at: file)
        }
    }
}

/// Why a request body could not be read from the generated client.
struct SpoolError: Error, CustomStringConvertible {
    /// `METHOD URL` of the request.
    let request: String
    /// What failed: the body's sequence, or writing the temporary file.
    let cause: any Error

    var description: String {
        "\(request): the request body could not be read from the client (\(cause)); nothing was sent"
    }
}

/// A temporary file only this process's user may read (a body may hold secrets), written in order.
private final class SpoolFile {
    let url: URL
    private let handle: FileHandle

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("quiver-openapi-\(UUID().uuidString).body")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        handle = try FileHandle(forWritingTo: url)
    }

    func write(_ bytes: some DataProtocol) throws {
        try handle.write(contentsOf: bytes)
    }

    func close(removing: Bool) {
        try? handle.close()
        if removing {
            try? FileManager.default.removeItem(at: url)
        }
    }
}
