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
        out.append({"n": "\n", "r": "\r", "t": "\t", "0": "\0", "\\": "\\", '"': '"', "'": "'"}[n])
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
