/// Joins base URLs and paths and appends queries, on the URL's text.
enum URLPath {
    /// `base` and `path` joined with exactly one `/`, each path segment percent-encoded, the
    /// base URL's query (and fragment) kept at the end. An empty path leaves `base` as it is.
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
        let escapes = segments.reduce(0) { $0 + (isPathByte($1) ? 0 : 2) }
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
            for byte in segments {
                if isPathByte(byte) {
                    write(byte)
                } else {
                    write(UInt8(ascii: "%"))
                    write(hexDigits[Int(byte >> 4)])
                    write(hexDigits[Int(byte & 0x0F)])
                }
            }
            for byte in base[tailStart...] {
                write(byte)
            }
            return written
        }
    }

    /// Why `path` cannot be a target's path, or `nil`: a path is plain text, so a `?` or `#`
    /// in it would be escaped and sent as part of the path (`users?page=2` as
    /// `users%3Fpage=2`), which is never what was meant.
    static func problem(inPath path: String) -> String? {
        // Every request's path is asked: on its contiguous bytes where it has them.
        func isMark(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") }
        let found = path.utf8.withContiguousStorageIfAvailable { bytes -> UInt8? in
            var index = 0
            while index < bytes.count {
                if isMark(bytes[index]) { return bytes[index] }
                index += 1
            }
            return nil
        } ?? path.utf8.first(where: isMark)
        guard let mark = found else {
            return nil
        }
        if mark == UInt8(ascii: "?") {
            return "the path \(String(reflecting: path)) contains \"?\": a path is plain text and its \"?\" would be sent "
                + "escaped, as %3F. Put the query in the task instead: .query([\"page\": 2]) or task.adding(query:)"
        }
        return "the path \(String(reflecting: path)) contains \"#\": a path is plain text and its \"#\" would be sent "
            + "escaped, as %23 (a fragment is never sent to a server). Remove it from the path"
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

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// RFC 3986 `pchar` without `%`, plus `/`: unreserved, sub-delims, `:` and `@`.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
             UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"),
             UInt8(ascii: "@"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }
}
