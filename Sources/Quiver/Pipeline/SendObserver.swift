/// Hears, for the requests of the current Swift `Task`, the moment a request is handed to its
/// transport (after every plugin's `prepare` and `willSend`): what ``RequestHandle/onRequestStarted(_:)``
/// reports. A request refused before that (invalid, not encodable, refused by a plugin) is
/// never reported.
enum SendObserver {
    /// Called each time an attempt is handed to the transport.
    @TaskLocal static var handedToTransport: (@Sendable () -> Void)?
}
