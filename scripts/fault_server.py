#!/usr/bin/env python3
"""A deliberately misbehaving HTTP/1.1 server for Quiver's fault tests.

Python standard library only. Usage:

    python3 scripts/fault_server.py --port-file FILE

Binds two listening sockets on 127.0.0.1 at free ports (the first at --port PORT
when given) and, once both listen,
writes "MAIN_PORT OTHER_PORT" to FILE (atomically). Both ports serve the same
routes; the second one is "another origin" for cross-origin redirect tests.
With --tls-dir DIR, a third port serves the same routes over TLS with a
self-signed certificate for 127.0.0.1 made at start by `openssl` (DIR/fault-tls-
cert.pem, its key beside it), and FILE reads "MAIN_PORT OTHER_PORT TLS_PORT"
(TLS_PORT is 0 when no certificate could be made). That port asks for a client
certificate, optionally, and trusts only DIR/fault-tls-client-cert.pem (its key
beside it), made at start too.
One daemon thread per connection, `Connection: close` on every response, and
no handler lives longer than MAX_STALL seconds. SIGTERM/SIGINT exit cleanly.

Routes (unknown path -> 404 JSON):
  GET  /ok                      200 "ok"
  GET  /client-certificate      {"commonName": the TLS client certificate's CN, or null}
  GET  /blob?bytes=N            N bytes (byte i is i % 251), as an attachment "blob.bin"
  *    /sink                    reads any body in chunks: {"bytes", "sha256", "contentType"}
  *    /echo                    200 JSON describing the request
  *    /echo/ANY/PATH           the same, for any path below /echo
  /redirect?status=302&to=URL   301/302/303/307/308 with Location: URL
  /redirect-unread?status=307&to=URL&then=close
                                the same, answered as soon as the head is read, the
                                body never read; then=close closes at once (unread
                                input turns the close into an RST), then=keep-alive
                                promises to keep the connection and closes it 50 ms
                                later, as gunicorn does
  /basic-challenge              401 + WWW-Authenticate: Basic realm="quiver"
  /bearer?token=T               200 {"authenticated": true} with Authorization: Bearer T,
                                else 401 + WWW-Authenticate: Bearer
  /reset-mid-body               Content-Length 1000000, 10000 bytes, then RST
  /short-body                   Content-Length 1000, 10 bytes, then FIN
  /never-answers                reads the request, never answers
  /headers-then-stall           full headers (Content-Length 100), then nothing
  /malformed-chunked            chunked with an invalid chunk size
  /truncated-chunked            one valid chunk, then FIN without 0\\r\\n\\r\\n
  /huge-header?kib=1024         one X-Huge header of that many KiB
  /garbage                      4096 non-HTTP bytes, then FIN
  /slow-drip?bytes=20&interval=0.5   one byte every interval seconds
  /delay?seconds=2              waits, then 200 {"delayed": seconds}
  /status/N                     status N (200..599) with {"status": N}
                                (204 and 304: no body, no Content-Length)
  /flaky?key=K&failures=1&status=503&retry_after=0&cache_control=TEXT&delay=0
                                the first `failures` requests with key K get
                                `status` with Retry-After (0 unless given), the
                                rest 200 {"key", "attempt": n}, each `delay`
                                seconds after it was counted; every answer carries
                                X-Attempt: n and X-Body-SHA256 (of the request body),
                                and Cache-Control: TEXT (with a Date) if given
  /cache?key=K&cache_control=TEXT&etag=E&last_modified=SECONDS_AGO&expires=SECONDS&age=N
       &vary=NAME&set_cookie=TEXT&fail_from=N&status=200&location=PATH
                                a cacheable answer for caching tests: counts requests
                                per key (X-Attempt: n) and answers 200 JSON {"key",
                                "attempt": n, "varied": the request's header NAME};
                                with etag=E sends ETag: "E" and answers 304 (no body)
                                to If-None-Match naming it; with last_modified=S sends
                                Last-Modified S seconds before the key's first request
                                and answers 304 to If-Modified-Since at or after it;
                                always a Date; Expires: now + SECONDS (or the text
                                given) if asked, Age if asked; from attempt fail_from
                                on, 503 instead; status=N answers N (for unsafe
                                methods too, with Location / Content-Location: PATH)
  /big-numbers?pretty=0         JSON whose numbers no Double holds (integers past
                                2^53, long decimals), written as text; pretty=1 indents it
  /sse?events=5&interval=0&split=0&stall_after=-1&reset_after=-1&echo=NAME
                                text/event-stream, no Content-Length, ended by FIN:
                                echo=NAME first sends "data: " and the request's
                                header NAME as an event of its own;
                                event i is "id: i", "data: {\"n\": i}"; split=1 sends
                                every byte in its own segment; stall_after=K stalls
                                after K events; reset_after=K sends K events and half
                                of the next, then RST
  /sse-resume?key=K&events=6&reset_after=3&retry=100&bare_ids=0&end=reset
                                events as /sse, from Last-Event-ID + 1 (0 without
                                one), after a block "retry: R" without data; the
                                first connection per key is reset halfway through
                                event reset_after (end=close: ends cleanly before
                                it instead); bare_ids=1 sends each event's id in a
                                block of its own, without data, before its data
  /sse-big-event?lines=N&bytes=1024
                                text/event-stream: one event of N "data:" lines of
                                `bytes` "x" each, then "data: tail"; stops sending
                                when the client goes away
  /ndjson?lines=5&interval=0    application/x-ndjson: {"n": i} per line, ended by FIN
  /huge-line?bytes=N            one line of N "x" bytes, then "\n" and "tail\n"
  /endless?key=K&interval=0     64 KiB chunks until the client goes away (or the
                                connection deadline); records bytes sent and when the
                                client closed under K
  /endless-status?key=K         {"sent": bytes, "closed": bool} for /endless?key=K
  /echo-status?status=401&set_cookie=NAME=VALUE
                                /echo's JSON with that status (100..599), and with
                                set_cookie a `Set-Cookie: NAME=VALUE; Path=/` header
                                whose value the body quotes as "setCookie"; a Basic
                                Proxy-Authorization is quoted decoded as "proxyUser"
  /login-cookies                three Set-Cookie headers with attributes (one with an
                                Expires date; Path=/login-cookies, so that no other
                                route sees them) and a JSON body repeating two values
  /cookie-scope/set             Set-Cookie: scoped=A; Path=/cookie-scope/a,
                                secure=S; Secure; Path=/, brief=B; Max-Age=2; Path=/,
                                plain=P; Path=/ (for cookie scope tests)
  /cookie-scope/redirect?to=URL 302 to URL that also sets via-redirect=R; Path=/
  /cookie-scope/<anything else> {"path", "cookie"}: the Cookie header received ("" if none)
  /gzip-bomb?mib=1024           Content-Encoding: gzip, a body of ~1 KiB per MiB that
                                inflates to `mib` MiB of zeros (at most 4096); made of
                                one repeated deflate segment, streamed, so the server
                                holds ~1 KiB whatever the size

/echo answers {"method", "path" (raw, no query), "query" (raw string, "" if
none), "args" ({name: [values]}, decoded), "headers" ({name: value}: the last
occurrence wins case-insensitively and keeps its spelling), "body" (UTF-8 text,
or null if empty or not UTF-8), "bodyBase64", "bodyLength"}. Request bodies can
be sent with Content-Length or chunked; `Expect: 100-continue` is honoured (except by /redirect-unread).
Malformed requests and bad parameters get 400 JSON. HEAD omits the body.
"""

