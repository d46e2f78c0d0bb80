#!/usr/bin/python3
"""make_corpus.py - writes the seed corpora of the fuzz targets into
tests/fuzz/corpus/{reader,json,handler}/ (run from the repository root).
The seeds are committed; rerun this only to change them."""
import os

ROOT = "tests/fuzz/corpus"
CLASSIC = ("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28...."
           "419..5....8..79")
NO_SOLUTION = "12345678." + "........9" + "." * 63
CONFLICTING = "5.5" + "." * 78
MULTI = ("................12..3..4........35...1......67.8.....9....7..3...6..."
         "4..9........")
H17 = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."


def rows(line, n, sep=" ", blank="0"):
    cells = [c if c not in "." else blank for c in line]
    return "\n".join(sep.join(cells[r * n:(r + 1) * n]) for r in range(n)) + "\n"


def solved(br, bc):
    n = br * bc
    sym = "123456789ABCDEFGHIJKLMNOP"
    return "".join(sym[(bc * (r % br) + r // br + c) % n]
                   for r in range(n) for c in range(n))


def blank_some(line, keep_every):
    return "".join(ch if i % keep_every == 0 else "." for i, ch in enumerate(line))


texts = {
    "classic_line": CLASSIC + "\n",
    "classic_rows": rows(CLASSIC, 9),
    "classic_symbols": "\n".join(CLASSIC[i:i + 9] for i in range(0, 81, 9)) + "\n",
    "classic_hdu": rows(CLASSIC, 9, blank="?"),
    "decorated": "53. |.7. |...\n6.. |195 |...\n.98 |... |.6.\n------+-----+------\n"
                 "8.. |.6. |..3\n4.. |8.3 |..1\n7.. |.2. |..6\n---+---+---\n"
                 ".6. |... |28.\n... |419 |..5\n... |.8. |.79\n",
    "two_puzzles": CLASSIC + "\n\n" + H17 + "\n",
    "crlf_bom": "\ufeff" + rows(CLASSIC, 9).replace("\n", "\r\n"),
    "no_solution": NO_SOLUTION + "\n",
    "conflicting": CONFLICTING + "\n",
    "multi": MULTI + "\n",
    "4x4_rows": "1 . . 4\n. . 1 .\n. 1 . .\n4 . . 1\n",
    "6x6_rows": rows(blank_some(solved(2, 3), 3), 6),
    "12x12_tokens": rows(blank_some(solved(3, 4).replace("A", "?"), 2), 12),
    "16x16_line": blank_some(solved(4, 4), 3) + "\n",
    "25x25_line": "." * 625 + "\n",
    "25x25_tokens": "\n".join(" ".join("0" for _ in range(25)) for _ in range(25)) + "\n",
    "bad_char": "53..7....\n6..19#...\n",
    "short_row": "53..7....\n6..195..\n",
    "big_token": "123456789012345678901234567890 0 0 0\n",
    "prime_side": "1234567\n",
    "nul_bytes": "53..7\x00...\n",
    "only_decoration": "---+---\n|||\n\n",
    "truncated": CLASSIC[:40] + "\n",
    "empty": "",
}

jsons = {
    "string": '{"puzzle":"%s"}' % CLASSIC,
    "rows": '{"puzzle":[%s]}' % ",".join(
        "[" + ",".join(("0" if c == "." else c) for c in CLASSIC[r * 9:r * 9 + 9]) + "]"
        for r in range(9)),
    "flat_nulls": '{"puzzle":[%s]}' % ",".join(("null" if c == "." else c) for c in CLASSIC),
    "batch": '{"puzzles":["%s","%s","%s"]}' % (CLASSIC, NO_SOLUTION, CONFLICTING),
    "batch_bad": '{"puzzles":["%s","5.5"]}' % CLASSIC,
    "multi_max": '{"puzzle":"%s","max_solutions":1000}' % MULTI,
    "lexmin": '{"puzzle":"%s","lexmin":true,"max_solutions":1}' % MULTI,
    "box_6x6": '{"puzzle":"%s","box":[2,3]}' % blank_some(solved(2, 3), 2),
    "box_3x2": '{"puzzle":"%s","box":[3,2]}' % ("." * 36),
    "box_bad": '{"puzzle":"%s","box":[2,2]}' % ("." * 81),
    "empty25_lexmin": '{"puzzle":"%s","lexmin":true}' % ("." * 625),
    "16x16": '{"puzzle":"%s"}' % blank_some(solved(4, 4), 2),
    "no_solution": '{"puzzle":"%s"}' % NO_SOLUTION,
    "conflicting": '{"puzzle":"%s"}' % CONFLICTING,
    "all_conflict": '{"puzzle":"%s"}' % ("1" * 81),
    "unknown_member": '{"puzzle":"%s","x":1}' % CLASSIC,
    "twice": '{"puzzle":"1","puzzle":"2"}',
    "both": '{"puzzle":"%s","puzzles":[]}' % CLASSIC,
    "not_object": '[1,2,3]',
    "trailing": '{"puzzle":"%s"} x' % CLASSIC,
    "truncated": '{"puzzle":',
    "deep": "[" * 200 + "]" * 200,
    "big_number": '{"puzzle":[1e400,-0,2.5,1e9%s]}' % (",0" * 77),
    "unicode": '{"puzzle":"\\u0035\\u0000abc"}',
    "max_solutions_bad": '{"puzzle":"%s","max_solutions":0}' % CLASSIC,
    "empty": "",
    "whitespace": " \r\n\t",
}


def write(target, name, data):
    d = os.path.join(ROOT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data.encode("utf-8") if isinstance(data, str) else data)


for k, v in texts.items():
    write("reader", k, v)
for k, v in jsons.items():
    write("json", k, v)
# Handler: 4 selector bytes (content type, accept, format, flags), body.
for i, (k, v) in enumerate(jsons.items()):
    write("handler", "json_" + k, bytes([0, i % 10, i % 5, i & 1]) + v.encode())
for i, (k, v) in enumerate(texts.items()):
    write("handler", "text_" + k, bytes([1, (i + 3) % 10, (i + 1) % 6, i & 1]) + v.encode())
write("handler", "form_text", bytes([2, 0, 0, 1]) + (CLASSIC + "\n").encode())
write("handler", "form_json", bytes([2, 0, 0, 1]) + ('{"puzzle":"%s"}' % CLASSIC).encode())
write("handler", "unsupported", bytes([5, 0, 0, 1]) + b"<p/>")
write("handler", "custom_strings", bytes([8, 10, 6, 1]) + b"application/json\0text/plain;q=0.2, application/json;q=0.1\0line\0" + ('{"puzzle":"%s"}' % CLASSIC).encode())
write("handler", "not_acceptable", bytes([0, 6, 0, 1]) + ('{"puzzle":"%s"}' % CLASSIC).encode())
write("handler", "bad_format", bytes([1, 0, 5, 0]) + CLASSIC.encode())
