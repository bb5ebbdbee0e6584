// The fixture file format (QuiverTesting): `Fixture(fileData:)` on a file from disk, `fileData()`
// (what `RecordingPlugin` writes), and the fixtures generator reading what was written
// (`FixtureFile(data:path:name:)`).
//
// Input: a mode byte. Mode even: the rest is a fixture file. Mode odd: a fixture made from the
// input (method, path, status, headers, a body of any bytes or JSON text, stream chunks).
// Properties:
// - a file that reads writes back, and what it writes reads as the same fixture and writes the
//   same bytes again (parse → write → parse → write is stable);
// - a fixture written reads back as itself: the same request, status, headers and body (a JSON
//   body as its minified text, a streamed one as the pieces it was sent in);
// - the generator reads every file Quiver writes (status 100 to 599) as that same recorded
//   fixture.
import Foundation
@testable import QuiverTesting
@testable import QuiverFixturesGenerator
@testable import Quiver

enum FixtureFilesHarness: FuzzHarness {
    static let name = "FixtureFiles"

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let mode = input.byte()
        if mode % 2 == 0 {
            let data = Data(input.rest)
            guard let fixture = try? Fixture(fileData: data) else { return }
            let written: Data
            do {
                written = try fixture.fileData()
            } catch {
                FuzzFailure.report("a fixture read from a file does not write: \(error)")
            }
            guard let again = try? Fixture(fileData: written) else {
                FuzzFailure.report("\(String(decoding: written, as: UTF8.self)) (written from a file) does not read")
            }
            require(again == fixture, "\(fixture) written and read is \(again)")
            require((try? again.fileData()) == written, "writing again gives other bytes")
            checkGenerator(written, reads: fixture)
            return
        }

        let method = ["GET", "POST", "PUT", "DELETE"][Int(mode >> 1) % 4]
        let path = input.string(upTo: 24)
        let status = input.int(in: 0...700)
        var headers: [String: String] = [:]
        for _ in 0..<input.int(in: 0...3) {
            headers[input.string(upTo: 12)] = input.string(upTo: 24)
        }
        var chunks: [Fixture.Chunk] = []
        for _ in 0..<input.int(in: 0...3) where mode & 0x40 != 0 {
            chunks.append(Fixture.Chunk(byteCount: input.int(in: -1...40), at: Double(input.int(in: 0...1000)) / 8))
        }
        let body = Data(input.rest)
        let fixture = Fixture(request: .init(method: method, path: path), statusCode: status, headers: headers, body: body, chunks: chunks)
        let written: Data
        do {
            written = try fixture.fileData()
        } catch {
            FuzzFailure.report("\(fixture) does not write: \(error)")
        }
        let read: Fixture
        do {
            read = try Fixture(fileData: written)
        } catch {
            FuzzFailure.report("\(String(decoding: written, as: UTF8.self)) does not read: \(error)")
        }
        require(read.request == fixture.request && read.statusCode == status && read.headers == headers,
                "\(fixture) reads back as \(read)")
        if chunks.isEmpty {
            let expected = JSONText.isDocument(body) ? JSONText.minified(body) : body
            require(read.body == expected, "the body \(Array(body)) reads back as \(Array(read.body))")
            require(read.chunks.isEmpty, "chunks from nowhere")
        } else {
            let pieces = fixture.pieces()
            require(read.body == body, "the streamed body \(Array(body)) reads back as \(Array(read.body))")
            require(read.chunks == pieces.map { Fixture.Chunk(byteCount: $0.data.count, at: $0.time) },
                    "chunks \(read.chunks) for pieces \(pieces.map { ($0.data.count, $0.time) })")
        }
        require((try? read.fileData()).flatMap { try? Fixture(fileData: $0) } == read, "read, written and read again differs")
        checkGenerator(written, reads: read)
    }

    /// The generator reads `file` as `fixture`, when its status is one it takes.
    static func checkGenerator(_ file: Data, reads fixture: Fixture) {
        guard (100...599).contains(fixture.statusCode) else { return }
        do {
            let loaded = try FixtureFile(data: file, path: "Fixtures/f.json", name: "f.json")
            guard case .recorded(let recorded) = loaded.content else {
                FuzzFailure.report("the generator reads a recorded fixture as a sample")
            }
            require(recorded == fixture, "the generator reads \(recorded), Quiver \(fixture)")
        } catch {
            FuzzFailure.report("the generator refuses \(String(decoding: file, as: UTF8.self)): \(error)")
        }
    }
}
