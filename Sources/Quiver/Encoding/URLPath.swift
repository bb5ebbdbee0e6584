/// Joins base URLs and paths and appends queries, on the URL's text.
enum URLPath {
    /// `base` and `path` joined with exactly one `/`, each path segment percent-encoded, the
    /// base URL's query (and fragment) kept at the end. An empty path leaves `base` as it is.
    static func join(base: String, path: String) -> String {
        guard !path.isEmpty else { return base }
        let (head, tail) = split(base)
        var result = head
        while result.hasSuffix("/") {
            result.removeLast()
        }
        let trimmedPath = path.drop(while: { $0 == "/" })
        result.append("/")
        appendEncodedPath(trimmedPath.utf8, to: &result)
        result.append(contentsOf: tail)
        return result
    }

    /// `url` with `query` (already percent-encoded) added to its query, before any fragment.
    static func appending(query: String, to url: String) -> String {
        let (head, tail) = split(url)
        guard let questionMark = tail.firstIndex(of: "?") else {
            return head + "?" + query + tail
        }
        // `tail` is "?existing[#fragment]": put the new items after the existing ones.
        let fragmentStart = tail.firstIndex(of: "#") ?? tail.endIndex
        let existing = tail[tail.index(after: questionMark)..<fragmentStart]
        let separator = existing.isEmpty || existing.hasSuffix("&") ? "" : "&"
        return head + "?" + existing + separator + query + tail[fragmentStart...]
    }

    /// Splits a URL string before its query or fragment.
    private static func split(_ url: String) -> (head: String, tail: Substring) {
        guard let index = url.firstIndex(where: { $0 == "?" || $0 == "#" }) else {
            return (url, "")
        }
        return (String(url[..<index]), url[index...])
    }

    /// Appends `path`, percent-encoding every byte that may not stand in a path segment.
    /// `/` separates segments and stays; `%` is encoded too, since paths are plain text.
    private static func appendEncodedPath(_ path: Substring.UTF8View, to result: inout String) {
        if path.allSatisfy(isPathByte) {
            result.append(contentsOf: Substring(path))
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.count * 3)
        for byte in path {
            if isPathByte(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        result.append(String(decoding: bytes, as: UTF8.self))
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
