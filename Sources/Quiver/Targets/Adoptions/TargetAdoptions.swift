import Foundation

/// Which of the opt-ins the provider and the built-in plugins ask about on every request a
/// target's type adopts, found once per type.
///
/// Asking a target `as? any EncoderProviding` is a dynamic cast: for a type that does not
/// adopt the protocol, the runtime searches the conformance tables, about a microsecond for the
/// opt-ins asked on every request. A type's conformances never change, so the answers
/// are kept per dynamic type (a class target's subclass is its own entry); a target whose
/// type adopts an opt-in is still cast, to reach its value.
struct TargetAdoptions: OptionSet, Sendable {
    let rawValue: UInt8

    static let encoder = TargetAdoptions(rawValue: 1 << 0)
    static let decoder = TargetAdoptions(rawValue: 1 << 1)
    static let minimumDuration = TargetAdoptions(rawValue: 1 << 2)
    static let cachePolicy = TargetAdoptions(rawValue: 1 << 3)
    static let networkLoggable = TargetAdoptions(rawValue: 1 << 4)
    static let accessTokenAuthorizable = TargetAdoptions(rawValue: 1 << 5)
    static let bodySizeLimits = TargetAdoptions(rawValue: 1 << 6)

    /// What is known of one dynamic type: its opt-ins, and the type as an
    /// ``AccessTokenAuthorizable`` when it is one.
    private struct Entry: Sendable {
        var adoptions: TargetAdoptions = []
        /// A metatype names immutable type metadata, safe to read from any thread; Swift counts
        /// the metatypes of a protocol that does not refine `Sendable` as not `Sendable`.
        nonisolated(unsafe) var authorizable: (any AccessTokenAuthorizable.Type)?
    }

    /// The answer for one dynamic type.
    private struct Answer: Sendable {
        var type: ObjectIdentifier?
        var entry = Entry()
    }

    /// The answers found so far, by dynamic type.
    private static let known = Locked([ObjectIdentifier: Entry]())
    /// The answer each thread was given last. A provider and its plugins ask about the same
    /// target several times per request: that answer is compared first, without hashing the type
    /// or taking the lock every thread shares.
    private static let lastAnswer = ThreadLocalSlot(initial: Answer())

    /// The opt-ins `target`'s dynamic type adopts.
    static func of(_ target: any TargetType) -> TargetAdoptions {
        entry(of: target).adoptions
    }

    /// `target`'s dynamic type as an ``AccessTokenAuthorizable``, or `nil` when it does not
    /// adopt it: its ``AccessTokenAuthorizable/authorizationType(of:)`` reads a target's
    /// authorization type by a cast to that very type, without searching the conformance
    /// tables (`as? any AccessTokenAuthorizable` searches them on every request).
    static func accessTokenAuthorizableType(of target: any TargetType) -> (any AccessTokenAuthorizable.Type)? {
        entry(of: target).authorizable
    }

    private static func entry(of target: any TargetType) -> Entry {
        let type = ObjectIdentifier(Swift.type(of: target))
        return lastAnswer.withValue { last in
            if last.type != type {
                last = Answer(type: type, entry: known.withLock { $0[type] } ?? found(for: target, of: type))
            }
            return last.entry
        }
    }

    /// What `target`'s type adopts, asked of the runtime once per type and kept.
    private static func found(for target: any TargetType, of type: ObjectIdentifier) -> Entry {
        var entry = Entry()
        if target is any EncoderProviding { entry.adoptions.insert(.encoder) }
        if target is any DecoderProviding { entry.adoptions.insert(.decoder) }
        if target is any MinimumDurationProviding { entry.adoptions.insert(.minimumDuration) }
        if target is any CachePolicyProviding { entry.adoptions.insert(.cachePolicy) }
        if target is any NetworkLoggable { entry.adoptions.insert(.networkLoggable) }
        if target is any BodySizeLimitsProviding { entry.adoptions.insert(.bodySizeLimits) }
        if let authorizable = Swift.type(of: target) as? any AccessTokenAuthorizable.Type {
            entry.adoptions.insert(.accessTokenAuthorizable)
            entry.authorizable = authorizable
        }
        known.withLock { $0[type] = entry }
        return entry
    }
}
