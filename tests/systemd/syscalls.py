#!/usr/bin/env python3
"""syscalls.py UNIT TRACE - every system call in an `strace -f -o TRACE`
log must be allowed by the SystemCallFilter= lines of UNIT: the union of
the allow lists minus the union of the `~` deny lists, groups expanded by
`systemd-analyze syscall-filter`. Prints the calls seen; exits 1 naming
any call that systemd would refuse."""
import re
import subprocess
import sys


def groups():
    out = subprocess.run(["systemd-analyze", "syscall-filter", "--no-pager"],
                         capture_output=True, text=True, check=True).stdout
    table, current = {}, None
    for line in out.splitlines():
        if line.startswith("@"):
            current = line.strip()
            table[current] = []
        elif current and line.strip() and not line.strip().startswith("#"):
            table[current].append(line.strip())
    return table


def expand(names, table, seen=None):
    seen = set() if seen is None else seen
    result = set()
    for n in names:
        if n.startswith("@"):
            if n in seen:
                continue
            seen.add(n)
            result |= expand(table.get(n, []), table, seen)
        else:
            result.add(n)
    return result


def main():
    unit, trace = sys.argv[1], sys.argv[2]
    table = groups()
    allow, deny = set(), set()
    for line in open(unit, encoding="utf-8"):
        m = re.match(r"SystemCallFilter=(~?)(.*)", line.strip())
        if m:
            names = m.group(2).split()
            (deny if m.group(1) else allow).update(expand(names, table))
    permitted = allow - deny
    used = set()
    for line in open(trace, encoding="utf-8", errors="replace"):
        m = re.match(r"\d+\s+([a-z0-9_]+)\(", line)
        if m:
            used.add(m.group(1))
    if not used:
        sys.exit("syscalls: the trace holds no system calls")
    # execve of the binary itself happens before the filter is installed.
    refused = sorted(used - permitted)
    print(f"system calls used: {len(used)}: " + " ".join(sorted(used)))
    if refused:
        sys.exit("systemd-test: FAIL: SystemCallFilter refuses: " + " ".join(refused))
    print(f"all {len(used)} allowed by SystemCallFilter ({len(permitted)} permitted)")


if __name__ == "__main__":
    main()
