import Foundation

/// A short, readable excerpt of a text body for error messages: markup tags dropped, runs of
/// white space made one space, cut at ``maximumLength`` characters.
enum BodySnippet {
    /// The longest excerpt, in characters, before `…`.
    static let maximumLength = 200

    /// The excerpt of `response`'s body, redacted whole by `pass` before it is cut (a cut never
    /// leaves the start of a secret), or `nil` for an empty, binary or saved-to-file body.
    static func text(of response: Response, redactedBy pass: RedactionPass) -> String? {
        guard !response.data.isEmpty, response.fileURL == nil, isText(response) else { return nil }
        // Only the start is ever shown: don't redact or decode a large body whole. The part
        // redacted reaches far beyond the part shown, so a cut there is never seen.
        let head = pass.finish(response.data.prefix(65_536)).prefix(maximumLength * 8)
        guard let text = String(data: head, encoding: .utf8) ?? String(data: head.dropLast(3), encoding: .utf8) else {
            return nil
        }
        let cleaned = clean(text)
        guard !cleaned.isEmpty else { return nil }
        guard cleaned.count > maximumLength else { return cleaned }
        return cleaned.prefix(maximumLength).trimmingCharacters(in: .whitespaces) + "…"
    }

    /// Whether the body is text by its `Content-Type`, or by its bytes when it names none.
    private static func isText(_ response: Response) -> Bool {
        if let type = response.value(forHTTPHeaderField: "Content-Type")?.lowercased() {
            return type.hasPrefix("text/") || type.contains("json") || type.contains("xml")
                || type.contains("html") || type.contains("x-www-form-urlencoded")
        }
        return !response.data.prefix(512).contains { $0 < 0x09 || $0 == 0x7F }
    }

    /// `text` without tags, `<script>`/`<style>` contents and control characters, its white
    /// space collapsed.
    static func clean(_ text: String) -> String {
        var result = ""
        var inTag = false
        var skipping: String?          // the closing tag of a <script> or <style> being skipped
        var tag = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if inTag {
                if scalar == ">" {
                    inTag = false
                    let name = tag.lowercased().split(whereSeparator: { $0 == " " || $0 == "/" }).first.map(String.init) ?? ""
                    if let closing = skipping {
                        if tag.lowercased().hasPrefix("/" + closing) { skipping = nil }
                    } else if name == "script" || name == "style" {
                        skipping = name
                    }
                    pendingSpace = true
                } else {
                    tag.unicodeScalars.append(scalar)
                }
                continue
            }
            if scalar == "<" {
                inTag = true
                tag = ""
                continue
            }
            if skipping != nil { continue }
            if scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F {
                pendingSpace = true
                continue
            }
            if pendingSpace, !result.isEmpty { result.append(" ") }
            pendingSpace = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
