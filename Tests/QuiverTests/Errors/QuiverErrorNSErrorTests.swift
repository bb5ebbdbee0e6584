import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// ``QuiverError`` bridged to `NSError`: domain, codes, user info, underlying error.
@Suite struct QuiverErrorNSErrorTests {
    private struct Broken: Error {}

    private static let url = URL(string: "https://api.example.com/users")!
    private static let response = Response(statusCode: 404, data: Data(), request: URLRequest(url: url))

    @Test(arguments: [
        (QuiverError.invalidRequest("bad"), 1), (.encoding(Broken()), 2), (.statusCode(response), 3),
        (.decoding(Broken(), response), 4), (.transport(URLError(.notConnectedToInternet), nil), 5),
        (.timedOut(), 6), (.cancelled(), 7), (.plugin(Broken()), 8),
    ])
    func eachCaseHasAStableCodeInTheQuiverDomain(error: QuiverError, code: Int) {
        let bridged = error as NSError
        #expect(bridged.domain == "Quiver.QuiverError")
        #expect(bridged.code == code)
        #expect(bridged.localizedDescription == error.description)
    }

    @Test func theUnderlyingErrorIsKeptUnderItsKey() throws {
        let cause = URLError(.notConnectedToInternet)
        let bridged = QuiverError.transport(cause, nil) as NSError
        let underlying = try #require(bridged.userInfo[NSUnderlyingErrorKey] as? NSError)
        #expect(underlying.code == URLError.notConnectedToInternet.rawValue)
        #expect((QuiverError.transport(cause, nil).underlyingError as? URLError)?.code == .notConnectedToInternet)
        #expect(QuiverError.plugin(Broken()).underlyingError is Broken)
        #expect(QuiverError.timedOut().underlyingError == nil)
        #expect(QuiverError.statusCode(Self.response).underlyingError == nil)
    }

    @Test func aResponseGivesItsURLAndStatusCode() {
        let bridged = QuiverError.statusCode(Self.response) as NSError
        #expect(bridged.userInfo[NSURLErrorFailingURLErrorKey] as? URL == Self.url)
        #expect(bridged.userInfo["QuiverStatusCode"] as? Int == 404)
        #expect((QuiverError.invalidRequest("x") as NSError).userInfo[NSUnderlyingErrorKey] == nil)
    }
}
