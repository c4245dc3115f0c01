#!/usr/bin/env python3
"""Compare the `--json` output of two evoboard binaries.

    python3 benches/json_compare/reports.py BASELINE NEW

Runs each invocation below with both binaries (each in its own scratch
folder, so files written by one never block the other), parses the JSON
and compares values, key names, nesting and number types (int vs float).
Timing keys (wall-clock values) are compared loosely: same shape and
number type, any value. Paths into the scratch folder are compared with
the folder replaced by `<TMP>`. Key order is ignored.

Inputs (a dungeon level, a puzzle level, a record file) are made once
with BASELINE in a shared fixtures folder; the repository's demo levels
are used as they are.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Keys whose values are wall-clock figures.
TIMING = {"elapsed_ms", "seconds", "ms_per_puzzle", "matches_per_sec",
          "think_ms_per_move_a", "think_ms_per_move_b"}


def is_timing(key):
    return key in TIMING or key.endswith("_ms")


RECORD = ('(date: "2026-11-23T22:00:00Z", seats: (Person(name: "Ana"), Ai(agent: "{opp}"), '
          'Ai(agent: "t1"), Ai(agent: "{opp}")), mode: Local, seed: 1, '
          'scores: ({a}, {b}), rounds: 8, winner_team: {w})')

# {fx}: shared fixtures, {tmp}: this binary's scratch folder, {root}: the repo.
INVOCATIONS = [
    # dungeon
    "dungeon --size small --seed 7 --json",
    "dungeon --size medium --seed 8 --json",
    "dungeon --size small --seed 3 --proposals 2 --choose 2 --keys 2 --secret-doors 2 --traps 3 --json",
    "dungeon --size small --seed 4 --style caves --corridor-width 2 --theme crypt --party-level 5 --json",
    "dungeon --size small --seed 5 --out {tmp}/saved --json",
    "dungeon --from {fx}/d.level.ron --json",
    "dungeon --from {fx}/d.level.ron --keys 1 --json",
    "dungeon --from {fx}/d.level.ron --entrance-room B --final-room A --out {tmp}/changed --json",
    "dungeon --from {root}/levels/demo-dungeon.level.ron --theme goblin-warren --json",
    # puzzle
    "puzzle generate --seed 5 --json",
    "puzzle generate --size 8x8 --difficulty hard --seed 2 --json",
    "puzzle generate --size 8 --difficulty easy --level 2 --prefer-trails --seed 3 --json",
    "puzzle generate --size 6x6 --rules takuzu --grade 1 --seed 4 --json",
    "puzzle generate --size 8x8 --grade 3 --symmetric --seed 6 --out {tmp}/pz --json",
    "puzzle generate --size 8x8 --seeds 1..6 --json",
    "puzzle generate --size 8x8 --difficulty hard --seeds 1..5 --prefer-trails --json",
    "puzzle generate --size 6x6 --grade 2 --seed 3 --count 4 --json",
    "puzzle generate --size 6x4 --rules takuzu --grade 3 --seed 1 --count 8 --json",
    # (an error: no takuzu of grade 4 at 6 x 6 for these seeds; exit code and message compared)
    "puzzle generate --size 6x6 --rules takuzu --grade 4 --seed 3 --count 3 --json",
    "puzzle solve {fx}/p.level.ron --json",
    "puzzle solve {fx}/p.level.ron --limit 1 --tree-nodes 0 --json",
    "puzzle solve {fx}/empty.txt --limit 5 --json",
    "puzzle solve {fx}/broken.txt --json",
    "puzzle book --count 3 --size 6x6 --seed 2 --out {tmp}/book.pdf --json",
    "puzzle book --grades 1,2 --count 2 --size 6x6 --seed 4 --symmetric --out {tmp}/book2.pdf --json",
    # domino
    "domino duel --team-a t1 --team-b basic --matches 50 --seed 1 --threads 1 --json",
    "domino duel --team-a s2@2 --team-b hand --matches 20 --seed 9 --json",
    "domino duel --team-a mc:4 --team-b basic --matches 2 --seed 1 --threads 1 --json",
    "domino table --strategies 1,2,3 --matches 20 --seed 1 --threads 1 --json",
    "domino table --strategies 4,1 --matches 10 --stage 2 --published --seed 2 --json",
    "domino tune --strategy 1 --stage 1 --population 4 --generations 2 --matches 10 --seed 3 --threads 1 --json",
    "domino tune --strategy 2 --stage 1 --population 4 --generations 2 --matches 10 --seed 3 --threads 1 --runs 3 --t-test 5,50% --out {tmp}/coef.ron --json",
    "domino records --file {fx}/records.ron --json",
    "domino records --file {fx}/missing.ron --json",
    # export
    "export {fx}/d.level.ron --format png --out {tmp}/d.png --json",
    "export {fx}/d.level.ron --format png --view players --pixels-per-cell 10 --style-print ink --out {tmp}/d2.png --json",
    "export {fx}/d.level.ron --format svg --out {tmp}/d.svg --json",
    "export {fx}/d.level.ron --format vtt --pixels-per-cell 12 --out {tmp}/d.dd2vtt --json",
    "export {fx}/d.level.ron --format key --out {tmp}/d.key.md --json",
    "export {fx}/d.level.ron --format pdf --out {tmp}/d.pdf --json",
    "export {fx}/d.level.ron --format pdf --paper letter --pages 2 --out {tmp}/d2.pdf --json",
    "export {fx}/d.level.ron --format pdf --view players --out {tmp}/d3.pdf --json",
    "export {fx}/d.level.ron --pack {tmp}/pack --json",
    "export {fx}/p.level.ron --format png --out {tmp}/p.png --json",
    "export {fx}/p.level.ron --format svg --out {tmp}/p.svg --json",
    "export {fx}/p.level.ron --format pdf --out {tmp}/p.pdf --json",
    "export {root}/levels/demo-terra-mystica.level.ron --format png --out {tmp}/tm.png --json",
    "export {root}/levels/demo-terra-mystica.level.ron --format svg --out {tmp}/tm.svg --json",
    "export {root}/levels/demo-catan.level.ron --format text --out {tmp}/c.txt --json",
    "export {root}/levels/demo-catan.level.ron --out {tmp}/c.code.txt --json",
]


def run(binary, line, fx, tmp):
    args = line.format(fx=fx, tmp=tmp, root=ROOT).split()
    p = subprocess.run([binary] + args, capture_output=True, text=True, cwd=tmp, timeout=600)
    return p.returncode, p.stdout, p.stderr


def make_fixtures(binary, fx):
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


def norm(v, tmp):
    if isinstance(v, str):
        return v.replace(tmp, "<TMP>")
    if isinstance(v, list):
        return [norm(x, tmp) for x in v]
    if isinstance(v, dict):
        return {k: norm(x, tmp) for k, x in v.items()}
    return v


def kind(v):
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if v is None:
        return "null"
    return type(v).__name__


def diff(a, b, path, loose, out):
    if kind(a) != kind(b):
        out.append(f"{path}: {kind(a)} {json.dumps(a)[:80]} vs {kind(b)} {json.dumps(b)[:80]}")
        return
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                out.append(f"{path}.{k}: only in {'baseline' if k in a else 'new'}")
                continue
            diff(a[k], b[k], f"{path}.{k}", loose or is_timing(k), out)
    elif isinstance(a, list):
        if len(a) != len(b):
            out.append(f"{path}: {len(a)} items vs {len(b)}")
            return
        for i, (x, y) in enumerate(zip(a, b)):
            diff(x, y, f"{path}[{i}]", loose, out)
    elif kind(a) in ("int", "float") and loose:
        return
    elif a != b:
        out.append(f"{path}: {json.dumps(a)[:80]} vs {json.dumps(b)[:80]}")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    base, new = (os.path.abspath(p) for p in sys.argv[1:])
    work = tempfile.mkdtemp(prefix="json-compare-")
    fx = os.path.join(work, "fx")
    os.mkdir(fx)
    make_fixtures(base, fx)
    failures = 0
    for n, line in enumerate(INVOCATIONS):
        outs = []
        for who, binary in (("base", base), ("new", new)):
            tmp = os.path.join(work, f"{who}{n}")
            os.mkdir(tmp)
            rc, stdout, stderr = run(binary, line, fx, tmp)
            try:
                value = norm(json.loads(stdout), tmp) if stdout.strip() else None
            except json.JSONDecodeError as e:
                value = f"<not JSON: {e}>"
            outs.append((rc, value, stderr.strip().splitlines()[-1:] if rc else []))
        problems = []
        (rc_a, a, err_a), (rc_b, b, err_b) = outs
        if rc_a != rc_b or err_a != err_b:
            problems.append(f"exit {rc_a} {err_a} vs {rc_b} {err_b}")
        if a is None and rc_a == 0:
            problems.append("baseline printed nothing")
        diff(a, b, "$", False, problems)
        status = "equal" if not problems else "DIFFERENT"
        print(f"[{status}] {line}")
        for p in problems[:20]:
            print(f"    {p}")
        failures += bool(problems)
    print(f"{len(INVOCATIONS)} invocations compared, {len(INVOCATIONS) - failures} equal, "
          f"{failures} different")
    shutil.rmtree(work)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
