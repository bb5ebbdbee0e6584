// Path segments: the public `"\(segment:)"` interpolation, then what a request's path goes
// through (`URLPath.problem(inPath:)`, the check that refuses dot segments, and
// `URLPath.join(base:path:)`), then Foundation's `URL`.
//
// Input: the value, as UTF-8 (invalid bytes as U+FFFD).
// Properties:
// - `users/\(segment: value)/repos` has exactly three segments and no `?` or `#`;
// - its middle segment, percent-decoded, is the value; unless the value is `.` or `..`, which
//   must be refused by the path check instead (nothing sent);
// - otherwise the path check finds nothing, and the URL built on a base has that path, no query
//   and no fragment.
import Foundation
@testable import Quiver

enum PathSegmentHarness: FuzzHarness {
    static let name = "PathSegment"

    static func run(_ bytes: [UInt8]) {
        let value = String(decoding: bytes, as: UTF8.self)
        let path = "users/\(segment: value)/repos"
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        require(segments.count == 3, "\(value.debugDescription) made \(segments.count) segments: \(path)")
        require(!path.contains("?") && !path.contains("#"), "\(value.debugDescription) made \(path)")
        let middle = String(segments[1])
        let isDot = value == "." || value == ".."
        let problem = URLPath.problem(inPath: path)
        if isDot {
            require(problem != nil, "the dot segment \(path) is not refused")
            return
        }
        require(middle.removingPercentEncoding == value, "\(middle) decodes to \(String(describing: middle.removingPercentEncoding)), not \(value.debugDescription)")
        require(problem == nil, "\(path) refused: \(problem ?? "")")
        let joined = URLPath.join(base: "https://api.example.com/v1", path: path)
        guard let url = URL(string: joined) else { FuzzFailure.report("\(joined) is no URL") }
        require(url.query == nil && url.fragment == nil, "\(joined) has a query or a fragment")
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        require(components?.percentEncodedPath == "/v1/" + path, "\(joined)'s path is \(String(describing: components?.percentEncodedPath))")
    }
}
