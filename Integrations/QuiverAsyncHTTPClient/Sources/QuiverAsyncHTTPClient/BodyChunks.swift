import AsyncHTTPClient
import Foundation
import NIOCore

/// The body of a streamed response as `Data` chunks, read from the network only as it is
/// iterated; what the client throws is translated as ``TransportFailure`` translates it.
struct BodyChunks: AsyncSequence, Sendable {
    typealias Element = Data

    private let body: HTTPClientResponse.Body

    init(_ body: HTTPClientResponse.Body) {
        self.body = body
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate var base: HTTPClientResponse.Body.AsyncIterator

        mutating func next() async throws -> Data? {
            do {
                guard let buffer = try await base.next() else { return nil }
                return buffer.readableData
            } catch {
                throw TransportFailure.translating(error)
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: body.makeAsyncIterator())
    }
}
