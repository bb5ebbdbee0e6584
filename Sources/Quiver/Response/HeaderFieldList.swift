/// A response's header fields, one name and value at a time, in the order they came.
protocol HeaderFieldList: Sendable {
    /// Calls `body` with each field's name and value, in order.
    func forEachField(_ body: (_ name: String, _ value: String) -> Void)
}