import argparse
import base64
import calendar
import hashlib
import json
import os
import random
import select
import selectors
import signal
import socket
import ssl
import struct
import subprocess
import sys
import threading
import time
import zlib
from http import HTTPStatus
from urllib.parse import parse_qs, urlsplit

MAX_STALL = 120.0          # no connection lives longer than this
MAX_HEADER_BYTES = 1 << 20  # request head limit
MAX_BODY_BYTES = 64 << 20   # request body limit


class ClientGone(Exception):
    pass


class BadRequest(Exception):
    pass


def log(msg):
    sys.stderr.write(time.strftime("%H:%M:%S ") + msg + "\n")
    sys.stderr.flush()


def reason(status):
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Status"


class Conn:
    """One accepted connection with an absolute deadline."""

    def __init__(self, sock):
        self.sock = sock
        self.deadline = time.monotonic() + MAX_STALL
        self.buf = b""

    def remaining(self):
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise ClientGone("deadline reached")
        return left

    def recv_some(self):
        self.sock.settimeout(min(self.remaining(), 30.0))
        try:
            data = self.sock.recv(65536)
        except socket.timeout:
            raise ClientGone("read timeout")
        if not data:
            raise ClientGone("client closed")
        return data

    def read_until(self, marker, limit):
        while marker not in self.buf:
            if len(self.buf) > limit:
                raise BadRequest("request head too large")
            self.buf += self.recv_some()
        idx = self.buf.index(marker) + len(marker)
        head, self.buf = self.buf[:idx], self.buf[idx:]
        return head

    def read_exact(self, n):
        while len(self.buf) < n:
            self.buf += self.recv_some()
        data, self.buf = self.buf[:n], self.buf[n:]
        return data

    def send(self, data):
        self.sock.settimeout(min(self.remaining(), 30.0))
        try:
            self.sock.sendall(data)
        except (OSError, socket.timeout) as exc:
            raise ClientGone(str(exc))

    def wait_for_close(self, seconds):
        """Sleep up to `seconds` (capped by the deadline).

        Returns True if the client closed the connection meanwhile. Any data
        the client sends is discarded."""
        end = min(time.monotonic() + seconds, self.deadline)
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return False
            try:
                ready, _, _ = select.select([self.sock], [], [], left)
            except (OSError, ValueError):
                return True
            if ready:
                try:
                    data = self.sock.recv(65536)
                except OSError:
                    return True
                if not data:
                    return True

    def stall(self):
        """Send nothing until the client closes or the deadline passes."""
        self.wait_for_close(MAX_STALL)

    def close_gracefully(self):
        """FIN, then drain briefly so unread input never turns into an RST."""
        try:
            self.sock.shutdown(socket.SHUT_WR)
            self.wait_for_close(2.0)
        except OSError:
            pass
        self.sock.close()

    def reset(self):
        """Close with SO_LINGER(on, 0): the peer sees a TCP RST."""
        try:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                 struct.pack("ii", 1, 0))
        except OSError:
            pass
        self.sock.close()


