/// Joins base URLs and paths and appends queries, on the URL's text.
enum URLPath {
    /// `base` and `path` joined with exactly one `/`, each path segment percent-encoded (a `%`
    /// followed by two hex digits is an escape already made, such as `\(segment:)` writes, and
    /// is kept), the base URL's query (and fragment) kept at the end. An empty path leaves
    /// `base` as it is.
    static func join(base: String, path: String) -> String {
        guard !path.isEmpty else { return base }
        var base = base
        var path = path
        return base.withUTF8 { base in path.withUTF8 { path in join(base, path) } }
    }

    /// ``join(base:path:)`` on the texts' bytes: every delimiter here is ASCII, and the result
    /// is written in one allocation. (Walking `Character`s, grapheme breaking included, cost
    /// more than parsing the URL afterwards.)
    private static func join(_ base: UnsafeBufferPointer<UInt8>, _ path: UnsafeBufferPointer<UInt8>) -> String {
        let tailStart = base.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? base.endIndex
        var headEnd = tailStart
        while headEnd > 0, base[headEnd - 1] == UInt8(ascii: "/") {
            headEnd -= 1
        }
        let segments = UnsafeBufferPointer(rebasing: path[(path.firstIndex { $0 != UInt8(ascii: "/") } ?? path.endIndex)...])
        // Each escaped byte takes two more: "%XX".
        var escapes = 0
        for index in segments.indices where !isPathByte(segments[index]) && !isEscape(in: segments, at: index) {
            escapes += 2
        }
        let count = headEnd + 1 + segments.count + escapes + (base.count - tailStart)
        return String(unsafeUninitializedCapacity: count) { buffer in
            var written = 0
            func write(_ byte: UInt8) {
                buffer[written] = byte
                written += 1
            }
            for byte in base[..<headEnd] {
                write(byte)
            }
            write(UInt8(ascii: "/"))
            for index in segments.indices {
                let byte = segments[index]
                if isPathByte(byte) || isEscape(in: segments, at: index) {
                    write(byte)
                } else {
                    write(UInt8(ascii: "%"))
                    write(ASCII.hexDigit(byte >> 4))
                    write(ASCII.hexDigit(byte & 0x0F))
                }
            }
            for byte in base[tailStart...] {
                write(byte)
            }
            return written
        }
    }

    /// Why `path` cannot be a target's path, or `nil`.
    ///
    /// - A `?` or `#`: a path is plain text, so it would be escaped and sent as part of the path
    ///   (`users?page=2` as `users%3Fpage=2`), which is never what was meant.
    /// - A `.` or `..` segment: the transport or the server resolves it (libcurl sends
    ///   `users/../../admin` as `/admin`), so a value in the path could reach another resource;
    ///   unless `allowsDotSegments`, asked only when one is found.
    /// - A percent-encoded dot segment (`%2E`, `%2e%2E`): servers that decode before resolving
    ///   read it as one, and it is what `\(segment:)` makes of a value `.` or `..`; always refused.
    static func problem(inPath path: String, allowsDotSegments: @autoclosure () -> Bool = false) -> String? {
        // Every request's path is asked: on its contiguous bytes where it has them.
        func scan(skippingDotSegments: Bool) -> Finding? {
            let scan = { firstFinding(in: $0, skippingDotSegments: skippingDotSegments) }
            return path.utf8.withContiguousStorageIfAvailable(scan) ?? Array(path.utf8).withUnsafeBufferPointer(scan)
        }
        var finding = scan(skippingDotSegments: false)
        if case .dotSegment(_, encoded: false) = finding, allowsDotSegments() {
            finding = scan(skippingDotSegments: true)
        }
        switch finding {
        case nil:
            return nil
        case .mark(let mark) where mark == UInt8(ascii: "?"):
            return "the path \(String(reflecting: path)) contains \"?\": a path is plain text and its \"?\" would be sent "
                + "escaped, as %3F. Put the query in the task instead: .query([\"page\": 2]) or task.adding(query:)"
        case .mark:
            return "the path \(String(reflecting: path)) contains \"#\": a path is plain text and its \"#\" would be sent "
                + "escaped, as %23 (a fragment is never sent to a server). Remove it from the path"
        case .dotSegment(let segment, encoded: false):
            return "the path \(String(reflecting: path)) has the segment \"\(segment)\", which the transport or the server "
                + "resolves (\"users/../admin\" reaches \"/admin\"). Put values in a path with \"\\(segment: value)\", "
                + "which keeps each in one segment; a target that means to send dot segments adopts DotSegmentsAllowing"
        case .dotSegment(let segment, encoded: true):
            return "the path \(String(reflecting: path)) has the segment \"\(segment)\", a percent-encoded dot segment that "
                + "servers may resolve as \".\" or \"..\" (\\(segment:) writes it for a value \".\" or \"..\", which cannot "
                + "name one segment). Check the value put in the path"
        }
    }

