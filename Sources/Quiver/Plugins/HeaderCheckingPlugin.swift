/// A plugin of Quiver's own whose `prepare` changes a request only by header fields it checked
/// (``RequestValidator``) before writing them, or does not change it at all.
///
/// Every other header field of a request is checked where it is written: the target's and the
/// endpoint's by ``RequestBuilder``, a body's `Content-Type` too. So a provider whose plugins
/// all are such plugins, and that has no `requestClosure`, does not check the header fields of
/// a prepared request a second time; its URL, method and body still are.
///
/// The protocol is internal on purpose: a plugin of an app's own cannot claim it, and a provider
/// with one checks every prepared request whole.
protocol HeaderCheckingPlugin: PluginType {}

extension AccessTokenPlugin: HeaderCheckingPlugin {}
extension AuthenticationPlugin: HeaderCheckingPlugin {}
extension HeadersPlugin: HeaderCheckingPlugin {}
extension NetworkLoggerPlugin: HeaderCheckingPlugin {}
extension NetworkActivityPlugin: HeaderCheckingPlugin {}