class Request:
    def __init__(self, method, target, version, headers, body):
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers  # list of (name, value) in arrival order
        self.body = body
        parts = urlsplit(target)
        self.path = parts.path
        self.query = parts.query
        self.args = parse_qs(parts.query, keep_blank_values=True)

    def header(self, name):
        value = None
        for k, v in self.headers:
            if k.lower() == name.lower():
                value = v
        return value

    def arg(self, name, default):
        values = self.args.get(name)
        return values[-1] if values else default


def read_request(conn):
    head = conn.read_until(b"\r\n\r\n", MAX_HEADER_BYTES)
    lines = head[:-4].decode("latin-1").split("\r\n")
    parts = lines[0].split(" ")
    if len(parts) != 3 or not parts[2].startswith("HTTP/"):
        raise BadRequest("bad request line: %r" % lines[0])
    method, target, version = parts
    headers = []
    for line in lines[1:]:
        if ":" not in line:
            raise BadRequest("bad header line: %r" % line)
        name, value = line.split(":", 1)
        headers.append((name.strip(), value.strip()))
    req = Request(method, target, version, headers, b"")

    if (req.header("Expect") or "").lower() == "100-continue" and req.path not in ANSWERS_UNREAD:
        conn.send(b"HTTP/1.1 100 Continue\r\n\r\n")

    if req.path in STREAMING_BODY:
        return req  # the route reads its own (large) body

    if "chunked" in (req.header("Transfer-Encoding") or "").lower():
        body = b""
        while True:
            size_line = conn.read_until(b"\r\n", 4096)
            try:
                size = int(size_line.split(b";")[0].strip(), 16)
            except ValueError:
                raise BadRequest("bad chunk size")
            if size == 0:
                while conn.read_until(b"\r\n", 65536) != b"\r\n":
                    pass  # skip trailers up to the empty line
                break
            if len(body) + size > MAX_BODY_BYTES:
                raise BadRequest("body too large")
            body += conn.read_exact(size)
            conn.read_exact(2)
        req.body = body
    else:
        length = req.header("Content-Length")
        if length is not None:
            try:
                n = int(length)
            except ValueError:
                raise BadRequest("bad Content-Length")
            if n < 0 or n > MAX_BODY_BYTES:
                raise BadRequest("bad Content-Length")
            req.body = conn.read_exact(n)
    return req