    /// What ``problem(inPath:allowsDotSegments:)`` found first.
    private enum Finding {
        /// A `?` or `#`.
        case mark(UInt8)
        /// A `.` or `..` segment, `encoded` when spelled with `%2E`.
        case dotSegment(String, encoded: Bool)
    }

    /// The first `?`, `#` or dot segment in `path`; `skippingDotSegments` passes over those
    /// spelled with dots only (a target that allows them), never over percent-encoded ones.
    private static func firstFinding(in path: UnsafeBufferPointer<UInt8>, skippingDotSegments: Bool) -> Finding? {
        var segmentStart = 0
        for index in 0...path.count {
            let byte = index < path.count ? path[index] : UInt8(ascii: "/")
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                return .mark(byte)
            }
            guard byte == UInt8(ascii: "/") else { continue }
            // A dot segment is one or two dots, each `.` or `%2E`: at most six bytes.
            if index > segmentStart, index - segmentStart <= 6,
               let encoded = dotSegmentIsEncoded(UnsafeBufferPointer(rebasing: path[segmentStart..<index])),
               encoded || !skippingDotSegments {
                return .dotSegment(String(decoding: path[segmentStart..<index], as: UTF8.self), encoded: encoded)
            }
            segmentStart = index + 1
        }
        return nil
    }

    /// Whether `segment`, a dot segment, spells a dot as `%2E`; `nil` when it is no dot segment.
    private static func dotSegmentIsEncoded(_ segment: UnsafeBufferPointer<UInt8>) -> Bool? {
        var dots = 0
        var encoded = false
        var index = 0
        while index < segment.count {
            if segment[index] == UInt8(ascii: ".") {
                index += 1
            } else if segment[index] == UInt8(ascii: "%"), index + 2 < segment.count, segment[index + 1] == UInt8(ascii: "2"),
                      segment[index + 2] | 0x20 == UInt8(ascii: "e") {
                encoded = true
                index += 3
            } else {
                return nil
            }
            dots += 1
        }
        return dots <= 2 ? encoded : nil
    }

    /// `url` with `query` (already percent-encoded) added to its query, before any fragment.
    static func appending(query: String, to url: String) -> String {
        let bytes = url.utf8
        let tailStart = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.endIndex
        guard tailStart < bytes.endIndex, bytes[tailStart] == UInt8(ascii: "?") else {
            // No query yet: "head?query[#fragment]".
            return url[..<tailStart] + "?" + query + url[tailStart...]
        }
        // "head?existing[#fragment]": put the new items after the existing ones.
        let queryStart = bytes.index(after: tailStart)
        let fragmentStart = bytes[queryStart...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        let existing = url[queryStart..<fragmentStart]
        let separator = existing.isEmpty || existing.utf8.last == UInt8(ascii: "&") ? "" : "&"
        return url[..<fragmentStart] + separator + query + url[fragmentStart...]
    }

    /// Whether `bytes[index]` begins an escape: `%` and two hex digits.
    private static func isEscape(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        bytes[index] == UInt8(ascii: "%") && index + 2 < bytes.count
            && ASCII.hexValue(bytes[index + 1]) != nil && ASCII.hexValue(bytes[index + 2]) != nil
    }

    /// RFC 3986 `pchar` without `%`, plus `/`: unreserved, sub-delims, `:` and `@`.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"),
             UInt8(ascii: "@"), UInt8(ascii: "/"):
            true
        default:
            ASCII.isUnreserved(byte)
        }
    }
}
