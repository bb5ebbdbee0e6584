import Foundation
import Quiver
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One thing that went otherwise than a ``StubNetwork``'s expectations said.
enum StubNetworkProblem: Sendable {
    /// A request that met no expectation, and the expectation it came nearest.
    case unmatched(RecordedRequest, nearest: RequestExpectation?)
    /// A request that met an expectation already met as often as it may be.
    case tooOften(RecordedRequest, RequestExpectation)
    /// An expectation met fewer times than it asks, and the request that came nearest.
    case unmet(RequestExpectation, nearest: RecordedRequest?)
    /// An expectation that cannot be met: the target it was made from makes no request.
    case unusable(RequestExpectation, reason: String)

    /// The requests the message shows, whose secrets the redaction learns first.
    var requests: [RecordedRequest] {
        switch self {
        case .unmatched(let request, _), .tooOften(let request, _): [request]
        case .unmet(_, let nearest): nearest.map { [$0] } ?? []
        case .unusable: []
        }
    }

    /// The message, with every value of a listed name replaced by the marker; the caller
    /// finishes it with `pass`.
    func message(_ pass: inout RedactionPass) -> String {
        switch self {
        case .unmatched(let request, let nearest):
            var lines = ["\(request.summary) (request \(request.position)) met no expectation: it failed, and reached no network."]
            if let nearest {
                lines.append("  nearest: \(nearest.name)")
                lines += Self.lines(nearest.differences(from: request), &pass)
            } else {
                lines.append("  no expectation was set: add one with expect(_:_:) for each request the test makes.")
            }
            return lines.joined(separator: "\n")
        case .tooOften(let request, let expectation):
            return "\(request.summary) (request \(request.position)) met \(expectation.name) one time more than expected "
                + "(\(expectation.times)): it failed, and reached no network."
        case .unmet(let expectation, let nearest):
            let count = expectation.count
            var lines = ["\(expectation.name) was met \(count == 1 ? "once" : "\(count) times"), expected \(expectation.times)."]
            if let nearest {
                lines.append("  nearest request: \(nearest.summary) (request \(nearest.position))")
                lines += Self.lines(expectation.differences(from: nearest), &pass)
            } else if count == 0 {
                lines.append("  no request was sent.")
            }
            return lines.joined(separator: "\n")
        case .unusable(let expectation, let reason):
            return "\(expectation.name) can never be met: \(reason)"
        }
    }

    /// A line per difference: `    json public: expected true, sent false`.
    private static func lines(_ differences: [RequestDifference], _ pass: inout RedactionPass) -> [String] {
        differences.map { difference in
            guard let name = difference.name else {
                return "    \(difference.subject): expected \(difference.expected), sent \(difference.actual ?? "nothing")"
            }
            let expected = pass.value(difference.expected, named: name)
            guard let sent = difference.actual else {
                // No `name:` before the expected value either: see below.
                return "    \(difference.subject) was not sent (expected \(expected))"
            }
            let actual = pass.value(sent, named: name)
            guard expected != actual else {
                // No `name:` here: the redaction would take what follows a listed name and colon
                // for its value.
                return "    \(difference.subject) differs from the value expected (both redacted)"
            }
            return "    \(difference.subject): expected \(expected), sent \(actual)"
        }
    }
}
