extension NetworkLoggerPlugin {
    /// How much the plugin logs from now on (CodyFire's `CodyFire.shared.logLevel = .error`),
    /// changed at run time without building a new provider, safely from any thread.
    ///
    /// Every copy of a plugin shares its level, so setting it on the value you handed to a
    /// provider changes what that provider logs:
    ///
    /// ```swift
    /// let logger = NetworkLoggerPlugin()
    /// let provider = Provider<GitHub>(plugins: [logger])
    /// logger.level = .error      // from a settings screen, say
    /// ```
    ///
    /// A request whose line was logged already has its outcome logged at the level it was sent
    /// at, so that a request and its outcome are logged alike.
    ///
    /// It starts as ``Configuration/level``, which keeps the value the plugin was made with.
    public var level: Configuration.Level {
        get { currentLevel.withLock { $0 } }
        nonmutating set { currentLevel.withLock { $0 = newValue } }
    }
}
