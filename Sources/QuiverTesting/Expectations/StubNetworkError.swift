import Foundation
import Quiver
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a ``StubNetwork`` found wrong: requests that met no expectation or met one too often,
/// and expectations not met as often as they ask. Each message shows the nearest request or
/// expectation and how it differs, header by header and JSON key path by key path.
///
/// The messages pass through the redaction policy (`Redaction.default`), as every output of
/// Quiver does: a token, a cookie or a listed field is never quoted, only said to differ.
public struct StubNetworkError: Error, Sendable, CustomStringConvertible {
    /// One message per problem, in the order the problems arose.
    public let messages: [String]

    init(_ problems: [StubNetworkProblem]) {
        var pass = RedactionPass(Redactor(Redaction.default))
        for request in problems.flatMap(\.requests) {
            pass.collect(from: request.urlRequest, includingBody: true)
        }
        var messages: [String] = []
        for problem in problems {
            messages.append(problem.message(&pass))
        }
        self.messages = messages.map { [pass] in pass.finish($0) }
    }

    /// `StubNetwork: 2 problems` and each message.
    public var description: String {
        let heading = "StubNetwork: \(messages.count == 1 ? "1 problem" : "\(messages.count) problems")"
        return ([heading] + messages.map { "- " + $0 }).joined(separator: "\n")
    }
}
