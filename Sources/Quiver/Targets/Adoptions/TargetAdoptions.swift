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

    /// The answers found so far, by dynamic type, and the last one asked for.
    private struct Known {
        var lastType: ObjectIdentifier?
        var lastAdoptions: TargetAdoptions = []
        var byType: [ObjectIdentifier: TargetAdoptions] = [:]
    }

    private static let known = Locked(Known())

    /// The opt-ins `target`'s dynamic type adopts.
    ///
    /// A provider and its plugins ask about the same target several times per request: the
    /// last answer is compared first, without hashing the type.
    static func of(_ target: any TargetType) -> TargetAdoptions {
        let type = ObjectIdentifier(Swift.type(of: target))
        let found = known.withLock { known -> TargetAdoptions? in
            if known.lastType == type { return known.lastAdoptions }
            guard let adoptions = known.byType[type] else { return nil }
            known.lastType = type
            known.lastAdoptions = adoptions
            return adoptions
        }
        if let found {
            return found
        }
        var adoptions: TargetAdoptions = []
        if target is any EncoderProviding { adoptions.insert(.encoder) }
        if target is any DecoderProviding { adoptions.insert(.decoder) }
        if target is any MinimumDurationProviding { adoptions.insert(.minimumDuration) }
        if target is any CachePolicyProviding { adoptions.insert(.cachePolicy) }
        if target is any NetworkLoggable { adoptions.insert(.networkLoggable) }
        if target is any AccessTokenAuthorizable { adoptions.insert(.accessTokenAuthorizable) }
        known.withLock { known in
            known.byType[type] = adoptions
            known.lastType = type
            known.lastAdoptions = adoptions
        }
        return adoptions
    }
}