def head_bytes(status, headers):
    lines = ["HTTP/1.1 %d %s" % (status, reason(status))]
    lines += ["%s: %s" % (k, v) for k, v in headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def respond(conn, req, status, body=b"", content_type=None, extra=()):
    headers = list(extra)
    if content_type:
        headers.append(("Content-Type", content_type))
    if status not in (204, 304):
        headers.append(("Content-Length", str(len(body))))
    headers.append(("Connection", "close"))
    data = head_bytes(status, headers)
    if req is None or req.method != "HEAD":
        data += body
    conn.send(data)
    conn.close_gracefully()


def respond_json(conn, req, status, obj, extra=()):
    body = json.dumps(obj).encode("utf-8")
    respond(conn, req, status, body, "application/json", extra)


def number(req, name, default, lo, hi, kind=float):
    try:
        value = kind(req.arg(name, default))
    except ValueError:
        raise BadRequest("bad %s" % name)
    return max(lo, min(hi, value))


# Routes ---------------------------------------------------------------------

def r_ok(conn, req):
    respond(conn, req, 200, b"ok", "text/plain")


def r_client_certificate(conn, req):
    """The common name of the client certificate presented on this TLS connection, or null."""
    peer = conn.sock.getpeercert() if hasattr(conn.sock, "getpeercert") else None
    names = [value for field in (peer or {}).get("subject", ()) for key, value in field if key == "commonName"]
    respond_json(conn, req, 200, {"commonName": names[0] if names else None})


def r_echo(conn, req, status=200, extra_fields=None, extra_headers=()):
    last = {}  # case-insensitive: the last occurrence wins, spelled as sent
    for name, value in req.headers:
        last.pop(name.lower(), None)
        last[name.lower()] = (name, value)
    try:
        text = req.body.decode("utf-8") if req.body else None
    except UnicodeDecodeError:
        text = None
    answer = {
        "method": req.method,
        "path": req.path,
        "query": req.query,
        "args": req.args,
        "headers": dict(last.values()),
        "body": text,
        "bodyBase64": base64.b64encode(req.body).decode("ascii"),
        "bodyLength": len(req.body),
    }
    answer.update(extra_fields or {})
    respond_json(conn, req, status, answer, extra_headers)


def r_echo_status(conn, req):
    status = int(number(req, "status", 401, 100, 599, int))
    fields, headers = {}, []
    cookie = req.arg("set_cookie", "")
    if cookie:
        headers.append(("Set-Cookie", cookie + "; Path=/"))
        fields["setCookie"] = cookie.partition("=")[2]
    for name, value in req.headers:
        scheme, _, credential = value.partition(" ")
        if name.lower() == "proxy-authorization" and scheme.lower() == "basic":
            try:
                fields["proxyUser"] = base64.b64decode(credential).decode("utf-8")
            except ValueError:
                pass
    r_echo(conn, req, status, fields, headers)


def r_redirect(conn, req):
    status = int(number(req, "status", 302, 0, 999, int))
    if status not in (301, 302, 303, 307, 308):
        raise BadRequest("status must be 301, 302, 303, 307 or 308")
    to = req.arg("to", "/echo")
    respond(conn, req, status, b"", extra=[("Location", to)])


def r_redirect_unread(conn, req):
    status = int(number(req, "status", 307, 0, 999, int))
    if status not in (301, 302, 303, 307, 308):
        raise BadRequest("status must be 301, 302, 303, 307 or 308")
    keep_alive = req.arg("then", "close") == "keep-alive"
    conn.send(head_bytes(status, [("Location", req.arg("to", "/echo")), ("Content-Length", "0"),
                                  ("Connection", "keep-alive" if keep_alive else "close")]))
    if keep_alive:
        time.sleep(0.05)  # gunicorn's way: the promise outlives the answer, briefly
    conn.sock.close()


def r_basic_challenge(conn, req):
    respond(conn, req, 401, b'{"error":"unauthorized"}', "application/json",
            extra=[("WWW-Authenticate", 'Basic realm="quiver"')])


def r_bearer(conn, req):
    if req.header("Authorization") == "Bearer " + req.arg("token", ""):
        respond_json(conn, req, 200, {"authenticated": True})
    else:
        respond(conn, req, 401, b'{"error":"unauthorized"}', "application/json",
                extra=[("WWW-Authenticate", 'Bearer realm="quiver"')])


def r_reset_mid_body(conn, req):
    conn.send(head_bytes(200, [("Content-Type", "application/octet-stream"),
                               ("Content-Length", "1000000"),
                               ("Connection", "close")]))
    conn.send(b"x" * 10000)
    time.sleep(0.2)  # let the 10000 bytes reach the client before the RST
    conn.reset()


def r_short_body(conn, req):
    conn.send(head_bytes(200, [("Content-Type", "text/plain"),
                               ("Content-Length", "1000"),
                               ("Connection", "close")]))
    conn.send(b"0123456789")
    conn.close_gracefully()


def r_never_answers(conn, req):
    conn.stall()
    conn.sock.close()


def r_headers_then_stall(conn, req):
    conn.send(head_bytes(200, [("Content-Type", "text/plain"),
                               ("Content-Length", "100"),
                               ("Connection", "close")]))
    conn.stall()
    conn.sock.close()


def r_malformed_chunked(conn, req):
    conn.send(head_bytes(200, [("Content-Type", "text/plain"),
                               ("Transfer-Encoding", "chunked"),
                               ("Connection", "close")]) + b"zz\r\nhello\r\n")
    conn.close_gracefully()


def r_truncated_chunked(conn, req):
    conn.send(head_bytes(200, [("Content-Type", "text/plain"),
                               ("Transfer-Encoding", "chunked"),
                               ("Connection", "close")]) + b"5\r\nhello\r\n")
    conn.close_gracefully()


def r_huge_header(conn, req):
    kib = int(number(req, "kib", 1024, 0, 65536, int))
    respond(conn, req, 200, b"small body", "text/plain",
            extra=[("X-Huge", "a" * (kib * 1024))])


GARBAGE = b"\x00\xfe" + random.Random(0x51C0).randbytes(4094)


def r_garbage(conn, req):
    conn.send(GARBAGE)
    conn.close_gracefully()


def r_slow_drip(conn, req):
    nbytes = int(number(req, "bytes", 20, 0, 1 << 20, int))
    interval = number(req, "interval", 0.5, 0.0, MAX_STALL)
    conn.send(head_bytes(200, [("Content-Type", "application/octet-stream"),
                               ("Content-Length", str(nbytes)),
                               ("Connection", "close")]))
    for _ in range(nbytes):
        if conn.wait_for_close(interval):
            conn.sock.close()
            return
        conn.remaining()  # raises ClientGone once the deadline is reached
        conn.send(b"*")
    conn.close_gracefully()


def r_delay(conn, req):
    seconds = number(req, "seconds", 2, 0.0, MAX_STALL * 0.9)
    if conn.wait_for_close(seconds):
        conn.sock.close()
        return
    value = int(seconds) if seconds == int(seconds) else seconds
    respond_json(conn, req, 200, {"delayed": value})


def r_status(conn, req, code_text):
    try:
        code = int(code_text)
    except ValueError:
        raise BadRequest("bad status")
    if not 200 <= code <= 599:
        raise BadRequest("status must be in 200...599")
    if code in (204, 304):
        respond(conn, req, code, b"")
    else:
        respond_json(conn, req, code, {"status": code})


FLAKY_LOCK = threading.Lock()
FLAKY_COUNTS = {}


def r_flaky(conn, req):
    """Fails the first `failures` requests of a key, then succeeds: a transient fault."""
    key = req.arg("key", "")
    if not key:
        raise BadRequest("flaky needs a key")
    failures = int(number(req, "failures", 1, 0, 100, int))
    status = int(number(req, "status", 503, 400, 599, int))
    with FLAKY_LOCK:
        FLAKY_COUNTS[key] = FLAKY_COUNTS.get(key, 0) + 1
        attempt = FLAKY_COUNTS[key]
    delay = number(req, "delay", 0.0, 0.0, 30.0)
    if delay and conn.wait_for_close(delay):
        return
    extra = [("X-Attempt", str(attempt)), ("X-Body-SHA256", hashlib.sha256(req.body or b"").hexdigest())]
    cache_control = req.arg("cache_control", "")
    if cache_control:
        extra.append(("Cache-Control", cache_control))
        extra.append(("Date", time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime())))
    if attempt <= failures:
        retry_after = req.arg("retry_after", "0")
        if retry_after:
            extra.append(("Retry-After", retry_after))
        respond_json(conn, req, status, {"key": key, "attempt": attempt, "error": "try again"}, extra=extra)
    else:
        respond_json(conn, req, 200, {"key": key, "attempt": attempt}, extra=extra)


