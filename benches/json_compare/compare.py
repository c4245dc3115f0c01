#!/usr/bin/env python3
"""Compare the --json output of two evoboard binaries over cases.txt.

    python3 benches/json_compare/compare.py BASELINE NEW [FILTER] [--cases FILE]

Runs every invocation of cases.txt (or of FILE with `--cases FILE`, a path
as given or relative to this folder) (from the repository root, `--json`
added) with both binaries and compares the parsed JSON: key order is
ignored, wall-clock keys (`*_ms`, `ms_*`, `elapsed*`, `think_ms*`, `seconds`,
`games_per_sec`, `matches_per_sec`)
are dropped, everything else (values, key names, nesting, int vs float)
must be equal. FILTER keeps the cases that contain it. Exit 1 on any
difference.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TIMING = {"seconds", "games_per_sec", "matches_per_sec", "elapsed"}


def timing(key):
    return (
        key in TIMING
        or key.endswith("_ms")
        or key.startswith("ms_")
        or key.startswith("elapsed")
        or key.startswith("think_ms")
    )


def clean(v):
    """Drop the timing keys; tag numbers with their kind (int vs float)."""
    if isinstance(v, dict):
        return {k: clean(x) for k, x in v.items() if not timing(k)}
    if isinstance(v, list):
        return [clean(x) for x in v]
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    if isinstance(v, int):
        return ("int", v)
    if isinstance(v, float):
        return ("float", v)
    return v


def diff(a, b, path="$"):
    """The first few places where a and b differ."""
    out = []
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                out.append(f"{path}.{k}: only in {'new' if k in b else 'baseline'}")
            else:
                out += diff(a[k], b[k], f"{path}.{k}")
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            out.append(f"{path}: length {len(a)} vs {len(b)}")
        for i, (x, y) in enumerate(zip(a, b)):
            out += diff(x, y, f"{path}[{i}]")
    elif a != b:
        out.append(f"{path}: {a!r} vs {b!r}")
    return out[:10]


def run(binary, args):
    p = subprocess.run([binary] + args + ["--json"], cwd=ROOT, capture_output=True, text=True)
    if p.returncode != 0:
        return {"__exit__": p.returncode, "__stderr__": p.stderr.strip()}
    lines = [l for l in p.stdout.splitlines() if l.strip()]
    if len(lines) != 1:
        return {"__stdout_lines__": len(lines)}
    return json.loads(lines[0])


def main():
    args, cases_file = sys.argv[1:], os.path.join(HERE, "cases.txt")
    if "--cases" in args:
        i = args.index("--cases")
        if i + 1 >= len(args):
            sys.exit(__doc__)
        cases_file = args[i + 1]
        if not os.path.exists(cases_file):
            cases_file = os.path.join(HERE, cases_file)
        del args[i : i + 2]
    if len(args) < 2:
        sys.exit(__doc__)
    base, new = os.path.abspath(args[0]), os.path.abspath(args[1])
    only = args[2] if len(args) > 2 else ""
    cases = []
    with open(cases_file) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#") and only in line:
                cases.append(line.split())
    bad = 0
    for args in cases:
        a, b = clean(run(base, args)), clean(run(new, args))
        d = diff(a, b)
        print(("same  " if not d else "DIFF  ") + " ".join(args))
        for line in d:
            print("      " + line)
        bad += bool(d)
    print(f"{len(cases)} invocations compared, {len(cases) - bad} equal, {bad} different")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
