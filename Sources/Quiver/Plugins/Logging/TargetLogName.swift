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
        if let loggable = target as? any NetworkLoggable {
            return loggable.networkLogName
        }
        return made(from: target)
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
        guard !(target is any BuiltOnTheFly) else { return nil }
        let type = String(describing: Swift.type(of: target))
        // A type that reflects itself may show anything as its children: its name is enough.
        guard !(target is any CustomReflectable) else { return type }
        let mirror = Mirror(reflecting: target)
        guard mirror.displayStyle == .enum else { return type }
        // The case, never its associated values: they may hold a password, a token or personal
        // data in a shape no redaction rule recognises (an unlabelled `String` is just text), and
        // what the request sends of them is on the line already, where the rules know where
        // secrets stand (the query, the header fields, the body). A case with values is the
        // mirror's one child, labelled with the case's name.
        if let label = mirror.children.first?.label {
            return "\(type).\(label)"
        }
        // A case without values prints as its name, unless the type describes itself.
        guard !(target is any CustomStringConvertible), !(target is any CustomDebugStringConvertible),
              !(target is any TextOutputStreamable) else { return type }
        return "\(type).\(String(describing: target))"
    }
}

extension GenericTarget: TargetLogName.BuiltOnTheFly {}

extension MappedTarget: TargetLogName.BuiltOnTheFly {}