CACHE_FIRST_SEEN = {}


def r_cache(conn, req):
    """A resource with the caching headers a test asks for, and validators that work."""
    key = req.arg("key", "")
    if not key:
        raise BadRequest("cache needs a key")
    now = time.time()
    with FLAKY_LOCK:
        FLAKY_COUNTS["cache:" + key] = FLAKY_COUNTS.get("cache:" + key, 0) + 1
        attempt = FLAKY_COUNTS["cache:" + key]
        first_seen = CACHE_FIRST_SEEN.setdefault(key, now)
    http_date = lambda t: time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime(t))
    extra = [("X-Attempt", str(attempt)), ("Date", http_date(now))]
    cache_control = req.arg("cache_control", "")
    if cache_control:
        extra.append(("Cache-Control", cache_control))
    etag = req.arg("etag", "")
    if etag:
        extra.append(("ETag", '"%s"' % etag))
    last_modified = None
    if req.arg("last_modified", ""):
        last_modified = int(first_seen - number(req, "last_modified", 0, 0, 10 ** 9))
        extra.append(("Last-Modified", http_date(last_modified)))
    expires = req.arg("expires", "")
    if expires:
        try:
            extra.append(("Expires", http_date(now + float(expires))))
        except ValueError:
            extra.append(("Expires", expires))
    if req.arg("age", ""):
        extra.append(("Age", req.arg("age", "0")))
    vary = req.arg("vary", "")
    if vary:
        extra.append(("Vary", vary))
    set_cookie = req.arg("set_cookie", "")
    if set_cookie:
        extra.append(("Set-Cookie", set_cookie))
    location = req.arg("location", "")
    if location:
        extra.append(("Location", location))
        extra.append(("Content-Location", location))
    fail_from = int(number(req, "fail_from", 0, 0, 1000, int))
    if fail_from and attempt >= fail_from:
        respond_json(conn, req, 503, {"key": key, "attempt": attempt, "error": "down"}, extra=extra)
        return
    if req.method in ("GET", "HEAD"):
        tags = [t.strip() for t in (req.header("If-None-Match") or "").split(",") if t.strip()]
        if etag and ('"%s"' % etag in tags or 'W/"%s"' % etag in tags or "*" in tags):
            respond(conn, req, 304, extra=extra)
            return
        since = req.header("If-Modified-Since")
        if since and last_modified is not None and not etag:
            try:
                since_time = calendar.timegm(time.strptime(since, "%a, %d %b %Y %H:%M:%S GMT"))
            except ValueError:
                since_time = None
            if since_time is not None and since_time >= last_modified:
                respond(conn, req, 304, extra=extra)
                return
    status = int(number(req, "status", 200, 200, 599, int))
    varied = req.header(vary) if vary and vary != "*" else None
    respond_json(conn, req, status, {"key": key, "attempt": attempt, "varied": varied}, extra=extra)


def r_blob(conn, req):
    """N deterministic bytes (byte i is i % 251), streamed, as an attachment."""
    nbytes = int(number(req, "bytes", 1 << 20, 0, 1 << 34, int))
    conn.send(head_bytes(200, [("Content-Type", "application/octet-stream"),
                               ("Content-Length", str(nbytes)),
                               ("Content-Disposition", 'attachment; filename="blob.bin"'),
                               ("Connection", "close")]))
    if req.method == "HEAD":
        conn.close_gracefully()
        return
    pattern = bytes(i % 251 for i in range(251 * 261))  # 65511 bytes, a whole number of periods
    sent = 0
    while sent < nbytes:
        chunk = pattern[:min(len(pattern), nbytes - sent)]
        conn.send(chunk)
        sent += len(chunk)
    conn.close_gracefully()


