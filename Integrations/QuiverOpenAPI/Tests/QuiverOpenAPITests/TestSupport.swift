import Foundation
import HTTPTypes
import OpenAPIRuntime
import Quiver
import QuiverOpenAPI

/// The test run's fault server (`QUIVER_FAULT_URL`, set by `scripts/test`). Under CI a missing
/// one fails the live tests instead of skipping them.
enum FaultServer {
    static let url = ProcessInfo.processInfo.environment["QUIVER_FAULT_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) }
    static let isAvailableOrRequired = url != nil || ProcessInfo.processInfo.environment["CI"] == "true"
}

/// Values several tasks append to, read once they are done.
///
/// `@unchecked Sendable`: every access to `values` holds `lock`.
final class Collected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        defer { lock.unlock() }
        values.append(value)
    }

    var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}

extension HTTPRequest {
    /// A request as a generated client makes one.
    static func operation(_ method: Method, _ pathAndQuery: String, _ fields: [(String, String)] = []) -> HTTPRequest {
        var headerFields = HTTPFields()
        for (name, value) in fields {
            if let name = HTTPField.Name(name) {
                headerFields.append(HTTPField(name: name, value: value))
            }
        }
        return HTTPRequest(method: method, scheme: nil, authority: nil, path: pathAndQuery, headerFields: headerFields)
    }
}

extension Optional where Wrapped == HTTPBody {
    /// The whole body as bytes (at most 64 MiB), or empty without one.
    func collected() async throws -> Data {
        guard let self else { return Data() }
        return try await Data(collecting: self, upTo: 64 << 20)
    }
}

/// A request body of `count` bytes (byte i is i % 251) in chunks of `chunk` bytes, each made only
/// when it is read, of unknown length: as a generated client streams a multipart or binary body.
/// With `failure`, reading fails once that many bytes were read.
func patternBody(count: Int, chunk: Int = 64 << 10, failingAfter failure: Int? = nil) -> HTTPBody {
    HTTPBody(PatternChunks(count: count, chunk: chunk, failure: failure), length: .unknown, iterationBehavior: .single)
}

/// The chunks of ``patternBody(count:chunk:failingAfter:)``.
struct PatternChunks: AsyncSequence, Sendable {
    let count: Int
    let chunk: Int
    let failure: Int?

    struct AsyncIterator: AsyncIteratorProtocol {
        let sequence: PatternChunks
        var sent = 0

        mutating func next() async throws -> ArraySlice<UInt8>? {
            if let failure = sequence.failure, sent >= failure {
                throw URLError(.networkConnectionLost)
            }
            guard sent < sequence.count else { return nil }
            let size = Swift.min(sequence.chunk, sequence.count - sent)
            defer { sent += size }
            return ArraySlice((sent..<sent + size).map { UInt8($0 % 251) })
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(sequence: self)
    }
}

/// The bytes of ``patternBody(count:chunk:failingAfter:)``, whole.
func patternBytes(count: Int) -> Data {
    Data((0..<count).map { UInt8($0 % 251) })
}
