#!/usr/bin/env python3
"""Writes the seed corpora of Fuzz/Corpus/ from the project's own test vectors: the string
literals of the unit tests named below, unescaped, each prefixed with the bytes its harness reads
first (limits, a URL choice). Run it again after adding test vectors; files are named by the
SHA-1 of their contents, as libFuzzer names its own, so a rerun adds and never duplicates.

    Fuzz/Seeds/make-corpus.py
"""
import hashlib
import os
import re

FUZZ = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(FUZZ)
STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def unescape(literal):
    out, i = [], 0
    while i < len(literal):
        c = literal[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        n = literal[i + 1]
        if n == "u":
            end = literal.index("}", i)
            out.append(chr(int(literal[i + 3:end], 16)))
            i = end + 1
            continue
        if n == "(":  # an interpolation: not a test vector
            return None
        escaped = {"n": "\n", "r": "\r", "t": "\t", "0": "\0", "\\": "\\", '"': '"', "'": "'"}.get(n)
        if escaped is None:  # a raw string's `\#(…)` and the like: not a test vector
            return None
        out.append(escaped)
        i += 2
    return "".join(out).encode("utf-8", "surrogatepass")


def strings(path, pattern=None):
    text = open(os.path.join(ROOT, path), encoding="utf-8").read()
    for line in text.splitlines():
        if pattern and not re.search(pattern, line):
            continue
        for literal in STRING.findall(line):
            value = unescape(literal)
            if value is not None:
                yield value


def write(harness, data):
    folder = os.path.join(FUZZ, "Corpus", harness)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as file:
        file.write(data)


streaming = "Tests/QuiverTests/Streaming/"
events = set()
for name in ["ServerSentEventLineAndFieldTests.swift", "ServerSentEventStreamStateTests.swift",
             "ServerSentEventEncodingTests.swift", "ServerSentEventParserTests.swift"]:
    for value in strings(streaming + name, r'\.init\(|data:|event:|id:|retry:'):
        if b"\n" in value or b"\r" in value:
            events.add(value)
for value in sorted(events):
    write("ServerSentEvents", b"\xff\xff" + value)  # default limits
    write("ServerSentEvents", b"\x07\x0f" + value)  # an 8-byte line limit, a 16-byte event limit

lines = set(v for v in strings(streaming + "LineSplitterTests.swift") if b"\n" in v or b"\r" in v)
lines |= {b'{"a":1}\n{"b":[1,2]}\r\n{"c":"x\\ny"}\n', b"\n\n\r\n", b"no end"}
for value in sorted(lines):
    write("Lines", b"\xff" + value)
    write("Lines", b"\x03" + value)  # a 4-byte limit

cookies = set()
for value in strings("Tests/QuiverTests/Transport/CookieJarTests.swift", r'setCookie|split'):
    if b"=" in value and len(value) < 256:
        cookies.add(value)
for index, value in enumerate(sorted(cookies)):
    write("SetCookie", bytes([index % 6, len(value)]) + value)
joined = b"a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT, b=2; Path=/x"
write("SetCookie", bytes([0, len(joined)]) + joined)

dates = set(strings("Tests/QuiverTests/Retry/HTTPDateTests.swift")) | set(strings("Tests/QuiverTests/Retry/RetryPolicyTests.swift", r"Retry-After|GMT|\d\d:\d\d"))
for index, value in enumerate(sorted(dates)):
    write("HTTPDate", hashlib.sha1(value).digest()[:8] + value)

for value in strings("Tests/QuiverTests/Request/PathSegmentInterpolationTests.swift", r'^\s*\("'):
    write("PathSegment", value)

# Redaction: a secret learned in each of the three places, then bodies of the redaction tests'
# kind as filler (a byte 9 and a length before each piece of at most 24 bytes), then one plant
# of each spelling.
def filler(body):
    return b"".join(bytes([9, len(body[i:i + 24])]) + body[i:i + 24] for i in range(0, len(body), 24))


bodies = [b'{"token":"abc123SECRETxyz","echo":"Bearer abc123SECRETxyz"}', b"session=abc%2Fdef; path=/",
          b'{"args":{},"data":"{\\"password\\":\\"hunter22\\"}"}', b"Authorization: Bearer s3cr3t-t0k3n\r\n",
          b"\x00\x01binary\xff\xfe"]
secret = b"A7/x+Q==Zk-9"
for place in range(3):
    for body in bodies:
        write("Redaction", bytes([place, len(secret) - 6]) + secret + filler(body)
              + bytes([0, 1, 2, 3, 4, 5, 6, 7, 8, 3, 0, 1, 2, 3]) + filler(body[:10]))

# The second round of harnesses (#51): form encoding, challenges, ISO 8601 dates, JSON values,
# multipart names, header models, Content-Type and body limits, fixture files and the generator.
def lp(data, most):
    """A length byte that FuzzInput.bytes(upTo: most) reads as len(data), then the bytes."""
    data = data[:most]
    return bytes([len(data)]) + data


escaping = [v for v in strings("Tests/QuiverTests/Form/FormEncoderEscapingTests.swift") if len(v) <= 16]
escaping += [b"a b", b"x&y=z#w", b"+", b"\xc3\xa9", b"", b"[]", b"%20"]
for index, value in enumerate(sorted(set(escaping))):
    # 3 option bytes; two members: name=value (a string), and list=[value, 7, true, null] (kind 6).
    tree = bytes([index % 4, index % 2, 0, 2]) + lp(b"name", 12) + bytes([1]) + lp(value, 16) \
        + lp(b"list", 12) + bytes([6, 4, 1]) + lp(value, 16) + bytes([3, 0, 0, 7, 0x85, 0])
    write("FormEncoding", tree)
# Nested objects and arrays, a double, under each array encoding.
for encoding in range(4):
    write("FormEncoding", bytes([encoding, 1, 1, 2]) + lp(b"filter", 12) + bytes([7, 2]) + lp(b"q", 8) + bytes([1])
          + lp(b"a b", 16) + lp(b"n", 8) + bytes([4, 0, 0, 0, 0, 0, 0, 0x12, 0x34]) + lp(b"tags", 12) + bytes([6, 2, 6, 1, 1])
          + lp(b"x", 16) + bytes([7, 0]))

challenges = set()
for path in ["Tests/QuiverTests/Plugins/Authentication/Challenges/DigestAuthorizationTests.swift",
             "Tests/QuiverTests/Plugins/Authentication/CredentialsPluginTests.swift",
             "Tests/QuiverTests/Plugins/Authentication/AuthenticationPluginTests.swift"]:
    for value in strings(path, r'realm|Basic|Digest|Bearer|WWW-Authenticate'):
        if b"realm" in value or value.startswith((b"Basic", b"Digest", b"Bearer")):
            challenges.add(value)
challenges |= {b'Digest realm="a", nonce="b", qop="auth,auth-int", opaque="c", Basic realm="a"',
               b'Digest realm="x\\"y", nonce="n", algorithm=SHA-256-sess, qop=auth', b'Negotiate abc==, Basic realm=x'}
for value in sorted(challenges):
    write("Challenges", b"\x00" + value)
write("Challenges", b"\x03\x02\x00\x03\x00" + lp(b"x\"y\\z", 24) + b"\x00\x01" + lp(b"n\r\nonce", 24) + b"\x00\x04" + lp(b"o", 24))

dates = set(v for v in strings("Tests/QuiverTests/Support/ISO8601Tests.swift") if re.search(rb"\d\d:\d\d", v))
dates |= set(v for v in strings("Tests/QuiverTests/Form/FormEncoderDateTests.swift") if re.search(rb"\d{4}-\d\d-\d\dT", v))
for value in sorted(dates):
    write("ISO8601Dates", b"\x00" + value)
for mode, raw in [(1, 1_795_359_600_250), (1, -62_135_596_800_000), (3, 253_402_300_799), (3, -99_999_999_999_999 + 1)]:
    write("ISO8601Dates", bytes([mode]) + (raw & (2**64 - 1)).to_bytes(8, "big") + b"2026-11-22T15:00:00.250Z")

bodies = set()
paths = {b""}
for path in ["Tests/QuiverTests/Response/DecodingTests.swift", "Tests/QuiverTests/Response/OptionalDecodingTests.swift"]:
    for value in strings(path):
        if value[:1] in (b"{", b"["):
            bodies.add(value)
    text = open(os.path.join(ROOT, path), encoding="utf-8").read()
    paths |= {p.encode() for p in re.findall(r'atKeyPath: "([^"\\]*)"', text)}
bodies |= {b"", b"null", b'{"a":[1,{"b":null}],"a.b":2}', b'[[0,1],{"0":"zero"}]'}
for body in sorted(bodies):
    for path in sorted(paths)[:6]:
        write("JSONValues", lp(path, 40) + body)

names = set(v for v in strings("Tests/QuiverTests/Multipart/MultipartHeaderEscapingTests.swift") if len(v) <= 24)
names |= {b'a"b', b"a\\b", b"file.txt", b"caf\xc3\xa9.png", b"x\r\ny", b"--boundary"}
for index, value in enumerate(sorted(names)):
    # the default boundary; a text part named value; a data part with value as its file name and a type
    write("MultipartNames", b"\x00\x02\x00" + lp(value, 24) + lp(b"text", 48)
          + b"\x07" + lp(b"file", 24) + lp(value, 24) + lp(b"text/plain", 24) + lp(b"\x00\x01data", 48))
write("MultipartNames", b"\x01" + lp(b"Ab09'()+_,-./:=? z", 72) + b"\x01\x00" + lp(b"n", 24) + lp(b"--Ab09'()+_,-./:=? z", 48))

values = set(v for v in strings("Tests/QuiverTests/Request/URLRequestHeaderFieldsTests.swift") if len(v) <= 24)
values |= {b"a\r\nX-Injected: 1", b"tab\there", b"\x7f", b"caf\xc3\xa9"}
for index, value in enumerate(sorted(values)):
    # target: X-Api-Key=value; user:password; a content type; plugin: Accept=value; bearer token value
    write("HeaderModels", bytes([0x03 | (index % 2) << 2, 1, 0]) + lp(value, 24) + lp(b"user", 12) + lp(b"pw", 12)
          + lp(b"application/json", 24) + bytes([1, 1]) + lp(value, 24) + bytes([0, 1]) + lp(value, 24))

types = set()
for path in ["Tests/QuiverTests/Response/DecodingTests.swift", "Tests/QuiverTests/Errors/QuiverErrorTests.swift",
             "Tests/QuiverTests/Targets/BodyEncoding/BodyEncoderTests.swift"]:
    types |= set(v for v in strings(path) if re.match(rb"^[a-z]+/[\w.+-]+", v) and len(v) <= 64)
types |= {b'text/plain; a="x; charset=evil"; charset=latin1', b"application/json; charset=\"UTF-8\""}
for value in sorted(types):
    for body in [b'{"a":"caf\xe9"}', b"<html><script>x</script><p>Not  found</p>", b"\x00\x01\x02"]:
        write("ContentType", b"\x01" + lp(value, 64) + b"\x00\x10" + lp(b"secret", 8) + lp(b"key", 8) + body)

fixtures = [
    {"request": {"method": "GET", "path": "/users/1"}, "status": 200, "headers": {"Content-Type": "application/json"},
     "body": {"id": 1234567890123456789, "price": 0.10, "s": "\u00e9/", "nested": [{"a": []}, {}], "n": None}},
    {"request": {"method": "POST", "path": "/x"}, "status": 201, "bodyText": "plain text"},
    {"request": {"method": "GET", "path": "/b"}, "status": 200, "bodyBase64": "AAEC/w=="},
    {"request": {"method": "GET", "path": "/events"}, "status": 200,
     "stream": [{"at": 0, "text": "data: 1\n\n"}, {"at": 0.25, "base64": "AP8="}]},
    {"request": {"method": "GET", "path": "/e"}, "status": 404},
]
import json
for fixture in fixtures:
    text = json.dumps(fixture, indent=2).encode()
    write("FixtureFiles", b"\x00" + text)
    write("FixturesGenerator", text)
write("FixtureFiles", b"\x41" + lp(b"/v1/items?q=1", 24) + b"\x00\xc8\x01" + lp(b"Content-Type", 12) + lp(b"text/plain", 24)
      + b"\x02\x04\x00\x08\x28\x00" + b"hello, world")
write("FixtureFiles", b"\x02" + lp(b"/j", 24) + b"\x00\xc8\x00" + b'{ "a" : [1.50, "x y", {}] }')
for value in strings("Tests/QuiverFixturesGeneratorTests/JSONScannerTests.swift"):
    write("FixturesGenerator", value)
write("FixturesGenerator", b'{"request": {"method": "GET", "path": "/"}, "status": 200, "body": [1, 2]}')
