import Testing
@testable import QuiverAsyncHTTPClient

/// How a response's HTTP version is written on the Quiver `Response` (and its lazily made
/// `HTTPURLResponse`): constants for the versions servers answer with, the same text otherwise.
@Suite struct ResponseReaderTests {
    @Test(arguments: [(1, 1, "HTTP/1.1"), (2, 0, "HTTP/2.0"), (1, 0, "HTTP/1.0"), (3, 0, "HTTP/3.0"), (0, 9, "HTTP/0.9")])
    func theVersionIsWrittenAsHTTPMajorDotMinor(major: Int, minor: Int, text: String) {
        #expect(ResponseReader.versionText(major: major, minor: minor) == text)
    }
}
