/// The name ``NetworkLoggerPlugin``'s lines give a target: the target's own
/// (``NetworkLoggable/networkLogName``), else one made from its value: `GitHub.user` for an
/// enum's case, `GetUser` for a struct or a class, none for a target built on the fly.
enum TargetLogName {
    /// A target built from values rather than declared as a type (``GenericTarget``,
    /// ``MappedTarget``): its type names no endpoint, and its line names its URL already.
    protocol BuiltOnTheFly {}

    /// The name of `target` in the logger's lines, or `nil` for none. Worked out only for a line
    /// that is written: a name made from the value reflects it.
    static func of(_ target: any TargetType) -> String? {
        let facts = TypeFacts.of(target)
        if facts.isLoggable, let loggable = target as? any NetworkLoggable {
            return loggable.networkLogName
        }
        return made(from: target, facts)
    }

    /// Writes `name` and a space, when there is one: what starts the `Request`, `Response` and
    /// `Error` lines. The caller works the name out once per line it writes, never for a hook that
    /// writes nothing.
    static func write(_ name: String?, to writer: inout LineWriter) {
        guard let name else { return }
        writer.write(name)
        writer.write(" ")
    }

    /// The name made from `target`'s value: `Type.case` for an enum, `Type` for the others.
    static func made(from target: any TargetType) -> String? {
        made(from: target, TypeFacts.of(target))
    }

    private static func made(from target: any TargetType, _ facts: TypeFacts) -> String? {
        guard let type = facts.typeName else { return nil }
        guard facts.isEnum else { return type }
        // The case, never its associated values: they may hold a password, a token or personal
        // data in a shape no redaction rule recognises (an unlabelled `String` is just text), and
        // what the request sends of them is on the line already, where the rules know where
        // secrets stand (the query, the header fields, the body). A case with values is the
        // mirror's one child, labelled with the case's name.
        if let label = Mirror(reflecting: target).children.first?.label {
            return "\(type).\(label)"
        }
        // A case without values prints as its name, unless the type describes itself.
        guard !facts.describesItself else { return type }
        return "\(type).\(String(describing: target))"
    }

    /// What a target's dynamic type says about its name, found once per type: writing a type's
    /// name and asking it for its conformances cost several microseconds per line, where a
    /// request costs tens.
    private struct TypeFacts: Sendable {
        /// The type's name; `nil` for a target built on the fly (no name).
        let typeName: String?
        /// Whether the type adopts ``NetworkLoggable`` (which may name its values itself).
        let isLoggable: Bool
        /// Whether the name is the case's, read from each value: an enum that does not reflect
        /// itself (a type that does may show anything as its children: its name is enough).
        let isEnum: Bool
        /// Whether the type describes its values itself, so that a case without values is not
        /// named by its description.
        let describesItself: Bool

        private static let known = Locked<[ObjectIdentifier: TypeFacts]>([:])

        static func of(_ target: any TargetType) -> TypeFacts {
            let key = ObjectIdentifier(Swift.type(of: target))
            if let facts = known.withLock({ $0[key] }) {
                return facts
            }
            let facts = TypeFacts(target)
            known.withLock { $0[key] = facts }
            return facts
        }

        /// The facts of `target`'s type, read from one of its values (a dynamic type's
        /// conformances and display style are the same for all of them).
        private init(_ target: any TargetType) {
            typeName = target is any BuiltOnTheFly ? nil : String(describing: Swift.type(of: target))
            isLoggable = target is any NetworkLoggable
            isEnum = !(target is any CustomReflectable) && Mirror(reflecting: target).displayStyle == .enum
            describesItself = target is any CustomStringConvertible || target is any CustomDebugStringConvertible
                || target is any TextOutputStreamable
        }
    }
}

extension GenericTarget: TargetLogName.BuiltOnTheFly {}

extension MappedTarget: TargetLogName.BuiltOnTheFly {}
