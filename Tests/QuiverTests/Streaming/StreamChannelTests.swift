import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct StreamChannelTests {
    /// A connection reset may reach the channel before the provider has told it which request
    /// it carries: the consumer still gets an error that names the request.
    @Test func aFailureBeforeTheRequestIsKnownStillNamesIt() async throws {
        let channel = StreamChannel()
        channel.finish(throwing: URLError(.networkConnectionLost))
        let request = URLRequest(url: URL(string: "https://api.example.com/events")!)
        channel.configure(request: request, limits: StreamChannel.Limits())
        await #expect {
            _ = try await channel.next()
        } throws: { error in
            guard case .transport(let cause, _) = error as? QuiverError else { return false }
            return (cause as? URLError)?.code == .networkConnectionLost
                && (error as? QuiverError)?.request?.url == request.url
        }
    }
}
