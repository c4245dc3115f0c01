#!/usr/bin/env bash
# evoboard's dungeon generator against rot.js's Digger, measured in the
# same run, alternating (issue 40, item 7).
#
#   benches/dungeon-vs-rotjs.sh PATH/TO/evoboard [SEEDS] [PROPOSALS...]
#
# Builds nothing: give it a release binary built with
#   cargo build --release --no-default-features --features cli
# and run `npm install` in benches/rotjs once (node_modules is not in git).
# For each of SEEDS seeds (default 11) it runs, in turn, `evoboard dungeon
# --size large --proposals P --seed S --json` for every P of PROPOSALS
# (default 1 3), reading the JSON's own `elapsed_ms` (generation only: no
# process start, no printing) and the process's CPU time (user + system,
# start-up included), then `node benches/rotjs/digger.mjs --seed S` (the
# median of 11 timed `new ROT.Map.Digger(100, 100).create(cb)` after 5
# warm-up runs in one process, wall and CPU). Prints the medians over the
# seeds and the ratios. On a busy machine wall times follow the load; the
# CPU times much less so.
set -euo pipefail
bin=${1:?usage: $0 PATH/TO/evoboard [SEEDS] [PROPOSALS...]}
seeds=${2:-11}
shift $(($# >= 2 ? 2 : 1))
props=("$@")
[ ${#props[@]} -gt 0 ] || props=(1 3)
here=$(cd "$(dirname "$0")" && pwd)
[ -d "$here/rotjs/node_modules/rot-js" ] || {
    echo "run 'npm install' in $here/rotjs first" >&2
    exit 1
}
# One evoboard run: "elapsed_ms cpu_ms".
evo() {
    python3 - "$@" <<'PY'
import json, resource, subprocess, sys
before = resource.getrusage(resource.RUSAGE_CHILDREN)
out = subprocess.run(sys.argv[1:], capture_output=True, text=True, check=True).stdout
after = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
print(json.loads(out)["elapsed_ms"], cpu)
PY
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for s in $(seq 1 "$seeds"); do
    for p in "${props[@]}"; do
        evo "$bin" dungeon --size large --proposals "$p" --seed "$s" --json >>"$tmp/evo-$p"
    done
    node "$here/rotjs/digger.mjs" --seed "$s" |
        python3 -c "import json,sys; d=json.load(sys.stdin); print(d['median_ms'], d['cpu_median_ms'])" \
            >>"$tmp/rot"
done
python3 - "$tmp" "$seeds" "${props[@]}" <<'PY'
import statistics, sys
tmp, seeds, props = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def medians(path):
    rows = [list(map(float, l.split())) for l in open(path)]
    return [statistics.median(c) for c in zip(*rows)]
rot_wall, rot_cpu = medians(f"{tmp}/rot")
print(f"rot.js Digger 100x100:             wall {rot_wall:7.2f} ms, CPU {rot_cpu:7.2f} ms "
      f"(medians over {seeds} seeds)")
first = None
for p in props:
    wall, cpu = medians(f"{tmp}/evo-{p}")
    first = first or wall
    print(f"evoboard large, {int(p):2} proposal(s):   wall {wall:7.2f} ms, CPU {cpu:7.2f} ms "
          f"(process, start-up included); wall {wall / rot_wall:.2f} x rot.js, "
          f"{wall / first:.2f} x {props[0]} proposal(s)")
PY
