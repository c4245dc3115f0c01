#!/bin/bash
# Large dungeon timings: elapsed_ms of one and three proposals, seeds 1-11.
# Usage: benches/dungeon_gm/budget.sh BIN (a release CLI build)
B=$1
for p in 1 3; do
  for s in 1 2 3 4 5 6 7 8 9 10 11; do
    $B dungeon --size large --proposals $p --seed $s --json | python3 -c "import json,sys; print($p, $s, json.load(sys.stdin)['elapsed_ms'])"
  done
done
