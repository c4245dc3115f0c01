#!/usr/bin/env python3
"""Compare the `--json` output of two evoboard binaries, case by case.

    python3 benches/json_compare/compare.py BASELINE NEW [FILTER] [--cases FILE]...

Reads the case files of this folder (`cases-*.txt`, or only the FILEs
given with `--cases`, a path as given or relative to this folder): one
invocation per line, the arguments after `evoboard`, `--json` added when
missing. `#` starts a comment line. FILTER keeps the cases that contain it.

Placeholders: `{root}` the repository, `{fx}` a fixtures folder the
BASELINE fills once (a dungeon level `d.level.ron`, a puzzle level
`p.level.ron`, `empty.txt`, `broken.txt`, `records.ron`), `{tmp}` each
binary's own scratch folder, which is also its working folder (so files
one binary writes never block the other). Paths into it read `<TMP>`.

A line may start with a mode:
- `exact:` (the default): every value must be equal, but wall-clock
  figures (`seconds`, `*_ms`, `ms_*`, `elapsed*`, `think_ms*`,
  `*_ms_to_best`, `*_per_sec`), which are compared by type only;
- `shape:` (timed runs): the timed figures too (scores, their means, sd,
  best, solved, requirement means) by type only;
- `error:`: the baseline must fail (and in the other modes it must not).
Always: key names, nesting, list lengths and number kinds (an int is never
equal to a float) must be equal, key order is ignored; a failure must have
the same exit code and stderr; a sweep's `best_set` must be one of its
entries with the lowest mean score (which of tied sets wins depends on
wall time). Exit 1 on any difference.
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TIMED = {"mean_score", "sd_score", "best_score", "scores", "solved", "requirement_means",
         "mean", "sd"}
RECORD = ('(date: "2026-11-23T22:00:00Z", seats: (Person(name: "Ana"), Ai(agent: "{opp}"), '
          'Ai(agent: "t1"), Ai(agent: "{opp}")), mode: Local, seed: 1, '
          'scores: ({a}, {b}), rounds: 8, winner_team: {w})')


def wall_clock(key):
    """Keys whose values are wall-clock figures."""
    return (key in ("seconds", "elapsed") or key.endswith("_ms") or key.startswith("ms_")
            or key.startswith("elapsed") or key.startswith("think_ms")
            or key.endswith("_ms_to_best") or key.endswith("_per_sec"))


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
    return type(v).__name__


def diff(a, b, mode, path="$", loose=False):
    """Differences of a and b; `loose` compares types, keys and lengths only."""
    if kind(a) != kind(b):
        return [f"{path}: {kind(a)} {json.dumps(a)[:80]} vs {kind(b)} {json.dumps(b)[:80]}"]
    if isinstance(a, dict):
        out = [f"{path}.{k}: only in {'new' if k in b else 'baseline'}"
               for k in sorted(set(a) ^ set(b))]
        for k in sorted(set(a) & set(b)):
            timed = wall_clock(k) or (mode == "shape" and k in TIMED) or k == "best_set"
            out += diff(a[k], b[k], mode, f"{path}.{k}", loose or timed)
        return out
    if isinstance(a, list):
        out = [f"{path}: length {len(a)} vs {len(b)}"] if len(a) != len(b) else []
        for i, (x, y) in enumerate(zip(a, b)):
            out += diff(x, y, mode, f"{path}[{i}]", loose)
        return out
    if loose or a == b:
        return []
    return [f"{path}: {json.dumps(a)[:80]} vs {json.dumps(b)[:80]}"]


def best_set_problems(v, who):
    """best_set must be a sweep entry with the lowest mean score."""
    if not isinstance(v, dict) or "best_set" not in v:
        return []
    lowest = min(s["mean_score"] for s in v["sweep"])
    if v["best_set"] not in v["sweep"] or v["best_set"]["mean_score"] != lowest:
        return [f"{who}: best_set is not a sweep entry with the lowest mean score"]
    return []


def norm(v, tmp):
    """v with the scratch folder written `<TMP>`."""
    if isinstance(v, str):
        return v.replace(tmp, "<TMP>")
    if isinstance(v, list):
        return [norm(x, tmp) for x in v]
    if isinstance(v, dict):
        return {k: norm(x, tmp) for k, x in v.items()}
    return v


def run(binary, args, tmp):
    """The parsed JSON of one run, or what went wrong as a small dict."""
    p = subprocess.run([binary] + args, cwd=tmp, capture_output=True, text=True, timeout=900)
    if p.returncode != 0:
        return {"__exit__": p.returncode, "__stderr__": norm(p.stderr.strip(), tmp)}
    lines = [line for line in p.stdout.splitlines() if line.strip()]
    if len(lines) != 1:
        return {"__stdout_lines__": len(lines)}
    try:
        return norm(json.loads(lines[0]), tmp)
    except json.JSONDecodeError as e:
        return {"__not_json__": str(e)}


def make_fixtures(binary, fx):
    """The inputs `{fx}` names, made by the baseline."""
    def ok(*args):
        p = subprocess.run([binary] + list(args), capture_output=True, text=True, cwd=fx)
        if p.returncode != 0:
            sys.exit(f"fixture {' '.join(args)} failed: {p.stderr}")
    ok("dungeon", "--size", "small", "--seed", "11", "--keys", "1", "--traps", "2",
       "--secret-doors", "1", "--out", os.path.join(fx, "d"))
    ok("puzzle", "generate", "--size", "8x8", "--seed", "12", "--out", os.path.join(fx, "p"))
    with open(os.path.join(fx, "empty.txt"), "w") as f:
        f.write("....\n....\n....\n....\n")
    with open(os.path.join(fx, "broken.txt"), "w") as f:
        f.write("XXX.\n....\n....\n....\n")
    records = [RECORD.format(opp="t1", a=210, b=150, w=0)] * 3 + \
        [RECORD.format(opp="mc", a=150, b=210, w=1)] * 2
    with open(os.path.join(fx, "records.ron"), "w") as f:
        f.write("(version: 1, matches: [" + ",\n".join(records) + "])")


def read_cases(files, only):
    """(mode, line) of every case in files that contains `only`."""
    cases = []
    for name in files:
        with open(name) as f:
            for line in f:
                line = line.strip()
                if not line or line.startswith("#") or only not in line:
                    continue
                mode, _, rest = line.partition(":")
                if mode in ("exact", "shape", "error"):
                    cases.append((mode, rest.strip()))
                else:
                    cases.append(("exact", line))
    return cases


def arguments():
    """(baseline, new, filter, case files) from the command line."""
    args, files = sys.argv[1:], []
    while "--cases" in args:
        i = args.index("--cases")
        if i + 1 >= len(args):
            sys.exit(__doc__)
        name = args[i + 1]
        files.append(name if os.path.exists(name) else os.path.join(HERE, name))
        del args[i : i + 2]
    if len(args) < 2:
        sys.exit(__doc__)
    files = files or sorted(glob.glob(os.path.join(HERE, "cases-*.txt")))
    only = args[2] if len(args) > 2 else ""
    return os.path.abspath(args[0]), os.path.abspath(args[1]), only, files


def main():
    base, new, only, files = arguments()
    cases = read_cases(files, only)
    work = tempfile.mkdtemp(prefix="json-compare-")
    fx = os.path.join(work, "fx")
    os.mkdir(fx)
    make_fixtures(base, fx)
    bad = 0
    for n, (mode, line) in enumerate(cases):
        outs = []
        for who, binary in (("baseline", base), ("new", new)):
            tmp = os.path.join(work, f"{who}{n}")
            os.mkdir(tmp)
            args = line.format(fx=fx, tmp=tmp, root=ROOT).split()
            outs.append(run(binary, args + ([] if "--json" in args else ["--json"]), tmp))
        a, b = outs
        d = diff(a, b, mode) + best_set_problems(a, "baseline") + best_set_problems(b, "new")
        if mode == "error" and "__exit__" not in a:
            d.append("the baseline did not fail")
        elif mode != "error" and "__exit__" in a:
            d.append(f"the baseline failed: {a['__stderr__']}")
        print(("same  " if not d else "DIFF  ") + f"{mode}: {line}")
        for problem in d[:10]:
            print("      " + problem)
        bad += bool(d)
    shutil.rmtree(work)
    print(f"{len(cases)} invocations compared, {len(cases) - bad} equal, {bad} different")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
