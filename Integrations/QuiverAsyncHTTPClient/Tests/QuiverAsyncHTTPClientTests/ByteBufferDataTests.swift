import Foundation
import NIOCore
import Testing
@testable import QuiverAsyncHTTPClient

/// Response bytes as `Data`: only the readable part of a buffer, whatever was read from it
/// already, and nothing of an empty one.
@Suite struct ByteBufferDataTests {
    @Test func aBufferGivesItsReadableBytes() {
        var buffer = ByteBuffer(bytes: Array(0...255))
        #expect(buffer.readableData == Data(Array(0...255)))
        buffer.moveReaderIndex(forwardBy: 200)
        #expect(buffer.readableData == Data(Array(200...255)))
    }

    @Test func anEmptyBufferGivesEmptyData() {
        var buffer = ByteBuffer(bytes: [1, 2, 3])
        buffer.moveReaderIndex(forwardBy: 3)
        #expect(buffer.readableData.isEmpty)
        #expect(ByteBuffer().readableData.isEmpty)
    }

    @Test func chunksAppendInOrder() {
        var data = Data([9])
        var first = ByteBuffer(bytes: [0, 1, 2, 3])
        first.moveReaderIndex(forwardBy: 1)
        data.append(readableBytesOf: first)
        data.append(readableBytesOf: ByteBuffer())
        data.append(readableBytesOf: ByteBuffer(bytes: [4, 5]))
        #expect(data == Data([9, 1, 2, 3, 4, 5]))
    }
}
