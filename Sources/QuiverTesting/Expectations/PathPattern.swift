import Foundation

/// A path pattern: segments compared percent-decoded, `*` for any one segment, `**` for any
/// number of them (none included). Split once, when the expectation is made.
struct PathPattern: Sendable, CustomStringConvertible {
    /// The pattern as written.
    let description: String
    /// Its segments: `nil` for `*`, `"**"` kept as it is, the others decoded.
    private let segments: [Segment]
    /// The path the pattern is when it has no wildcard and no escape: most patterns, compared
    /// byte for byte with a request's path before it is split into segments (reading the path
    /// with `URLComponents` and splitting it took a tenth of a stub network's time per request).
    private let plainPath: String?

    private enum Segment: Sendable, Equatable {
        case one
        case any
        case literal(String)
    }

    /// Compiles `pattern`.
    init(_ pattern: String) {
        description = pattern
        let segments: [Segment] = pattern.split(separator: "/", omittingEmptySubsequences: true).map { segment in
            switch segment {
            case "*": .one
            case "**": .any
            default: .literal(Self.decoded(segment))
            }
        }
        self.segments = segments
        let literals = segments.compactMap { segment -> String? in
            guard case .literal(let literal) = segment, !literal.utf8.contains(UInt8(ascii: "%")),
                  !literal.utf8.contains(UInt8(ascii: "/")) else { return nil }
            return literal
        }
        plainPath = literals.count == segments.count ? "/" + literals.joined(separator: "/") : nil
    }

    /// `path` as a pattern that matches it alone: a segment that is `*` or `**` stands for
    /// itself.
    static func literal(_ path: String) -> PathPattern {
        PathPattern(path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment == "*" || segment == "**" ? segment.replacingOccurrences(of: "*", with: "%2A") : String(segment)
        }.joined(separator: "/"))
    }

    /// Whether `path` matches.
    func matches(_ path: String) -> Bool {
        Self.matches(segments[...], path.split(separator: "/", omittingEmptySubsequences: true)[...])
    }

    /// Whether the path of `request` matches: compared byte for byte when the pattern is a
    /// plain path, before splitting it into segments.
    func matches(_ request: RecordedRequest) -> Bool {
        if let plainPath, request.pathIs(plainPath) {
            return true
        }
        return matches(request.path)
    }

    private static func decoded(_ segment: some StringProtocol) -> String {
        segment.utf8.contains(UInt8(ascii: "%")) ? segment.removingPercentEncoding ?? String(segment) : String(segment)
    }

    private static func matches(_ pattern: ArraySlice<Segment>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        switch first {
        case .any:
            let rest = pattern.dropFirst()
            return (path.startIndex...path.endIndex).contains { matches(rest, path[$0...]) }
        case .one:
            return !path.isEmpty && matches(pattern.dropFirst(), path.dropFirst())
        case .literal(let literal):
            guard let segment = path.first, decoded(segment) == literal else { return false }
            return matches(pattern.dropFirst(), path.dropFirst())
        }
    }
}
