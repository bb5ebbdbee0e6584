/// The state an event stream keeps from event to event, as the WHATWG HTML standard defines
/// it: the last event ID (set when a block is dispatched, with or without data) and the
/// reconnection time (set by a valid `retry:` field at once).
struct EventStreamState: Sendable, Equatable {
    /// The last event ID; empty when there is none.
    var lastEventID = ""
    /// The reconnection time in milliseconds, once the server set one.
    var reconnectionTime: Int?

    /// The last event ID, `nil` when there is none.
    var publicLastEventID: String? {
        lastEventID.isEmpty ? nil : lastEventID
    }

    /// The reconnection time in seconds, once the server set one.
    var reconnectionSeconds: Double? {
        reconnectionTime.map { Double($0) / 1000 }
    }
}
