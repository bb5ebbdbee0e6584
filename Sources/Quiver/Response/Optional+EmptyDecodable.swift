/// An optional decodes an empty body as `nil`: `decode(Draft?.self, from: target)` is the call
/// for an endpoint that answers `200` with a value or `204` with nothing (Moya's
/// `failsOnEmptyData: false`). A body that is there must still decode as `Wrapped`.
extension Optional: EmptyDecodable where Wrapped: Decodable {
    /// `nil`, the value of an empty body.
    public static var emptyValue: Wrapped? { nil }
}
