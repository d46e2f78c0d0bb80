#!/usr/bin/env python3
"""compare.py SUDOKU sudoku.1 SUDOKUD sudokud.8 - `--help` and the man pages
cannot drift: fails on any option in one and not the other.

- sudokud: the options of `sudokud --help` (every --word) against those of
  the OPTIONS section of sudokud.8 (every `Fl \\-word`), both ways; and the
  environment variables of --help (the upper-case column) against the
  `.It Ev NAME` items of ENVIRONMENT.
- sudoku: the subcommands are the words W of `sudoku --help` (and the
  `.Ss sudoku W` titles of sudoku.1) for which `sudoku W --help` exits 0 and
  prints a usage naming `sudoku W` or `sudoku [W]`. Each must have its
  `.Ss sudoku W` subsection in COMMANDS and the reverse; the options of
  `sudoku W --help` must equal those of its subsection. The options of plain
  `sudoku --help` must all be in the page, and those of the page's OPTIONS
  section (the global ones) in `sudoku --help`.

Only long options are compared (short aliases such as -h are free).
`--option` in sudokud's usage line is a placeholder, not an option.
"""
import re
import subprocess
import sys

OPT = re.compile(r"(?<![\w-])--([a-z][a-z0-9-]*)")
PLACEHOLDERS = {"option"}
failures = []


def run(argv):
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True,
                           text=True, timeout=10)
    except subprocess.TimeoutExpired:
        return 124, ""
    return p.returncode, p.stdout


def help_options(text):
    return {m for m in OPT.findall(text)} - PLACEHOLDERS


def man_sections(path):
    """{section title: [lines]} and {subsection title: [lines]}."""
    sections, subsections = {}, {}
    sec = sub = None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith(".\\\""):
            continue
        if line.startswith(".Sh "):
            sec, sub = line[4:].strip().strip('"'), None
            sections[sec] = []
            continue
        if line.startswith(".Ss "):
            sub = line[4:].strip().strip('"')
            subsections[sub] = []
            continue
        if sec is not None:
            sections[sec].append(line)
        if sub is not None:
            subsections[sub].append(line)
    return sections, subsections


def man_options(lines):
    found = set()
    for line in lines:
        if not line.startswith("."):
            continue
        # ".It Fl \-format Cm judge", ".Op Fl \-lexmin", ".Fl \-help | \-version"
        for m in re.finditer(r"\\-\\?-?([a-z][a-z0-9-]*)|(?<=Fl )-?-([a-z][a-z0-9-]*)", line):
            name = m.group(1) or m.group(2)
            found.add(name)
    return found


def compare(what, from_help, from_man):
    only_help = sorted(from_help - from_man)
    only_man = sorted(from_man - from_help)
    if only_help:
        failures.append(f"{what}: in --help, not in the man page: " +
                        ", ".join("--" + o for o in only_help))
    if only_man:
        failures.append(f"{what}: in the man page, not in --help: " +
                        ", ".join("--" + o for o in only_man))
    if not only_help and not only_man:
        print(f"{what}: {len(from_help)} options agree: " +
              " ".join("--" + o for o in sorted(from_help)))


def check_sudokud(binary, page):
    rc, text = run([binary, "--help"])
    if rc != 0 or not text:
        failures.append(f"sudokud --help exits {rc}")
        return
    sections, _ = man_sections(page)
    compare("sudokud", help_options(text), man_options(sections.get("OPTIONS", [])))
    env_help = set()
    for line in text.splitlines():
        m = re.match(r"\s+--[a-z][a-z0-9-]*\s+([A-Z][A-Z0-9_]+)\s", line)
        if m:
            env_help.add(m.group(1))
    env_man = set()
    for line in sections.get("ENVIRONMENT", []):
        m = re.match(r"\.It Ev ([A-Z][A-Z0-9_]+)", line)
        if m:
            env_man.add(m.group(1))
    if env_help != env_man:
        if env_help - env_man:
            failures.append("sudokud: variables in --help, not in ENVIRONMENT: " +
                            ", ".join(sorted(env_help - env_man)))
        if env_man - env_help:
            failures.append("sudokud: variables in ENVIRONMENT, not in --help: " +
                            ", ".join(sorted(env_man - env_help)))
    else:
        print(f"sudokud: {len(env_help)} environment variables agree")


def check_sudoku(binary, page):
    rc, top = run([binary, "--help"])
    if rc != 0 or not top:
        failures.append(f"sudoku --help exits {rc}")
        return
    sections, subsections = man_sections(page)
    man_subs = {}
    for title, lines in subsections.items():
        m = re.fullmatch(r"sudoku ([a-z][a-z0-9-]*)", title)
        if m:
            man_subs[m.group(1)] = lines
    candidates = set(re.findall(r"\b[a-z][a-z0-9-]{1,19}\b", top)) | set(man_subs)
    subs = {}
    for word in sorted(candidates):
        rc, text = run([binary, word, "--help"])
        named = re.search(r"\bsudoku\s+\[?" + re.escape(word) + r"\b", text)
        if rc == 0 and named:
            subs[word] = text
    print("sudoku subcommands (from the binary): " + " ".join(sorted(subs)))
    for word in sorted(set(subs) - set(man_subs)):
        failures.append(f"sudoku {word}: a subcommand, but sudoku.1 has no "
                        f"'.Ss sudoku {word}'")
    for word in sorted(set(man_subs) - set(subs)):
        failures.append(f"sudoku.1 documents 'sudoku {word}', which the binary "
                        f"does not have")
    for word in sorted(set(subs) & set(man_subs)):
        compare(f"sudoku {word}", help_options(subs[word]), man_options(man_subs[word]))
    every = set()
    for lines in sections.values():
        every |= man_options(lines)
    missing = sorted(help_options(top) - every)
    if missing:
        failures.append("sudoku --help: not in sudoku.1: " +
                        ", ".join("--" + o for o in missing))
    glob = man_options(sections.get("OPTIONS", []))
    extra = sorted(glob - help_options(top))
    if extra:
        failures.append("sudoku.1 OPTIONS: not in sudoku --help: " +
                        ", ".join("--" + o for o in extra))
    if not missing and not extra:
        print(f"sudoku: the {len(help_options(top))} options of sudoku --help "
              f"are in sudoku.1; its {len(glob)} global options in --help")


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    check_sudoku(sys.argv[1], sys.argv[2])
    check_sudokud(sys.argv[3], sys.argv[4])
    if failures:
        for f in failures:
            print("man-test: FAIL: " + f, file=sys.stderr)
        sys.exit(1)
    print("man-test: OK")


if __name__ == "__main__":
    main()
