import Foundation
import NIOCore

extension ByteBuffer {
    /// The readable bytes, copied into new `Data` in one move.
    ///
    /// `Data(buffer.readableBytesView)` goes through `Data`'s initialiser for any byte sequence,
    /// which first asks by dynamic cast what kind of sequence it was handed: for a response of a
    /// few hundred bytes the cast cost more than the copy.
    var readableData: Data {
        withUnsafeReadableBytes { bytes in
            guard let start = bytes.baseAddress, !bytes.isEmpty else { return Data() }
            return Data(bytes: start, count: bytes.count)
        }
    }
}

extension Data {
    /// Appends the readable bytes of `buffer`, copied in one move (see ``NIOCore/ByteBuffer/readableData``).
    mutating func append(readableBytesOf buffer: ByteBuffer) {
        buffer.withUnsafeReadableBytes { bytes in
            bytes.withMemoryRebound(to: UInt8.self) { append($0) }
        }
    }
}