def r_sink(conn, req):
    """Reads the whole body in chunks, whatever its size, and answers its length and SHA-256."""
    digest = hashlib.sha256()
    total = 0
    if "chunked" in (req.header("Transfer-Encoding") or "").lower():
        while True:
            size = int(conn.read_until(b"\r\n", 4096).split(b";")[0].strip(), 16)
            if size == 0:
                while conn.read_until(b"\r\n", 65536) != b"\r\n":
                    pass
                break
            while size > 0:
                piece = conn.read_exact(min(size, 1 << 16))
                digest.update(piece)
                total += len(piece)
                size -= len(piece)
            conn.read_exact(2)
    else:
        remaining = int(req.header("Content-Length") or "0")
        while remaining > 0:
            piece = conn.read_exact(min(remaining, 1 << 16))
            digest.update(piece)
            total += len(piece)
            remaining -= len(piece)
    respond_json(conn, req, 200, {"bytes": total, "sha256": digest.hexdigest(),
                                  "contentType": req.header("Content-Type")})


BIG_NUMBERS = ('{"id":1234567890123456789,"exact":9007199254740993,"negative":-9223372036854775809,'
               '"beyond64":18446744073709551616,"price":0.10000000000000000555,"ratio":1.50,'
               '"long":3.14159265358979323846264338327950288419716939937510,"small":1E-7,'
               '"list":[9007199254740993,1234567890123456789.25]}')


def r_big_numbers(conn, req):
    body = BIG_NUMBERS
    if req.arg("pretty", "0") == "1":
        body = body.replace("{", "{\n  ").replace(",", ",\n  ").replace(":", ": ").replace("}", "\n}")
    respond(conn, req, 200, body.encode("ascii"), "application/json")


def r_login_cookies(conn, req):
    body = json.dumps({"user": "ada", "session": "S3SSION-SECRET-VALUE", "csrf": "c5rf"}).encode("utf-8")
    respond(conn, req, 200, body, "application/json", extra=[
        ("Set-Cookie", "session=S3SSION-SECRET-VALUE; Path=/login-cookies; HttpOnly"),
        ("Set-Cookie", "csrf=c5rf; Path=/login-cookies; SameSite=Strict"),
        ("Set-Cookie", "remember=R3MEMBER-SECRET-VALUE; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Path=/login-cookies"),
    ])


def r_cookie_scope(conn, req, rest):
    if rest == "set":
        respond_json(conn, req, 200, {"set": ["scoped", "secure", "brief", "plain"]}, extra=[
            ("Set-Cookie", "scoped=A; Path=/cookie-scope/a"),
            ("Set-Cookie", "secure=S; Secure; Path=/"),
            ("Set-Cookie", "brief=B; Max-Age=2; Path=/"),
            ("Set-Cookie", "plain=P; Path=/"),
        ])
    elif rest == "redirect":
        respond(conn, req, 302, b"", extra=[("Location", req.arg("to", "/cookie-scope/seen")),
                                            ("Set-Cookie", "via-redirect=R; Path=/")])
    else:
        respond_json(conn, req, 200, {"path": req.path, "cookie": req.header("Cookie") or ""})


GZIP_BOMB = {}
GZIP_BOMB_LOCK = threading.Lock()


def gzip_bomb_parts(mib):
    """The deflate segment that inflates one MiB of zeros (repeatable: each ends in a full
    flush), the final empty block, and the CRC-32 of `mib` MiB of zeros, made once per size."""
    with GZIP_BOMB_LOCK:
        if mib not in GZIP_BOMB:
            zeros = bytes(1 << 20)
            deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
            segment = deflate.compress(zeros) + deflate.flush(zlib.Z_FULL_FLUSH)
            final = deflate.flush(zlib.Z_FINISH)
            crc = 0
            for _ in range(mib):
                crc = zlib.crc32(zeros, crc)
            GZIP_BOMB[mib] = (segment, final, crc)
        return GZIP_BOMB[mib]


def r_gzip_bomb(conn, req):
    mib = int(number(req, "mib", 1024, 1, 4096, int))
    segment, final, crc = gzip_bomb_parts(mib)
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
    trailer = struct.pack("<II", crc, (mib << 20) & 0xFFFFFFFF)
    length = len(header) + len(segment) * mib + len(final) + len(trailer)
    conn.send(head_bytes(200, [("Content-Type", "application/json"), ("Content-Encoding", "gzip"),
                               ("Content-Length", str(length)), ("Connection", "close")]))
    if req.method == "HEAD":
        return
    conn.send(header)
    batch = segment * 64
    left = mib
    while left > 0:
        conn.send(batch if left >= 64 else segment * left)
        left -= min(left, 64)
    conn.send(final + trailer)
    conn.close_gracefully()


def stream_head(content_type):
    return head_bytes(200, [("Content-Type", content_type), ("Cache-Control", "no-cache"),
                            ("Connection", "close")])


