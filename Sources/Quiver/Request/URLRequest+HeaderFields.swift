import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// Sets header fields as `setValue(_:forHTTPHeaderField:)` does, field by field: a field
    /// replaces one whose name differs only in case, under the new spelling.
    ///
    /// On Linux the whole header dictionary is written once instead. FoundationNetworking's
    /// `setValue` walks every value by `Character` and makes several strings on each call, in
    /// time linear in the value: with a JWT-sized token it was a quarter of a stubbed request's
    /// work. It also drops a value it finds illegal without a word, where Quiver refuses the
    /// request; every header reaching a request here has been checked by ``RequestValidator``
    /// (and the whole request is checked again after its plugins).
    ///
    /// - Parameters:
    ///   - fields: The fields to set.
    ///   - keepingExisting: When `true`, a field the request already has (in any case) keeps
    ///     its value, and only the missing ones are added.
    mutating func setHeaderFields(_ fields: [String: String], keepingExisting: Bool = false) {
        guard !fields.isEmpty else { return }
        #if canImport(FoundationNetworking)
        if fields.keys.allSatisfy(HeaderName.hasPlainSpelling) {
            setSpelled(fields.lazy.map { (HeaderName.capitalized($0.key), $0.value) }, keepingExisting: keepingExisting)
            return
        }
        #endif
        for (name, value) in fields where !keepingExisting || self.value(forHTTPHeaderField: name) == nil {
            setValue(value, forHTTPHeaderField: name)
        }
    }

    /// ``setHeaderFields(_:keepingExisting:)`` for fields checked and spelled ahead of time.
    ///
    /// - Parameters:
    ///   - prepared: The fields; they must be valid (``PreparedHeaderFields/areValid``).
    ///   - keepingExisting: As for ``setHeaderFields(_:keepingExisting:)``.
    mutating func setHeaderFields(_ prepared: PreparedHeaderFields, keepingExisting: Bool = false) {
        if let spelled = prepared.spelled {
            guard !spelled.isEmpty else { return }
            setSpelled(spelled, keepingExisting: keepingExisting)
        } else {
            setHeaderFields(prepared.fields, keepingExisting: keepingExisting)
        }
    }

    /// Writes fields whose names are spelled as FoundationNetworking spells them into the
    /// header dictionary, in one write.
    private mutating func setSpelled(_ fields: some Collection<(String, String)>, keepingExisting: Bool) {
        var all: [String: String]
        if let existing = allHTTPHeaderFields {
            // The request lets go of its dictionary first, so that the fields are written into
            // it in place: copying it would cost more than the one more write to the request.
            all = existing
            allHTTPHeaderFields = nil
        } else {
            // A request's first fields get room for the few that plugins usually add (a user
            // agent, an app version, `Authorization`), so later writes do not grow it.
            all = Dictionary(minimumCapacity: fields.count + 4)
        }
        for (name, value) in fields {
            Self.set(value, spelled: name, in: &all, keepingExisting: keepingExisting)
        }
        allHTTPHeaderFields = all
    }

    /// Sets `value` for the header field `name` (replacing one whose name differs only in
    /// case), as `setValue(_:forHTTPHeaderField:)` does, at the cost of any other field on
    /// Linux: see ``setHeaderFields(_:keepingExisting:)``.
    ///
    /// - Parameters:
    ///   - value: The value, checked by ``RequestValidator`` already.
    ///   - name: The field's name.
    mutating func setHeaderField(_ value: String, named name: String) {
        #if canImport(FoundationNetworking)
        if HeaderName.hasPlainSpelling(name) {
            setSpelled(CollectionOfOne((HeaderName.capitalized(name), value)), keepingExisting: false)
            return
        }
        #endif
        setValue(value, forHTTPHeaderField: name)
    }

    /// ``setHeaderField(_:named:)`` for a name written in code already spelled as
    /// FoundationNetworking spells it (`Authorization`, `Content-Type`): its spelling is not
    /// checked again on every request.
    ///
    /// - Parameters:
    ///   - value: The value, checked by ``RequestValidator`` already.
    ///   - name: The field's name, plainly spelled and capitalised as ``HeaderName/capitalized(_:)`` does.
    mutating func setHeaderField(_ value: String, spelledName name: String) {
        assert(HeaderName.hasPlainSpelling(name) && HeaderName.capitalized(name) == name, "\(name) is not spelled as FoundationNetworking spells it")
        #if canImport(FoundationNetworking)
        setSpelled(CollectionOfOne((name, value)), keepingExisting: false)
        #else
        setValue(value, forHTTPHeaderField: name)
        #endif
    }

    /// Sets `value` for `spelled` (a name spelled as FoundationNetworking spells it) in
    /// `fields`, replacing a field whose name differs only in case unless `keepingExisting`.
    private static func set(_ value: String, spelled: String, in fields: inout [String: String],
                            keepingExisting: Bool) {
        if let existing = fields.keys.first(where: { HeaderName.equal($0, spelled) }) {
            if keepingExisting { return }
            if existing != spelled {
                fields.removeValue(forKey: existing)
            }
        }
        fields[spelled] = value
    }
}

/// Header names compared as HTTP compares them: ASCII letters in any case.
enum HeaderName {
    /// Whether `first` and `second` name the same header field, compared on their UTF-8
    /// without making lowercased copies.
    static func equal(_ first: String, _ second: String) -> Bool {
        guard first.utf8.count == second.utf8.count else { return false }
        var first = first
        var second = second
        return first.withUTF8 { first in
            second.withUTF8 { second in
                zip(first, second).allSatisfy { ASCII.lowercased($0) == ASCII.lowercased($1) }
            }
        }
    }

    /// Whether `name` is spelled with ASCII letters, digits, `-`, `_` and `.` only: the names
    /// whose spelling ``capitalized(_:)`` gives as FoundationNetworking's `setValue` does.
    static func hasPlainSpelling(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            ASCII.isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    /// A plain-spelled name as FoundationNetworking stores it: each letter that follows a
    /// letter in lowercase, every other letter in uppercase (`x-request-ID` is `X-Request-Id`).
    /// The name itself, not a copy, when it is spelled so already, as most names in code are.
    static func capitalized(_ name: String) -> String {
        func spelled(_ byte: UInt8, after previous: UInt8?) -> UInt8 {
            guard ASCII.isLetter(byte) else { return byte }
            return previous.map(ASCII.isLetter) == true ? ASCII.lowercased(byte) : byte & ~0x20
        }
        var previous: UInt8?
        var alreadySpelled = true
        for byte in name.utf8 {
            if spelled(byte, after: previous) != byte {
                alreadySpelled = false
                break
            }
            previous = byte
        }
        if alreadySpelled { return name }
        previous = nil
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for byte in name.utf8 {
            bytes.append(spelled(byte, after: previous))
            previous = byte
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
