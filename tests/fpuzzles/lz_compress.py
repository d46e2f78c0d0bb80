#!/usr/bin/env python3
"""lz_compress.py - lz-string's compressToBase64, written for the tests
from the format's description (LZW over UTF-16 units; codes written LSB
first in a width that grows; 0 and 1 bring a new 8-bit or 16-bit unit, 2
ends; 6 bits a base64 character, high bit first; '=' padding), so that
the api's decompressor (src/api/lzstring.c) is checked against an encoder
that shares nothing with it. Reads text on stdin, writes the base64 line.
"""
import sys

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


class Out:
    def __init__(self):
        self.chars, self.val, self.pos = [], 0, 0

    def bits(self, value, n):
        for _ in range(n):
            self.val = (self.val << 1) | (value & 1)
            value >>= 1
            if self.pos == 5:
                self.chars.append(B64[self.val])
                self.val, self.pos = 0, 0
            else:
                self.pos += 1

    def flush(self):
        while True:
            self.val <<= 1
            if self.pos == 5:
                self.chars.append(B64[self.val])
                return
            self.pos += 1


def compress(units):
    out = Out()
    codes, pending = {}, set()
    size, width, enlarge = 3, 2, 2
    w = ()

    def grow():
        nonlocal enlarge, width
        enlarge -= 1
        if enlarge == 0:
            enlarge = 1 << width
            width += 1

    def put(w):
        if w in pending:
            u = w[0]
            out.bits(0 if u < 256 else 1, width)
            out.bits(u, 8 if u < 256 else 16)
            grow()
            pending.discard(w)
        else:
            out.bits(codes[w], width)
        grow()

    for u in units:
        c = (u,)
        if c not in codes:
            codes[c] = size
            size += 1
            pending.add(c)
        if w + c in codes:
            w = w + c
            continue
        put(w)
        codes[w + c] = size
        size += 1
        w = c
    if w:
        put(w)
    out.bits(2, width)
    out.flush()
    text = "".join(out.chars)
    return text + "=" * (-len(text) % 4)


def utf16(s):
    b = s.encode("utf-16-le")
    return [b[i] | b[i + 1] << 8 for i in range(0, len(b), 2)]


if __name__ == "__main__":
    print(compress(utf16(sys.stdin.read())))
