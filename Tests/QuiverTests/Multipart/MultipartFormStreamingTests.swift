import Foundation
import Testing
@testable import Quiver

@Suite struct MultipartFormStreamingTests {
    static let fileSize = 64 * 1024 * 1024
    static let blockSize = 1024 * 1024

    /// A deterministic block of the test file: every block differs, so a misplaced chunk shows.
    static func block(_ index: Int) -> Data {
        var state = UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15
        var block = Data(count: blockSize)
        block.withUnsafeMutableBytes { bytes in
            for offset in stride(from: 0, to: bytes.count, by: 8) {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                bytes.storeBytes(of: state, toByteOffset: offset, as: UInt64.self)
            }
        }
        return block
    }

    @Test func a64MiBFilePartIsStreamedToTheDestinationByteForByte() throws {
        let scratch = try MultipartScratch()
        defer { scratch.remove() }
        let source = scratch.url("video.mp4")
        #expect(FileManager.default.createFile(atPath: source.path, contents: nil))
        let writer = try FileHandle(forWritingTo: source)
        for index in 0..<Self.fileSize / Self.blockSize {
            try writer.write(contentsOf: Self.block(index))
        }
        try writer.close()

        var form = MultipartForm()
        form.append("holiday", name: "title")
        form.append(fileAt: source, name: "video")
        form.append("done", name: "after")
        let destination = scratch.url("body")
        let written = try form.writeBody(to: destination)

        let head = "--\(form.boundary)\r\n"
            + "Content-Disposition: form-data; name=\"title\"\r\n\r\nholiday\r\n"
            + "--\(form.boundary)\r\n"
            + "Content-Disposition: form-data; name=\"video\"; filename=\"video.mp4\"\r\n"
            + "Content-Type: video/mp4\r\n\r\n"
        let tail = "\r\n--\(form.boundary)\r\n"
            + "Content-Disposition: form-data; name=\"after\"\r\n\r\ndone\r\n"
            + "--\(form.boundary)--\r\n"
        let headBytes = Data(head.utf8)
        let tailBytes = Data(tail.utf8)
        let expectedSize = headBytes.count + Self.fileSize + tailBytes.count
        #expect(written == Int64(expectedSize))
        let attributes = try FileManager.default.attributesOfItem(atPath: destination.path)
        #expect((attributes[.size] as? NSNumber)?.intValue == expectedSize)

        let reader = try FileHandle(forReadingFrom: destination)
        defer { try? reader.close() }
        #expect(try reader.read(upToCount: headBytes.count) == headBytes)
        // Compare the file part block by block, never holding more than one block.
        var mismatchedBlocks: [Int] = []
        for index in 0..<Self.fileSize / Self.blockSize {
            let written = try reader.read(upToCount: Self.blockSize)
            if written != Self.block(index) {
                mismatchedBlocks.append(index)
            }
        }
        #expect(mismatchedBlocks.isEmpty)
        #expect(try reader.read(upToCount: tailBytes.count + 1) == tailBytes)
        #expect(try scratch.contents() == ["body", "video.mp4"])
    }

    @Test func aFileOfExactlyOneChunkAndAnEmptyFileAreEncodedWhole() throws {
        let scratch = try MultipartScratch()
        defer { scratch.remove() }
        let exact = Data((0..<MultipartForm.chunkSize).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let exactFile = try scratch.file("exact.bin", contents: exact)
        let emptyFile = try scratch.file("empty.txt", contents: Data())
        var form = MultipartForm(boundary: "b0undary")
        form.append(fileAt: exactFile, name: "exact")
        form.append(fileAt: emptyFile, name: "empty")
        let body = try form.encodedData()
        let exactHeader = Data("filename=\"exact.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        let start = try #require(body.range(of: exactHeader)).upperBound
        #expect(body[start..<start + exact.count] == exact)
        let emptyPart = "filename=\"empty.txt\"\r\nContent-Type: text/plain\r\n\r\n\r\n--b0undary--\r\n"
        #expect(body.suffix(emptyPart.utf8.count) == Data(emptyPart.utf8))
    }
}
