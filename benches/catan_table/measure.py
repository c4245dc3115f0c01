#!/usr/bin/env python3
"""Catan figures for issue 27: run generate (old or new binary), save levels, evaluate with the new binary.

Usage: python3 benches/catan_table/measure.py NEW_BINARY OLD_BINARY (writes levels to /tmp/catan27/m).
"""
import os
os.makedirs("/tmp/catan27/m", exist_ok=True)
import json, subprocess, sys, statistics as st
NEW = sys.argv[1]; OLD = sys.argv[2]
def gen(binary, players, seed, extra):
    out = f"/tmp/catan27/m/{binary.split('/')[-1]}-{players}-{seed}-{'_'.join(extra) or 'def'}.level.ron"
    d = json.loads(subprocess.check_output([binary, "generate", "catan", "--players", players, "--seed", str(seed), "--json", "--out", out, "--force"] + extra))
    e = json.loads(subprocess.check_output([NEW, "evaluate", "catan", "--map", out, "--json"]))
    return d, e["analysis"]
def summary(label, rows, n):
    a = [r[1] for r in rows]; d = [r[0] for r in rows]
    cnt = lambda k: sum(1 for x in a if x[k] > 0)
    sp = [x["pips_per_tile"]["spread"] for x in a]
    bo = [x["brick_ore_pips"] for x in a]
    cmin = [x["inland_corner_pips_min"] for x in a]; cmax = [x["inland_corner_pips_max"] for x in a]
    hb = sum(1 for x in a if (x["harbours_next_to_own_resource"] or 0) > 0)
    idx = [x["imbalance_index"] for x in a]
    ms = sorted(x["elapsed_ms"] for x in d)
    print(f"| {label} | {cnt('equal_numbers_touching')}/{n} | {cnt('two_twelve_touching')}/{n} | {cnt('resources_with_repeated_number')}/{n} | "
          f"{sum(1 for x in a if x['resources_with_two_red'] > (1 if '5-6' in label else 0))}/{n} | {max(sp):.2f} | {min(bo)}–{max(bo)} | {min(cmin)}–{max(cmax)} | "
          f"{cnt('deserts_touching')}/{n} | {hb}/{n} | {st.mean(idx):.2f} | {st.median(ms):.2f} |")
print("| board | equal numbers touching | 2/12 touching | a resource with a number twice | resources with two red (beyond the forced one) | pips per tile spread, max | brick+ore pips | inland corner pips, min–max | deserts touching | 2:1 harbour next to own 5/6/8/9 | imbalance index, mean | elapsed ms, median |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
for players, n in [("3-4", 40), ("5-6", 20)]:
    old = [gen(OLD, players, s, []) for s in range(1, n + 1)]
    summary(f"{players} old default (R1–R3)", old, n)
    new = [gen(NEW, players, s, []) for s in range(1, n + 1)]
    summary(f"{players} table", new, n)
