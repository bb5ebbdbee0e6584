import Foundation

extension MultipartForm {
    /// Why an `Encodable` payload cannot become a multipart form.
    ///
    /// Paths name the offending value with bracketed keys, e.g. `tags[2]` or `author[name]`.
    public enum PayloadError: Error, Sendable, CustomStringConvertible {
        /// The payload is not keyed: a form needs field names, so the top level must be a
        /// struct or a `[String: …]` dictionary. `found` describes what was given instead.
        case topLevelNotKeyed(found: String)
        /// A field holds a keyed value (a struct or dictionary), which has no multipart form;
        /// flatten it into the payload or append its fields yourself.
        case nestedObject(path: String)
        /// An element of an array is itself an array, which has no multipart form.
        case nestedArray(path: String)
        /// A floating-point field is NaN or infinite, or a date is (or lies more than about
        /// three million years from 1970).
        case nonFiniteNumber(path: String)

        /// A sentence naming the problem and where it occurred.
        public var description: String {
            switch self {
            case .topLevelNotKeyed(let found):
                "A multipart payload must be keyed (a struct or a dictionary), but it is \(found)."
            case .nestedObject(let path):
                "The multipart payload has a nested object at '\(path)'; "
                    + "only strings, numbers, Booleans, dates, URLs, Data, attachments "
                    + "and arrays of these are supported."
            case .nestedArray(let path):
                "The multipart payload has an array at '\(path)' inside another array."
            case .nonFiniteNumber(let path):
                "The multipart payload has a non-finite number or date (NaN or infinity) at '\(path)'."
            }
        }
    }

    /// Creates a form from a flat `Encodable` payload (CodyFire's `MultipartPayload`).
    ///
    /// Each property becomes one part, named by its coding key, in the order the payload
    /// encodes them (declaration order for synthesized conformances):
    ///
    /// - strings, integers and finite floating-point numbers are text fields; Booleans are
    ///   `true`/`false`; enums with raw values use their raw value;
    /// - `Date`s are ISO 8601 text in UTC with whole seconds (`2026-11-22T15:00:00Z`), `URL`s
    ///   their absolute string and `Decimal`s their description;
    /// - ``Attachment``s are data or file parts; a plain `Data` property is a data part without a
    ///   file name, sent as `application/octet-stream`;
    /// - arrays of any of these are repeated fields with the same name (no brackets);
    /// - `nil` optionals (and `nil` array elements) are omitted.
    ///
    /// Nested objects and arrays of arrays are not flattened: they throw
    /// ``PayloadError/nestedObject(path:)`` and ``PayloadError/nestedArray(path:)``.
    ///
    /// - Parameters:
    ///   - payload: A struct or `[String: …]` dictionary.
    ///   - boundary: As in ``init(boundary:)``.
    /// - Throws: ``QuiverError/encoding(_:)`` wrapping a ``PayloadError``, or the error the
    ///   payload's own `encode(to:)` threw.
    public init(encoding payload: some Encodable, boundary: String? = nil) throws(QuiverError) {
        let collector = MultipartPayloadCollector(form: MultipartForm(boundary: boundary))
        do {
            try collector.encode(payload, in: .root, codingPath: [])
        } catch {
            throw .encoding(collector.failure.map { $0 as any Error } ?? error)
        }
        if let failure = collector.failure {
            throw .encoding(failure)
        }
        self = collector.form
    }
}
