import Testing
@testable import Quiver

@Suite struct ByteBufferTests {
    @Test func growsPastTheBorrowedStorageKeepingItsBytes() {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { storage in
            var buffer = ByteBuffer(initialStorage: storage)
            for byte in UInt8(0)..<100 {
                buffer.append(byte)
            }
            buffer.append(1, 2, 3)
            buffer.append("xyz")
            let count = buffer.count
            #expect(count == 106)
            buffer.withUnsafeBytes { bytes in
                #expect(Array(bytes) == Array(0..<100) + [1, 2, 3] + Array("xyz".utf8))
            }
        }
    }

    @Test func truncatingDropsTheTail() {
        var buffer = ByteBuffer(capacity: 2)
        buffer.append("hello world")
        buffer.truncate(to: 5)
        buffer.append("!")
        buffer.withUnsafeBytes { #expect(String(decoding: $0, as: UTF8.self) == "hello!") }
    }

    @Test func emptyBorrowedStorageFallsBackToTheHeap() {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 0) { storage in
            var buffer = ByteBuffer(initialStorage: storage)
            let wasEmpty = buffer.isEmpty
            #expect(wasEmpty)
            buffer.append(contentsOf: ByteBuffer(capacity: 1))
            buffer.append(42)
            buffer.withUnsafeBytes { #expect(Array($0) == [42]) }
        }
    }
}
