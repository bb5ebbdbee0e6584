import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The lines of an outcome: the `Response` summary or the `Error` line, then the response's
/// header fields and body where the options ask for them, every line redacted by one pass.
extension NetworkLoggerPlugin {
    /// The lines of a success: the `Response` summary, then its details.
    func successLines(_ response: Response, target: any TargetType, isDebug: Bool, kept: Attempt?) -> [String] {
        let showsBody = isDebug && configuration.logOptions.contains(.successResponseBody)
        var (pass, url) = learning(response, includingBodies: showsBody, kept: kept)
        var lines = [summary(of: response, url: url, target: target, pass: &pass)]
        appendDetails(of: response, showsBody: showsBody, to: &lines, pass: &pass, target: target, isDebug: isDebug)
        return finished(lines, by: pass)
    }

    /// The lines of a failure: the `Error` line, then the details of its response, if any.
    func failureLines(_ error: QuiverError, target: any TargetType, isDebug: Bool, kept: Attempt?) -> [String] {
        let name = TargetLogName.of(target.unwrapped).map { "\($0) " } ?? ""
        guard let response = error.response else {
            var pass = kept?.pass ?? RedactionPass(redactor)
            let description = pass.text(error.describe(snippet: { _ in nil }))
            return finished([line("Error", "\(name)\(targetSummary(target, pass: &pass)): \(description)", target: target)], by: pass)
        }
        let showsBody = configuration.logOptions.contains(.errorResponseBody)
        var (pass, _) = learning(response, includingBodies: showsBody, kept: kept)
        var message = pass.text(error.describe(snippet: { _ in nil }))
        if response.request == nil {
            message = "\(targetSummary(target, pass: &pass)): \(message)"
        }
        var lines = [line("Error", name + message, target: target)]
        appendDetails(of: response, showsBody: showsBody, to: &lines, pass: &pass, target: target, isDebug: isDebug)
        return finished(lines, by: pass)
    }

    /// A pass that learned `response`'s request (and, when `includingBodies`, its request body
    /// and the response's head and body), with the request's URL redacted: the one the request
    /// line taught (`kept`) when the response names the URL that line named, else a new one.
    private func learning(_ response: Response, includingBodies: Bool,
                          kept: Attempt?) -> (pass: RedactionPass, url: String?) {
        guard let kept, var pass = kept.pass, let request = response.request, request.url == kept.url else {
            var pass = RedactionPass(redactor)
            let url = pass.collect(from: response, includingBodies: includingBodies)
            return (pass, url)
        }
        if includingBodies {
            if !kept.learnedBody, let body = request.httpBody {
                _ = pass.body(body)
            }
            pass.collectHeadAndBody(of: response)
        }
        return (pass, kept.redactedURL)
    }

    /// Appends the response headers (debug) and body, when asked for.
    private func appendDetails(of response: Response, showsBody: Bool, to lines: inout [String],
                               pass: inout RedactionPass, target: any TargetType, isDebug: Bool) {
        if isDebug && configuration.logOptions.contains(.responseHeaders) {
            lines.append(line("Response Headers", RedactionPass.describe(pass.headers(response.headerFieldsByName)), target: target))
        }
        if showsBody && !response.data.isEmpty {
            lines.append(line("Response Body", bodyText(pass.body(response.data), format: configuration.formatter.responseData, pass: pass), target: target))
        }
    }

    /// `Response: GitHub.user GET https://… → 200, 512 bytes`, and where the provider's cache
    /// answered, ` (from cache (age 12 s))`; `url`: the request's, redacted.
    private func summary(of response: Response, url: String?, target: any TargetType,
                         pass: inout RedactionPass) -> String {
        let (method, shownURL) = if let sent = response.request {
            (sent.httpMethod ?? "GET", url ?? pass.url(of: sent))
        } else {
            methodAndURL(of: target, pass: &pass)
        }
        let name = TargetLogName.of(target.unwrapped)
        return line("Response", target: target) {
            TargetLogName.write(name, to: &$0)
            $0.write(method)
            $0.write(" ")
            $0.write(shownURL)
            $0.write(" → ")
            $0.write(response.statusCode)
            $0.write(", ")
            $0.write(response.data.count)
            $0.write(" bytes")
            if response.source != .network {
                $0.write(" (from ")
                $0.write(response.source.description)
                $0.write(")")
            }
        }
    }
}
