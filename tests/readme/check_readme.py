#!/usr/bin/env python3
"""check_readme.py - runs every example of README.md against a live sudokud.

`console` blocks: each `$ command` line is run by bash (with
http://localhost:8080 pointed at the server under test, from the repo
root) and its output must equal the lines that follow it, where the
varying parts (time_us, request ids) are ignored and `...` in the README
stands for any text. `js` blocks run under node (fetch is built in).
Exit 1 when any example fails, so the README cannot rot.

usage: check_readme.py BASE_URL   (e.g. http://127.0.0.1:18300)
"""
import os
import re
import subprocess
import sys
import tempfile

README = "README.md"
VARYING = [
    (re.compile(r'"time_us":\d+'), '"time_us":N'),
    (re.compile(r'"request_id":"[^"]*"'), '"request_id":"ID"'),
]


def normalize(text):
    for pattern, repl in VARYING:
        text = pattern.sub(repl, text)
    return text.rstrip("\n")


def matches(expected, actual):
    """`...` in the README's output stands for any text."""
    parts = [re.escape(p) for p in normalize(expected).split("...")]
    return re.fullmatch(".*".join(parts), normalize(actual), re.S) is not None


def blocks(text):
    """(language, first line number, body) of every fenced block."""
    for m in re.finditer(r"^```(\w*)\n(.*?)^```", text, re.M | re.S):
        yield m.group(1), text.count("\n", 0, m.start()) + 2, m.group(2)


def console_examples(body, first_line):
    """(line number, command, expected output) of a console block."""
    cmd, out, at = None, [], 0
    for i, line in enumerate(body.split("\n")):
        if line.startswith("$ "):
            if cmd is not None:
                yield at, cmd, "\n".join(out)
            cmd, out, at = line[2:], [], first_line + i
        elif cmd is not None:
            out.append(line)
    if cmd is not None:
        yield at, cmd, "\n".join(out)


def main():
    base = sys.argv[1]
    with open(README, encoding="utf-8") as f:
        text = f.read()
    passed = failed = 0
    for lang, line, body in blocks(text):
        if lang == "console":
            for at, cmd, expected in console_examples(body, line):
                run = cmd.replace("http://localhost:8080", base)
                res = subprocess.run(["bash", "-c", run], capture_output=True,
                                     text=True, timeout=30)
                if res.returncode == 0 and matches(expected, res.stdout):
                    passed += 1
                    continue
                failed += 1
                print(f"FAIL README.md:{at}: {cmd}\n  exit {res.returncode}"
                      f"\n  expected: {expected!r}\n  got:      "
                      f"{res.stdout!r} {res.stderr!r}")
        elif lang == "js":
            src = body.replace("http://localhost:8080", base)
            with tempfile.NamedTemporaryFile("w", suffix=".mjs",
                                             delete=False) as js:
                js.write(src)
            res = subprocess.run(["node", js.name], capture_output=True,
                                 text=True, timeout=30)
            os.unlink(js.name)
            if res.returncode == 0 and "Error" not in res.stderr:
                passed += 1
            else:
                failed += 1
                print(f"FAIL README.md:{line}: js example exit "
                      f"{res.returncode}: {res.stderr.strip()}")
    print(f"readme: {passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
