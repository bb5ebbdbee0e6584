import Foundation

extension Response {
    /// The body decoded as JSON into `type`, optionally from a value nested inside it.
    ///
    /// ```swift
    /// let user = try response.decode(User.self)
    /// let name = try response.decode(String.self, atKeyPath: "data.users.0.name")
    /// let json = try response.decode(JSONValue.self)   // any JSON, to look into
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode. An ``EmptyDecodable`` type (such as ``EmptyResponse``)
    ///     decodes from an empty body too.
    ///   - keyPath: A dotted path to the value, with array elements by index; `nil` or `""` is
    ///     the whole body.
    ///   - decoder: The decoder; `nil` uses the provider's (or the target's) inside a
    ///     ``TargetMapping``, and a plain `JSONDecoder` elsewhere.
    /// - Returns: The decoded value.
    /// - Throws: ``QuiverError/decoding(_:_:)`` carrying this response when the body is empty,
    ///   the path leads nowhere, or the value does not decode.
    public func decode<D: Decodable>(_ type: D.Type, atKeyPath keyPath: String? = nil,
                                     using decoder: JSONDecoder? = nil) throws(QuiverError) -> D {
        if data.isEmpty {
            if let empty = D.self as? any EmptyDecodable.Type, let value = empty.emptyValue as? D {
                return value
            }
            throw .decoding(EmptyBodyError(type: "\(D.self)", response: self), self)
        }
        let decoder = decoder ?? DecodingContext.decoder ?? Self.defaultDecoder
        do {
            guard let keyPath, !keyPath.isEmpty else {
                return try decoder.decode(D.self, from: data)
            }
            return try KeyPathDecoding.decode(D.self, at: keyPath, from: data, using: decoder)
        } catch {
            // JSON that is not UTF-8 (a Latin-1 body, say) fails as "not valid JSON": say why.
            if String(data: data, encoding: .utf8) == nil, !Self.hasUnicodeByteOrderMark(data) {
                throw .decoding(UndecodableTextError(encoding: .utf8, declaredCharset: declaredCharset), self)
            }
            throw .decoding(error, self)
        }
    }

    /// The `charset` parameter of the `Content-Type`, lowercased, if any (none when empty).
    /// Parameters as RFC 9110 §8.3.1 reads them, by byte: `;`-separated `name=value` after the
    /// type, a value a token or a quoted string, whose `\` escapes are undone and whose `;` or
    /// `charset=` are part of the value, not a parameter of their own.
    private var declaredCharset: String? {
        guard let type = value(forHTTPHeaderField: "Content-Type") else { return nil }
        var bytes = Array(type.utf8)[...]
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        bytes = bytes.drop { $0 != UInt8(ascii: ";") }
        while bytes.popFirst() == UInt8(ascii: ";") {
            bytes = bytes.drop(while: isSpace)
            let name = bytes.prefix { $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: ";") }
            bytes = bytes.dropFirst(name.count)
            guard bytes.first == UInt8(ascii: "=") else { continue }
            bytes = bytes.dropFirst().drop(while: isSpace)
            var value: [UInt8] = []
            if bytes.first == UInt8(ascii: "\"") {
                bytes = bytes.dropFirst()
                while let byte = bytes.popFirst(), byte != UInt8(ascii: "\"") {
                    value.append(byte == UInt8(ascii: "\\") ? bytes.popFirst() ?? byte : byte)
                }
                bytes = bytes.drop { $0 != UInt8(ascii: ";") }
            } else {
                value = Array(bytes.prefix { $0 != UInt8(ascii: ";") }.reversed().drop(while: isSpace).reversed())
                bytes = bytes.drop { $0 != UInt8(ascii: ";") }
            }
            let trimmedName = name.reversed().drop(while: isSpace).reversed()
            if String(decoding: trimmedName, as: UTF8.self).lowercased() == "charset" {
                return value.isEmpty ? nil : String(decoding: value, as: UTF8.self).lowercased()
            }
        }
        return nil
    }

    /// Whether `data` starts with a UTF-16 or UTF-32 byte order mark, which JSON decoders accept.
    private static func hasUnicodeByteOrderMark(_ data: Data) -> Bool {
        let head = Array(data.prefix(4))
        return head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE])
            || head.starts(with: [0x00, 0x00, 0xFE, 0xFF])
    }

    /// The body as a string.
    ///
    /// - Parameter encoding: The text encoding; UTF-8 by default.
    /// - Returns: The text.
    /// - Throws: ``QuiverError/decoding(_:_:)`` when the body is not valid in that encoding.
    public func mapString(encoding: String.Encoding = .utf8) throws(QuiverError) -> String {
        guard let text = String(data: data, encoding: encoding) else {
            throw .decoding(UndecodableTextError(encoding: encoding, declaredCharset: declaredCharset), self)
        }
        return text
    }

    /// The decoder used when none is given. `JSONDecoder` is safe to share while nobody
    /// changes its options, and nothing here does.
    static let defaultDecoder = JSONDecoder()
}

/// The decoder a ``Provider`` lends to ``TargetMapping/map(_:)``.
enum DecodingContext {
    @TaskLocal static var decoder: JSONDecoder?
}

/// The body is not valid text in the expected encoding.
public struct UndecodableTextError: Error, Sendable, CustomStringConvertible {
    /// The expected encoding.
    public let encoding: String.Encoding
    /// The `charset` the response's `Content-Type` names, if any.
    public let declaredCharset: String?

    /// `the response body is not valid <encoding> text`, with the charset the `Content-Type`
    /// names and, for JSON, what to do.
    public var description: String {
        let named = declaredCharset.map { " (its Content-Type names charset=\($0))" } ?? ""
        guard encoding == .utf8 else { return "the response body is not valid \(encoding) text\(named)" }
        return "the response body is not valid UTF-8 text\(named), and JSON must be UTF-8: read it with "
            + "mapString(encoding:) and decode the text re-encoded as UTF-8"
    }
}
