#!/usr/bin/env python3
"""Compare `evoboard bench --json` of two binaries over bench_cases.txt.

    python3 benches/json_compare/bench.py BASELINE NEW [FILTER]

Each case is run from the repository root with `--json` added, by both
binaries, and the parsed JSON compared (key order ignored; an int is never
equal to a float):

- everywhere: key names, nesting, list lengths and value types must be
  equal; wall-clock figures (`*_ms_to_best`, `evaluations_per_sec`) are
  compared by type only;
- `exact:` cases (runs that stop at their first board): every other value
  must be equal;
- `shape:` cases (timed runs): the timed figures (scores, their means, sd,
  best, solved, requirement means, checkpoint scores) by type only, every
  other value (game, rules, time limit, algorithms, runs, params,
  published figures, checkpoint seconds, sweep names, values, set numbers,
  published set numbers) exactly;
- `best_set` of a sweep: its shape as above, and it must be one of the
  sweep's entries with the lowest mean score (which of tied sets is best
  depends on wall time);
- `error:` cases: the same exit code and message.

FILTER keeps the cases that contain it. Exit 1 on any difference.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WALL_CLOCK = {"median_ms_to_best", "max_ms_to_best", "mean_ms_to_best", "evaluations_per_sec"}
TIMED = {"mean_score", "sd_score", "best_score", "scores", "solved", "requirement_means",
         "mean", "sd"}


def kind(v):
    """The JSON type of v, int and float apart."""
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if v is None:
        return "null"
    if isinstance(v, str):
        return "str"
    return type(v).__name__


def shape(a, b, path):
    """Differences of type, keys and lengths only."""
    if kind(a) != kind(b):
        return [f"{path}: {kind(a)} {a!r} vs {kind(b)} {b!r}"]
    if isinstance(a, dict):
        out = [f"{path}.{k}: only in {'new' if k in b else 'baseline'}"
               for k in sorted(set(a) ^ set(b))]
        for k in sorted(set(a) & set(b)):
            out += shape(a[k], b[k], f"{path}.{k}")
        return out
    if isinstance(a, list):
        out = [f"{path}: length {len(a)} vs {len(b)}"] if len(a) != len(b) else []
        for i, (x, y) in enumerate(zip(a, b)):
            out += shape(x, y, f"{path}[{i}]")
        return out
    return []


def diff(a, b, mode, path="$"):
    """Differences of a and b under the case's mode."""
    if kind(a) != kind(b):
        return [f"{path}: {kind(a)} {a!r} vs {kind(b)} {b!r}"]
    if isinstance(a, dict):
        out = [f"{path}.{k}: only in {'new' if k in b else 'baseline'}"
               for k in sorted(set(a) ^ set(b))]
        for k in sorted(set(a) & set(b)):
            p = f"{path}.{k}"
            if k in WALL_CLOCK or (mode == "shape" and k in TIMED) or k == "best_set":
                out += shape(a[k], b[k], p)
            else:
                out += diff(a[k], b[k], mode, p)
        return out
    if isinstance(a, list):
        out = [f"{path}: length {len(a)} vs {len(b)}"] if len(a) != len(b) else []
        for i, (x, y) in enumerate(zip(a, b)):
            out += diff(x, y, mode, f"{path}[{i}]")
        return out
    return [] if a == b else [f"{path}: {a!r} vs {b!r}"]


def best_set_problems(v, who):
    """best_set must be a sweep entry with the lowest mean score."""
    if not isinstance(v, dict) or "best_set" not in v:
        return []
    lowest = min(s["mean_score"] for s in v["sweep"])
    if v["best_set"] not in v["sweep"] or v["best_set"]["mean_score"] != lowest:
        return [f"{who}: best_set is not a sweep entry with the lowest mean score"]
    return []


def run(binary, args):
    p = subprocess.run([binary] + args + ["--json"], cwd=ROOT, capture_output=True, text=True)
    if p.returncode != 0:
        return {"__exit__": p.returncode, "__stderr__": p.stderr.strip()}
    lines = [l for l in p.stdout.splitlines() if l.strip()]
    if len(lines) != 1:
        return {"__stdout_lines__": len(lines)}
    return json.loads(lines[0])


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    base, new = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    only = sys.argv[3] if len(sys.argv) > 3 else ""
    cases = []
    with open(os.path.join(HERE, "bench_cases.txt")) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#") and only in line:
                mode, command = line.split(":", 1)
                cases.append((mode, command.split()))
    bad = 0
    for mode, args in cases:
        a, b = run(base, args), run(new, args)
        d = diff(a, b, "exact" if mode == "error" else mode)
        d += best_set_problems(a, "baseline") + best_set_problems(b, "new")
        if mode == "error" and "__exit__" not in a:
            d.append("the baseline did not fail")
        elif mode != "error" and "__exit__" in a:
            d.append(f"the baseline failed: {a['__stderr__']}")
        print(("same  " if not d else "DIFF  ") + mode + ": " + " ".join(args))
        for line in d[:10]:
            print("      " + line)
        bad += bool(d)
    print(f"{len(cases)} invocations compared, {len(cases) - bad} equal, {bad} different")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
