/// Writes a request as a `curl` command: `curl -X METHOD 'URL' -H 'Name: value' … -d 'body'`.
///
/// It is handed parts that are already redacted; it only quotes them for a POSIX shell.
enum CURLDescription {
    /// The command, on one line.
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - url: The URL, redacted.
    ///   - headers: The header fields, redacted, in the order to write them.
    ///   - body: The body text, redacted, or `nil` for none.
    static func command(method: String, url: String, headers: [(name: String, value: String)], body: String?) -> String {
        let plainMethod = !method.isEmpty && method.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        var parts = ["curl", "-X", plainMethod ? method : quoted(method), quoted(url)]
        for (name, value) in headers {
            parts.append("-H")
            parts.append(quoted("\(name): \(value)"))
        }
        if let body {
            parts.append("-d")
            parts.append(quoted(body))
        }
        return parts.joined(separator: " ")
    }

    /// `text` in single quotes, each `'` written as `'\''`, scalar by scalar: a `'` that a
    /// combining mark follows is one character with it, which a split by character passes over,
    /// and a shell would end the quotes there and run what follows.
    static func quoted(_ text: String) -> String {
        var quoted = String.UnicodeScalarView()
        quoted.append("'")
        for scalar in text.unicodeScalars {
            if scalar == "'" {
                quoted.append(contentsOf: "'\\''".unicodeScalars)
            } else {
                quoted.append(scalar)
            }
        }
        quoted.append("'")
        return String(quoted)
    }
}
