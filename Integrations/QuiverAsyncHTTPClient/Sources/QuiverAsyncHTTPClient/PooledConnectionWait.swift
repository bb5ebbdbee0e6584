import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import Quiver

/// What ``AsyncHTTPClientTransport`` knows of its client's pool, for the error of a request that
/// gave up waiting for one of its connections.
///
/// AsyncHTTPClient queues a request until a connection of its pool is free, and fails it with
/// `HTTPClientError.getConnectionFromPoolTimeout` once it has waited the client's connect
/// timeout (10 s by default). The transport sends such a request again while its deadline
/// leaves time, so that the deadline bounds the whole wait; a request without a deadline, or
/// whose deadline passes after such a wait, fails with ``failure(waited:timeout:url:)``.
struct PooledConnectionWait: Sendable {
    /// The most HTTP/1 connections the pool opens to one host, when the transport made the
    /// client (AsyncHTTPClient does not tell it of a client passed in).
    let connectionsPerHost: Int?

    /// Sends `hop` with `client` and returns the head of its response, waiting for a connection of the pool
    /// as long as `deadline` allows.
    ///
    /// AsyncHTTPClient fails a request still queued for a connection after the client's connect
    /// timeout (`getConnectionFromPoolTimeout`): nothing was sent, so it is queued again while
    /// `deadline` leaves time. Without a deadline, or once it has passed after such a wait, the
    /// request fails with ``PooledConnectionWait/failure(waited:timeout:url:)``; `limit` is the
    /// request's timeout in seconds, for that error.
    func execute(_ hop: RedirectHop, on client: HTTPClient, reportingTo progress: TransportProgress,
                 until deadline: NIODeadline, limit: TimeInterval?) async throws -> HTTPClientResponse {
        let start = NIODeadline.now()
        var waited: TimeAmount?
        while true {
            do {
                return try await client.execute(try hop.clientRequest(reportingTo: progress), deadline: deadline)
            } catch let error as HTTPClientError where error == .getConnectionFromPoolTimeout {
                let now = NIODeadline.now()
                waited = now - start
                if deadline == .distantFuture || now >= deadline {
                    throw failure(waited: now - start, timeout: deadline == .distantFuture ? nil : limit, url: hop.url)
                }
            } catch {
                // The deadline passed after a wait for a connection: whether the request was
                // still queued, AsyncHTTPClient does not tell, but the wait is worth naming.
                if let waited, NIODeadline.now() >= deadline {
                    throw failure(waited: waited, timeout: limit, url: hop.url)
                }
                throw error
            }
        }
    }

    /// The error of a request that waited `waited` for a connection to `url`: the pool gave up
    /// (the client's connect timeout) when `timeout` is `nil`, else the request's own timeout of
    /// `timeout` seconds passed.
    ///
    /// A ``QuiverError/transport(_:_:)`` of a `URLError(.timedOut)` that says so, the pool's
    /// error under `NSUnderlyingErrorKey`; ``QuiverError/timedOut(_:after:)`` has no room for why.
    /// A ``RetryPolicy`` retries it as it retries a timeout.
    func failure(waited: TimeAmount, timeout: TimeInterval?, url: URL) -> QuiverError {
        let seconds = Self.seconds(waited)
        let pool = "the client's pool" + (connectionsPerHost.map { " (\($0) per host)" } ?? "")
        let size = "the pool's size (connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit)"
        let reason = if let timeout {
            "it waited at least \(seconds) for a connection of \(pool) and its timeout of "
                + "\(Self.seconds(timeout)) passed: raise \(size) or the request's timeout"
        } else {
            "no connection of \(pool) came free in the \(seconds) it waited, the client's connect "
                + "timeout: give the request a timeout (its target's, or the transport's `timeout:`), "
                + "which then bounds the whole wait, or raise \(size)"
        }
        return .transport(URLError(.timedOut, userInfo: [
            NSLocalizedDescriptionKey: reason,
            NSUnderlyingErrorKey: HTTPClientError.getConnectionFromPoolTimeout,
            NSURLErrorFailingURLErrorKey: url,
        ]), nil)
    }

    /// `10 s`, `2.5 s`: rounded down to a tenth, so that "at least" holds.
    private static func seconds(_ amount: TimeAmount) -> String {
        seconds(Double(amount.nanoseconds / 100_000_000) / 10)
    }

    private static func seconds(_ interval: TimeInterval) -> String {
        interval == interval.rounded() && interval < 1e15 ? "\(Int(interval)) s" : "\(interval) s"
    }
}
