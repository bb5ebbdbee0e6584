import Foundation

/// Cuts a byte stream into lines, however the bytes are split into chunks: the line parser
/// under ``ResponseStream/lines(limit:)`` and ``ResponseStream/events(lineLimit:eventLimit:)``.
///
/// Lines end at `\n` or `\r\n`; with ``acceptsLoneCarriageReturn`` (Server-Sent Events) a lone
/// `\r` ends one too. A `\r` that ends a chunk is held until the next chunk says whether a
/// `\n` follows. A line longer than ``limit`` bytes fails with ``StreamError/lineTooLong(limit:)`` as soon as it
/// passes the limit, so memory never holds more than one line of at most ``limit`` bytes; the lines
/// before it come first, however the bytes are cut (the failure is then ``failure``, thrown by the
/// next call).
struct LineSplitter: Sendable {
    /// The longest line, in bytes, without its line end.
    let limit: Int
    /// Whether a lone `\r` ends a line.
    let acceptsLoneCarriageReturn: Bool
    private var pending: [UInt8] = []
    /// The last byte seen was a `\r` that ended a line: a `\n` right after belongs to it.
    private var afterCarriageReturn = false
    /// Set when a line passed the limit after the chunk that held it completed other lines:
    /// those are returned, and every later call throws this.
    private(set) var failure: StreamError?

    init(limit: Int, acceptsLoneCarriageReturn: Bool = false) {
        self.limit = limit
        self.acceptsLoneCarriageReturn = acceptsLoneCarriageReturn
    }

    /// The lines `chunk` completes, in order.
    mutating func append(_ chunk: Data) throws(StreamError) -> [[UInt8]] {
        if let failure { throw failure }
        var lines: [[UInt8]] = []
        for byte in chunk {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\n"):
                if !acceptsLoneCarriageReturn, pending.last == UInt8(ascii: "\r") {
                    pending.removeLast()
                }
                lines.append(pending)
                pending.removeAll(keepingCapacity: true)
            case UInt8(ascii: "\r") where acceptsLoneCarriageReturn:
                lines.append(pending)
                pending.removeAll(keepingCapacity: true)
                afterCarriageReturn = true
            default:
                pending.append(byte)
                // Without lone CRs, a last "\r" may be half of "\r\n": not counted yet.
                let length = pending.count - (!acceptsLoneCarriageReturn && byte == UInt8(ascii: "\r") ? 1 : 0)
                guard length <= limit else {
                    // The lines completed before it are delivered first, as they would be had
                    // the chunk been cut before the long line.
                    let failure = StreamError.lineTooLong(limit: limit)
                    guard !lines.isEmpty else { throw failure }
                    self.failure = failure
                    pending = []
                    return lines
                }
            }
        }
        return lines
    }

    /// The last line, when the stream ended without a line end after it.
    ///
    /// - Throws: ``failure``, when a line passed the limit.
    mutating func finish() throws(StreamError) -> [UInt8]? {
        if let failure { throw failure }
        defer { pending = [] }
        if !acceptsLoneCarriageReturn, pending.last == UInt8(ascii: "\r") {
            pending.removeLast()
        }
        return pending.isEmpty ? nil : pending
    }
}
