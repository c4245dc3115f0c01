"""Finishable without secrets: walks each dungeon's JSON grid from the entrance with secret doors as walls and locked doors opening once their key room is reached.

Usage: python3 benches/dungeon_gm/check.py BIN (an evoboard binary); prints the finishable counts of the issue-29 probes."""
import json, subprocess, sys, statistics, collections
def run(binary, args):
    out = subprocess.run([binary, "dungeon", *args, "--json"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)
def finishable(d):
    g = d["grid"]; h, w = len(g), len(g[0])
    rooms = d["rooms"]; idx = {r["id"]: i for i, r in enumerate(rooms)}
    owner = {}
    for i, r in enumerate(rooms):
        for y in range(r["y"], r["y"]+r["h"]):
            for x in range(r["x"], r["x"]+r["w"]):
                owner[(x, y)] = i
    def run_of(x, y):
        out = [(x, y)]; i = 0
        while i < len(out):
            cx, cy = out[i]; i += 1
            for n in ((cx-1,cy),(cx+1,cy),(cx,cy-1),(cx,cy+1)):
                if g[n[1]][n[0]] == '/' and n not in out: out.append(n)
        return out
    locks = [(run_of(*l["door"]), idx[l["key_room"]]) for l in d["locks"]]
    opened = [False]*len(locks)
    ent, fin = idx[d["entrance"]], idx[d["final_room"]]
    while True:
        blocked = set(c for (r, _), o in zip(locks, opened) if not o for c in r)
        e = rooms[ent]
        q = [(x, y) for y in range(e["y"], e["y"]+e["h"]) for x in range(e["x"], e["x"]+e["w"]) if g[y][x] == '.']
        seen = set(q); reached = set(); i = 0
        while i < len(q):
            x, y = q[i]; i += 1
            if (x, y) in owner: reached.add(owner[(x, y)])
            for n in ((x-1,y),(x+1,y),(x,y-1),(x,y+1)):
                if 0 <= n[0] < w and 0 <= n[1] < h and n not in seen and n not in blocked and g[n[1]][n[0]] in ".c/t":
                    seen.add(n); q.append(n)
        new = False
        for j, (r, k) in enumerate(locks):
            if not opened[j] and k in reached: opened[j] = True; new = True
        if not new: return fin in reached
if __name__ == "__main__":
    binary = sys.argv[1]
    ok = sum(finishable(run(binary, ["--size","medium","--keys","2","--secret-doors","2","--seed",str(s)])) for s in range(8501, 8531))
    print("medium --keys 2 --secret-doors 2 seeds 8501-8530 finishable:", ok, "/30")
    ok = sum(finishable(run(binary, ["--size","medium","--keys","2","--seed",str(s)])) for s in range(8501, 8531))
    print("medium --keys 2 seeds 8501-8530 finishable:", ok, "/30")
    print("small seed 3 keys 1 secret 1 traps 2 finishable:", finishable(run(binary, ["--size","small","--seed","3","--keys","1","--secret-doors","1","--traps","2"])))
