/// A coding key built at run time: a dictionary key, an array index or the
/// key of a `superEncoder()`.
struct ParametersCodingKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The key `superEncoder()` uses when none is given, as in `JSONEncoder`.
    static let `super` = ParametersCodingKey(stringValue: "super")
}
