#!/usr/bin/env python3
"""The same seed gives the same output: runs every generator case of
tests/cli/same_seed.rs (read from that file, the one list) with the given
binary and prints each written file's FNV-1a 64 hash, the figure the test
records. Usage: python3 benches/same_seed.py target/release/evoboard"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TEST = os.path.join(HERE, "..", "tests", "cli", "same_seed.rs")
CASES = re.findall(r'\(\s*"([^"]+)",\s*"([^"]+)",\s*0x[0-9a-f]+,?\s*\)', open(TEST).read())


def fnv(b):
    h = 0xcbf29ce484222325
    for x in b:
        h = ((h ^ x) * 0x100000001b3) & 0xffffffffffffffff
    return h


def main():
    binary = sys.argv[1]
    d = tempfile.mkdtemp()
    for name, cmd in CASES:
        o = os.path.join(d, name)
        r = subprocess.run([binary] + cmd.replace("{o}", o).split(), capture_output=True, text=True)
        if r.returncode:
            print(name, "FAIL", r.stderr.strip()[:300])
            continue
        f = [p for p in os.listdir(d) if p.startswith(name + ".")][0]
        print(name, hex(fnv(open(os.path.join(d, f), "rb").read())))


main()