def r_sse(conn, req):
    events = int(number(req, "events", 5, 0, 100000, int))
    interval = number(req, "interval", 0.0, 0.0, MAX_STALL)
    split = req.arg("split", "0") == "1"
    stall_after = int(number(req, "stall_after", -1, -1, 100000, int))
    reset_after = int(number(req, "reset_after", -1, -1, 100000, int))
    if split:
        conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    conn.send(stream_head("text/event-stream"))
    echo = req.arg("echo", "")
    if echo:
        conn.send(("data: %s\n\n" % (req.header(echo) or "")).encode())
        if interval and conn.wait_for_close(interval):
            return
    for i in range(events):
        if i == stall_after:
            conn.stall()
            return
        event = ("id: %d\ndata: {\"n\": %d}\n\n" % (i, i)).encode()
        if i == reset_after:
            conn.send(event[:len(event) // 2])
            time.sleep(0.2)
            conn.reset()
            return
        if split:
            for b in range(len(event)):
                conn.send(event[b:b + 1])
                time.sleep(0.001)
        else:
            conn.send(event)
        if interval and conn.wait_for_close(interval):
            return
    conn.close_gracefully()


RESUMED = set()


def r_sse_resume(conn, req):
    key = req.arg("key", "")
    events = int(number(req, "events", 6, 0, 100000, int))
    reset_after = int(number(req, "reset_after", 3, -1, 100000, int))
    retry = int(number(req, "retry", 100, 0, 3600000, int))
    bare_ids = req.arg("bare_ids", "0") == "1"
    end = req.arg("end", "reset")
    if end not in ("reset", "close"):
        raise BadRequest("end must be reset or close")
    try:
        start = int(req.header("Last-Event-ID") or "-1") + 1
    except ValueError:
        raise BadRequest("bad Last-Event-ID")
    with ENDLESS_LOCK:
        first = key not in RESUMED
        RESUMED.add(key)
    conn.send(stream_head("text/event-stream") + b"retry: %d\n\n" % retry)
    for i in range(start, events):
        if bare_ids:
            event = ("id: %d\n\ndata: {\"n\": %d}\n\n" % (i, i)).encode()
        else:
            event = ("id: %d\ndata: {\"n\": %d}\n\n" % (i, i)).encode()
        if first and i == reset_after:
            if end == "close":
                break
            conn.send(event[:len(event) // 2])
            time.sleep(0.2)
            conn.reset()
            return
        conn.send(event)
    conn.close_gracefully()


def r_sse_big_event(conn, req):
    lines = int(number(req, "lines", 1000, 0, 10000000, int))
    nbytes = int(number(req, "bytes", 1024, 0, 1 << 20, int))
    conn.send(stream_head("text/event-stream"))
    line = b"data: " + b"x" * nbytes + b"\n"
    for _ in range(lines):
        conn.send(line)  # raises ClientGone once the client closed
    conn.send(b"data: tail\n\n")
    conn.close_gracefully()


def r_ndjson(conn, req):
    lines = int(number(req, "lines", 5, 0, 1000000, int))
    interval = number(req, "interval", 0.0, 0.0, MAX_STALL)
    conn.send(stream_head("application/x-ndjson"))
    for i in range(lines):
        conn.send(('{"n": %d}\n' % i).encode())
        if interval and conn.wait_for_close(interval):
            return
    conn.close_gracefully()


def r_huge_line(conn, req):
    nbytes = int(number(req, "bytes", 1 << 20, 0, 64 << 20, int))
    conn.send(stream_head("text/plain"))
    chunk = b"x" * 65536
    left = nbytes
    while left > 0:
        conn.send(chunk[:min(left, len(chunk))])
        left -= min(left, len(chunk))
    conn.send(b"\ntail\n")
    conn.close_gracefully()


ENDLESS = {}
ENDLESS_LOCK = threading.Lock()


def r_endless(conn, req):
    key = req.arg("key", "")
    interval = number(req, "interval", 0.0, 0.0, MAX_STALL)
    with ENDLESS_LOCK:
        ENDLESS[key] = {"sent": 0, "closed": False}
    chunk = b"*" * 65536
    try:
        conn.send(stream_head("application/octet-stream"))
        while True:
            conn.send(chunk)
            with ENDLESS_LOCK:
                ENDLESS[key]["sent"] += len(chunk)
            if interval and conn.wait_for_close(interval):
                break
    except ClientGone:
        pass
    finally:
        with ENDLESS_LOCK:
            ENDLESS[key]["closed"] = True


def r_endless_status(conn, req):
    with ENDLESS_LOCK:
        state = dict(ENDLESS.get(req.arg("key", ""), {"sent": 0, "closed": False}))
    respond_json(conn, req, 200, state)


# Routes whose handler reads the request body itself, in chunks.
STREAMING_BODY = {"/sink", "/redirect-unread"}
# Routes that answer without reading the body: no 100 Continue.
ANSWERS_UNREAD = {"/redirect-unread"}

ROUTES = {
    "/ok": r_ok,
    "/client-certificate": r_client_certificate,
    "/blob": r_blob,
    "/sink": r_sink,
    "/echo": r_echo,
    "/echo-status": r_echo_status,
    "/redirect": r_redirect,
    "/redirect-unread": r_redirect_unread,
    "/basic-challenge": r_basic_challenge,
    "/bearer": r_bearer,
    "/reset-mid-body": r_reset_mid_body,
    "/short-body": r_short_body,
    "/never-answers": r_never_answers,
    "/headers-then-stall": r_headers_then_stall,
    "/malformed-chunked": r_malformed_chunked,
    "/truncated-chunked": r_truncated_chunked,
    "/huge-header": r_huge_header,
    "/garbage": r_garbage,
    "/slow-drip": r_slow_drip,
    "/delay": r_delay,
    "/flaky": r_flaky,
    "/cache": r_cache,
    "/big-numbers": r_big_numbers,
    "/login-cookies": r_login_cookies,
    "/sse": r_sse,
    "/sse-resume": r_sse_resume,
    "/sse-big-event": r_sse_big_event,
    "/ndjson": r_ndjson,
    "/huge-line": r_huge_line,
    "/endless": r_endless,
    "/endless-status": r_endless_status,
    "/gzip-bomb": r_gzip_bomb,
}


def handle(sock, port):
    conn = Conn(sock)
    req = None
    try:
        req = read_request(conn)
        log("%d %s %s" % (port, req.method, req.target[:200]))
        if req.path.startswith("/status/"):
            r_status(conn, req, req.path[len("/status/"):])
        elif req.path.startswith("/echo/"):
            r_echo(conn, req)
        elif req.path.startswith("/cookie-scope/"):
            r_cookie_scope(conn, req, req.path[len("/cookie-scope/"):])
        elif req.path in ROUTES:
            ROUTES[req.path](conn, req)
        else:
            respond_json(conn, req, 404, {"error": "not found", "path": req.path})
    except BadRequest as exc:
        log("%d 400: %s" % (port, exc))
        try:
            respond_json(conn, req, 400, {"error": str(exc)})
        except Exception:
            pass
    except ClientGone:
        pass
    except Exception as exc:  # never let a handler thread die noisily
        log("%d error: %r" % (port, exc))
    finally:
        try:
            sock.close()
        except OSError:
            pass


def make_tls_context(directory):
    """A server context with a fresh self-signed certificate for 127.0.0.1, or None. It asks
    for a client certificate without requiring one, and trusts the one it makes beside its own
    (fault-tls-client-cert.pem and -key.pem, CN=quiver-client)."""
    def make_certificate(name, subject, *extra):
        cert = os.path.join(directory, "fault-tls-%scert.pem" % name)
        key = os.path.join(directory, "fault-tls-%skey.pem" % name)
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                        "-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", subject] + list(extra),
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)
        return cert, key

    try:
        cert, key = make_certificate("", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1")
        client_cert, _ = make_certificate("client-", "/CN=quiver-client")
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        context.load_verify_locations(client_cert)
        context.verify_mode = ssl.CERT_OPTIONAL
        return context
    except (OSError, subprocess.SubprocessError, ssl.SSLError) as exc:
        log("no TLS listener: %r" % (exc,))
        return None


def handle_tls(sock, port, context):
    """Completes the TLS handshake (clients that refuse the certificate end here), then serves."""
    try:
        sock.settimeout(10)
        wrapped = context.wrap_socket(sock, server_side=True)
        wrapped.settimeout(None)
    except (OSError, ssl.SSLError) as exc:
        log("%d TLS handshake failed: %s" % (port, exc))
        sock.close()
        return
    handle(wrapped, port)


def main():
    global MAX_STALL
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--max-stall", type=float, default=MAX_STALL,
                        help="longest life of one connection, seconds")
    parser.add_argument("--tls-dir", help="serve TLS on a third port, certificate made here")
    parser.add_argument("--port", type=int, default=0,
                        help="the main port (0: a free one), so that a stopped server can come back on it")
    args = parser.parse_args()
    tls = make_tls_context(args.tls_dir) if args.tls_dir else None
    MAX_STALL = args.max_stall

    def stop(signum, frame):
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    listeners = []
    for index in range(3 if tls else 2):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind((args.host, args.port if index == 0 else 0))
        s.listen(128)
        s.setblocking(False)
        listeners.append(s)
    ports = [s.getsockname()[1] for s in listeners]

    tmp = "%s.tmp.%d" % (args.port_file, os.getpid())
    tls_port = ports[2] if tls else 0
    with open(tmp, "w") as f:
        if args.tls_dir:
            f.write("%d %d %d\n" % (ports[0], ports[1], tls_port))
        else:
            f.write("%d %d\n" % tuple(ports))
    os.replace(tmp, args.port_file)
    log("listening on %s ports %d %d" % (args.host, ports[0], ports[1]))

    sel = selectors.DefaultSelector()
    for s in listeners:
        sel.register(s, selectors.EVENT_READ)
    try:
        while True:
            for key, _ in sel.select(timeout=1.0):
                try:
                    client, _ = key.fileobj.accept()
                except (BlockingIOError, InterruptedError):
                    continue
                client.setblocking(True)
                port = key.fileobj.getsockname()[1]
                if port == tls_port:
                    threading.Thread(target=handle_tls, args=(client, port, tls),
                                     daemon=True).start()
                else:
                    threading.Thread(target=handle, args=(client, port),
                                     daemon=True).start()
    except SystemExit:
        pass
    finally:
        for s in listeners:
            s.close()
        log("stopped")


if __name__ == "__main__":
    main()
