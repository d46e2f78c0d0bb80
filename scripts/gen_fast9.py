#!/usr/bin/env python3
"""gen_fast9.py - generates the constant tables of src/core/fast9.c.

fast9_shrink[512]: a band is 3 rows x 9 columns, cell bit 9*row + column;
a triad is the 3 cells of one row inside one box, (row r, box b) = bits
9r+3b .. 9r+3b+2. A triad matrix has bit 3*r + b set when triad (r, b) may
hold the digit. Every row and every box of the band must hold the digit
once, in one triad each, so the digit's triads form a row-to-box
permutation; the entry for a matrix is the union of the cells of every
triad that lies on a permutation fully inside the matrix (0 when none).
fast9_pop9[512]: bits set in a 9-bit value.

usage: gen_fast9.py            prints the tables as C
       gen_fast9.py --check F  exits 1 unless F holds exactly these tables
"""
import itertools
import re
import sys


def shrink(m):
    out = 0
    for p in itertools.permutations(range(3)):
        if all(m >> (3 * r + p[r]) & 1 for r in range(3)):
            for r in range(3):
                out |= 7 << (9 * r + 3 * p[r])
    return out


def tables():
    return {
        "fast9_shrink": ["0x%07x" % shrink(m) for m in range(512)],
        "fast9_pop9": [str(bin(v).count("1")) for v in range(512)],
    }


def values_in(source, name):
    m = re.search(r"%s\[512\] = \{(.*?)\};" % name, source, re.S)
    if m is None:
        return None
    return [v.strip() for v in m.group(1).split(",") if v.strip()]


def main():
    t = tables()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        source = open(sys.argv[2]).read()
        bad = [n for n, v in t.items()
               if [x.lower() for x in (values_in(source, n) or [])] != v]
        for n in bad:
            print("gen_fast9: %s in %s differs from its generator" %
                  (n, sys.argv[2]), file=sys.stderr)
        if not bad:
            print("gen_fast9: %s matches its generator (%s)" %
                  (sys.argv[2], ", ".join(t)))
        return 1 if bad else 0
    for name, vals in t.items():
        kind = "uint32_t" if name == "fast9_shrink" else "uint8_t"
        print("static const %s %s[512] = {" % (kind, name))
        for i in range(0, 512, 8):
            print("    " + ", ".join(vals[i:i + 8]) + ",")
        print("};\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
