/// Header fields checked, and spelled as FoundationNetworking spells them, once: for a plugin
/// that puts the same fields on every request (``HeadersPlugin``'s fixed headers), so that no
/// request pays for checking and spelling them again.
struct PreparedHeaderFields: Sendable {
    /// The fields as given.
    let fields: [String: String]
    /// Whether every field passes ``RequestValidator``. When one does not, the plugin checks
    /// the fields against each request, to refuse it with an error naming it.
    let areValid: Bool
    /// The fields with their names as FoundationNetworking's `setValue` spells them
    /// (``HeaderName/capitalized(_:)``), when every name is plainly spelled; `nil` otherwise,
    /// and on Apple platforms, where `setValue` itself is used. Name, then value: unlabelled,
    /// as the header write takes them (an array of labelled pairs would be converted, and
    /// copied, on every request).
    let spelled: [(String, String)]?

    init(_ fields: [String: String]) {
        self.fields = fields
        areValid = RequestValidator.areValid(fields)
        #if canImport(FoundationNetworking)
        spelled = fields.keys.allSatisfy(HeaderName.hasPlainSpelling)
            ? fields.map { (HeaderName.capitalized($0.key), $0.value) }
            : nil
        #else
        spelled = nil
        #endif
    }
}
