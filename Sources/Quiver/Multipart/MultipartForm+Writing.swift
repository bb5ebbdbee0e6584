import Foundation

extension MultipartForm {
    /// The size of the chunks file parts are read and written in: 64 KiB.
    static let chunkSize = 65_536

    /// Writes the whole encoded body to `destination`, reading file parts in chunks of 64 KiB —
    /// never a whole file in memory.
    ///
    /// The form is validated first (see ``validate()``); if that fails, `destination` is not
    /// touched. Otherwise `destination` is created or truncated, and if writing fails part-way —
    /// a file vanished or cannot be read, a file contains the boundary, the disk is full, the
    /// current task was cancelled — the partly written `destination` is removed before the error
    /// is thrown. Nothing but `destination` is ever written.
    ///
    /// - Parameter destination: A `file:` URL in an existing directory; it must not be one of the
    ///   form's own files.
    /// - Returns: The number of bytes written, the body's `Content-Length`.
    /// - Throws: ``QuiverError/invalidRequest(_:)`` for an invalid form or a file part that fails
    ///   while it is copied, ``QuiverError/encoding(_:)`` wrapping the error of a failed write to
    ///   `destination`, and ``QuiverError/cancelled`` if the current task is cancelled.
    package func writeBody(to destination: URL) throws(QuiverError) -> Int64 {
        try validate()
        return try writeValidatedBody(to: destination)
    }

    /// The encoded body in memory, for small forms and tests. File parts are read in chunks and
    /// appended, so the result holds every file whole: prefer ``writeBody(to:)`` for files.
    ///
    /// - Returns: The body, exactly the bytes ``writeBody(to:)`` writes.
    /// - Throws: The errors of ``writeBody(to:)`` other than write failures.
    func encodedData() throws(QuiverError) -> Data {
        try validate()
        var body = Data()
        try stream { (chunk: Data) throws(QuiverError) in body.append(chunk) }
        return body
    }

    /// Writes the body without validating the form first, removing `destination` on failure.
    /// ``writeBody(to:)`` validates; this is separate so tests can reach the mid-way failures.
    ///
    /// - Parameter destination: The file to create or truncate.
    /// - Returns: The number of bytes written.
    /// - Throws: As ``writeBody(to:)``.
    func writeValidatedBody(to destination: URL) throws(QuiverError) -> Int64 {
        guard destination.isFileURL else {
            throw .invalidRequest("the multipart body destination \(destination.absoluteString) is not a file URL")
        }
        let target = destination.standardizedFileURL.resolvingSymlinksInPath().path
        for case .file(let url) in parts.map(\.content)
        where url.standardizedFileURL.resolvingSymlinksInPath().path == target {
            throw .invalidRequest("the multipart body cannot be written over its own file part \(url.path)")
        }
        let handle: FileHandle
        do {
            guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
            }
            handle = try FileHandle(forWritingTo: destination)
        } catch {
            throw .encoding(error)
        }
        var written: Int64 = 0
        do throws(QuiverError) {
            try stream { (chunk: Data) throws(QuiverError) in
                do {
                    try handle.write(contentsOf: chunk)
                } catch {
                    throw .encoding(error)
                }
                written += Int64(chunk.count)
            }
            do {
                try handle.close()
            } catch {
                throw .encoding(error)
            }
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: destination)
            throw error
        }
        return written
    }

    /// Produces the body as a sequence of chunks: each part's headers, its content (files in
    /// chunks of ``chunkSize``) and CRLF, then the closing delimiter.
    ///
    /// - Parameter emit: Receives the chunks in order.
    /// - Throws: Whatever `emit` throws; ``QuiverError/invalidRequest(_:)`` if a file cannot be
    ///   read or contains the boundary; ``QuiverError/cancelled`` if the current task is cancelled.
    func stream(into emit: (Data) throws(QuiverError) -> Void) throws(QuiverError) {
        for (index, part) in parts.enumerated() {
            if Task.isCancelled { throw .cancelled() }
            try emit(header(for: part))
            switch part.content {
            case .text(let text):
                try emit(Data(text.utf8))
            case .data(let data):
                try emit(data)
            case .file(let url):
                try streamFile(at: url, of: part, index: index, into: emit)
            }
            try emit(Data("\r\n".utf8))
        }
        try emit(Data("--\(boundary)--\r\n".utf8))
    }

    /// A part's delimiter line and headers, up to and including the blank line.
    ///
    /// Names and file names are written as UTF-8 inside double quotes, with `"` written as
    /// `%22` (the HTML standard's form encoding) and `\` as `%5C`, byte by byte; CR, LF and NUL
    /// are rejected by ``validate()``.
    func header(for part: Part) -> Data {
        var header = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.escape(part.name))\""
        if let fileName = part.fileName {
            header += "; filename=\"\(Self.escape(fileName))\""
        }
        header += "\r\n"
        if let mimeType = part.mimeType {
            header += "Content-Type: \(mimeType)\r\n"
        }
        header += "\r\n"
        return Data(header.utf8)
    }

    /// `value` as the inside of a quoted header parameter: every `"` byte written as `%22` and
    /// every `\` as `%5C`, so that nothing in a name can close the quotes or escape the closing
    /// quote, whatever follows it.
    ///
    /// This works on UTF-8 bytes, not `Character`s: a `"` followed by a combining mark (U+0301),
    /// a variation selector or a skin-tone modifier is one `Character` that is not `"`, yet its
    /// first byte is a quote that every multipart parser honours.
    static func escape(_ value: String) -> String {
        let bytes = value.utf8
        guard bytes.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return value }
        var escaped = [UInt8]()
        escaped.reserveCapacity(bytes.count + 8)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): escaped.append(contentsOf: "%22".utf8)
            case UInt8(ascii: "\\"): escaped.append(contentsOf: "%5C".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private func streamFile(
        at url: URL,
        of part: Part,
        index: Int,
        into emit: (Data) throws(QuiverError) -> Void
    ) throws(QuiverError) {
        let subject = Self.describe(part, index: index)
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .invalidRequest("\(subject): the file at \(url.path) cannot be opened (\(error))")
        }
        defer { try? handle.close() }
        var scanner = MultipartBoundaryScanner(boundary: boundary)
        while true {
            if Task.isCancelled { throw .cancelled() }
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: Self.chunkSize) ?? Data()
            } catch {
                throw .invalidRequest("\(subject): reading the file at \(url.path) failed (\(error))")
            }
            if chunk.isEmpty { return }
            if scanner.consume(chunk) {
                throw Self.boundaryCollision(part: part, index: index)
            }
            try emit(chunk)
        }
    }
}
