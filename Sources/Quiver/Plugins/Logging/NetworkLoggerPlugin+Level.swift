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
    /// Each hook reads the level as it is then: a change reaches the requests in flight too, so
    /// turning the logger off also silences the outcomes of requests it logged already.
    ///
    /// It starts as ``Configuration/level``, which keeps the value the plugin was made with.
    public var level: Configuration.Level {
        get { currentLevel.withLock { $0 } }
        nonmutating set { currentLevel.withLock { $0 = newValue } }
    }
}
