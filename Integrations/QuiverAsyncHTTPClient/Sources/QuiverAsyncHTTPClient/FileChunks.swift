import Foundation
import NIOCore
import Quiver

/// A file body as an async sequence of chunks, read from disk as AsyncHTTPClient asks for
/// them: memory holds one chunk, not the file. Each iteration opens the file anew, so the body
/// can be sent again after a `307`/`308` redirect. Reports upload progress as chunks go out.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    /// The bytes read from disk at once.
    static let chunkSize = 1 << 18

    let file: URL
    /// The file's size when the request was made: the body's `Content-Length`.
    let size: Int64
    let progress: TransportProgress

    /// The chunks of `file`.
    ///
    /// - Throws: `CocoaError(.fileReadNoSuchFile)` when its size cannot be read.
    init(_ file: URL, progress: TransportProgress) throws {
        guard let size = TransportRequest.Body.file(file).byteCount else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: file.path])
        }
        self.file = file
        self.size = size
        self.progress = progress
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(file: file, size: size, progress: progress)
    }

    /// Reads the next chunk on each call; closes the file at the end or when dropped.
    final class Iterator: AsyncIteratorProtocol {
        private let file: URL
        private let size: Int64
        private let progress: TransportProgress
        private var handle: FileHandle?
        private var sent: Int64 = 0
        private var isFinished = false

        init(file: URL, size: Int64, progress: TransportProgress) {
            self.file = file
            self.size = size
            self.progress = progress
        }

        deinit {
            try? handle?.close()
        }

        func next() async throws -> ByteBuffer? {
            guard !isFinished else { return nil }
            try Task.checkCancellation()
            if handle == nil {
                handle = try FileHandle(forReadingFrom: file)
            }
            // The file is read up to the size announced: a file that grew is not sent beyond
            // its Content-Length.
            let wanted = Int(Swift.min(Int64(FileChunks.chunkSize), size - sent))
            guard wanted > 0, let handle, let data = try handle.read(upToCount: wanted), !data.isEmpty else {
                isFinished = true
                try? handle?.close()
                handle = nil
                if sent == 0 {
                    progress.uploaded(0, of: size)
                }
                return nil
            }
            sent += Int64(data.count)
            progress.uploaded(sent, of: size)
            return ByteBuffer(bytes: data)
        }
    }
}
