/// Any sequence of header fields as a ``HeaderFieldList``, held as it is.
struct HeaderFieldSequence<Fields: Sequence & Sendable>: HeaderFieldList
where Fields.Element == (name: String, value: String) {
    let fields: Fields

    func forEachField(_ body: (_ name: String, _ value: String) -> Void) {
        for field in fields {
            body(field.name, field.value)
        }
    }
}
