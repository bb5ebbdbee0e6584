/// An `Optional` seen through an existential: whether it holds nothing.
protocol OptionalValue {
    /// Whether this is `nil`.
    var isNil: Bool { get }
}

extension Optional: OptionalValue {
    var isNil: Bool { self == nil }
}
