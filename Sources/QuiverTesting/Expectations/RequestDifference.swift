/// One way a request differs from what an expectation asked for: what (`header Accept`,
/// `json files.a.txt.content`), what was expected, and what was sent.
struct RequestDifference: Sendable, Equatable {
    /// What differs, as messages name it: `method`, `path`, `query page`, `header Accept`,
    /// `json user.name`, `form title`, `part avatar`, or a custom condition's description.
    let subject: String
    /// The name whose value this is (a header, query item, JSON key or form field), for the
    /// redaction policy to judge; `nil` for the method, the path and custom conditions.
    let name: String?
    /// What the expectation asked for.
    let expected: String
    /// What the request sent, or `nil` when it sent nothing there.
    let actual: String?
}
