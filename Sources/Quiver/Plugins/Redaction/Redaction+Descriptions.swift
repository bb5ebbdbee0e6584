import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The descriptions and mirrors of the values that carry request or response data, redacted by
// ``Redaction/default`` through a ``RedactionPass`` that learned the value's own secrets: what
// `print`, `String(describing:)`, `String(reflecting:)`, `debugPrint` and `dump()` show, which
// users paste into bug reports. A mirror has these redacted texts as its only children.

extension Response: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `GET https://api.example.com/users → 200, 512 bytes` (or `→ 200, saved to <path>`), with
    /// ` (from cache (age 12 s))` when the provider's ``HTTPCache`` answered, redacted.
    public var description: String {
        RedactionPass.learning(request, self).finish(plainDescription)
    }

    /// The description, the header fields and the body (as text when it is UTF-8), redacted.
    public var debugDescription: String {
        let pass = RedactionPass.learning(request, self)
        let headers = RedactionPass.describe(Self.redactedHeaders(of: self, by: pass))
        return pass.finish(plainDescription + "\n" + headers + "\n" + Self.bodyText(pass.finish(data)))
    }

    /// The status, the request (method and URL), the header fields, the body and the file,
    /// redacted.
    public var customMirror: Mirror {
        let pass = RedactionPass.learning(request, self)
        var children: [(label: String?, value: Any)] = [
            ("statusCode", statusCode),
            ("request", pass.finish(requestSummary)),
            ("headers", RedactionPass.describe(Self.redactedHeaders(of: self, by: pass))),
            ("body", Self.bodyText(pass.finish(data))),
        ]
        if let fileURL { children.append(("fileURL", pass.finish(fileURL.path))) }
        if let errorMessage { children.append(("errorMessage", pass.finish(errorMessage))) }
        return Mirror(self, children: children, displayStyle: .struct)
    }

    private var plainDescription: String {
        if let fileURL { return "\(requestSummary) → \(statusCode), saved to \(fileURL.path)" }
        let origin = source == .network ? "" : " (from \(source))"
        return "\(requestSummary) → \(statusCode), \(data.count) bytes\(origin)"
    }

    private static func redactedHeaders(of response: Response, by pass: RedactionPass) -> [(name: String, value: String)] {
        var copy = pass
        return copy.headers(response.headerFieldsByName).map { ($0.name, pass.finish($0.value)) }
    }

    /// A redacted body as text, or `<N bytes of binary data>`.
    static func bodyText(_ data: Data) -> String {
        BodyText.text(of: data) ?? BodyText.binarySummary(of: data)
    }
}

extension Endpoint: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `GET https://api.example.com/users`, redacted.
    public var description: String {
        learned.finish("\(method.rawValue) \(url)")
    }

    /// The description, the header fields and the task, redacted.
    public var debugDescription: String {
        let pass = learned
        return pass.finish("\(method.rawValue) \(url)\n\(redactedHeaders(by: pass))\n\(task)")
    }

    /// The URL, the method, the task and the header fields, redacted.
    public var customMirror: Mirror {
        let pass = learned
        return Mirror(self, children: [
            ("url", pass.finish(url)), ("method", method.rawValue), ("task", pass.finish("\(task)")),
            ("httpHeaderFields", redactedHeaders(by: pass)),
        ], displayStyle: .struct)
    }

    /// A pass that learned the URL's and the header fields' secrets.
    private var learned: RedactionPass {
        var pass = RedactionPass(Redaction.defaultRedactor)
        _ = pass.text(url)
        pass.learn(headers: httpHeaderFields ?? [:])
        return pass
    }

    private func redactedHeaders(by pass: RedactionPass) -> String {
        var copy = pass
        return RedactionPass.describe(copy.headers(httpHeaderFields ?? [:]).map { ($0.name, pass.finish($0.value)) })
    }
}

extension TransportRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `GET https://api.example.com/users`, redacted.
    public var description: String {
        RedactionPass.learning(head).finish("\(method.rawValue) \(url.absoluteString)")
    }

    /// The description, the header fields and the body, redacted.
    public var debugDescription: String {
        let pass = RedactionPass.learning(head)
        return pass.finish("\(method.rawValue) \(url.absoluteString)\n\(redactedHeaders(by: pass))\n\(bodyText(by: pass))")
    }

    /// The method, the URL, the header fields, the body, the timeout and the destination,
    /// redacted.
    public var customMirror: Mirror {
        let pass = RedactionPass.learning(head)
        return Mirror(self, children: [
            ("method", method.rawValue), ("url", pass.finish(url.absoluteString)),
            ("headerFields", redactedHeaders(by: pass)), ("body", bodyText(by: pass)),
            ("timeout", timeout as Any), ("destination", pass.finish("\(destination)")),
        ], displayStyle: .struct)
    }

    private func redactedHeaders(by pass: RedactionPass) -> String {
        var copy = pass
        return RedactionPass.describe(copy.headers(headerFields).map { ($0.name, pass.finish($0.value)) })
    }

    private func bodyText(by pass: RedactionPass) -> String {
        switch body {
        case .none: "(no body)"
        case .data(let data): Response.bodyText(pass.finish(data))
        case .file(let url): pass.finish("file \(url.path)")
        }
    }
}

extension QuiverError: CustomReflectable {
    /// The case's name and the redacted ``description``: `dump()` shows nothing more.
    public var customMirror: Mirror {
        let name = caseName
        return Mirror(self, children: [("case", name), ("description", description)], displayStyle: .enum)
    }

    /// The name of the case, `"transport"`, `"timedOut"`, …: one of eight, so a label or span
    /// attribute that carries it stays bounded, and it holds nothing from the request.
    public var caseName: String {
        switch self {
        case .invalidRequest: "invalidRequest"
        case .encoding: "encoding"
        case .statusCode: "statusCode"
        case .decoding: "decoding"
        case .transport: "transport"
        case .timedOut: "timedOut"
        case .cancelled: "cancelled"
        case .plugin: "plugin"
        }
    }
}

extension RedactionPass {
    /// `["Name": "value", …]`.
    static func describe(_ headers: [(name: String, value: String)]) -> String {
        guard !headers.isEmpty else { return "[:]" }
        return "[" + headers.map { "\(quoted($0.name)): \(quoted($0.value))" }.joined(separator: ", ") + "]"
    }

    /// `text` in quotes, each `"` and `\` in it escaped with a `\`, scalar by scalar: one
    /// followed by a combining mark too, which a search by character passes over (so a value
    /// could end its quotes early and show a field of its own).
    private static func quoted(_ text: String) -> String {
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" {
                quoted.append("\\")
            }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
    }
}
