"""Pacing figures over 30 seeds: main-path rooms, enemy kinds, unguarded side rooms with loot at least the final room's (strict: empty ones count when the final room holds nothing).

Usage: python3 benches/dungeon_gm/pacing.py BIN"""
import json, sys, re, statistics, collections
from check import run
binary = sys.argv[1]
configs = [("small labyrinth", ["--style","labyrinth"]), ("medium labyrinth", ["--size","medium","--style","labyrinth"]),
           ("large labyrinth", ["--size","large","--style","labyrinth"]),
           ("medium rooms", ["--size","medium"]), ("large rooms", ["--size","large"]),
           ("small --loops 4", ["--loops","4"]), ("medium --keys 2", ["--size","medium","--keys","2"])]
for name, args in configs:
    lens=[]; rooms_by_kind=collections.Counter(); indiv=collections.Counter(); side=0; ungu=0; nofin=0; reported=0; over_cap=0; notrise=0; over_quarter=0
    for s in range(1,31):
        d = run(binary, args+["--seed",str(s)])
        mp = d["pacing"]["main_path"]; lens.append(len(mp))
        byid={r["id"]:r for r in d["rooms"]}
        fin = byid[d["final_room"]]
        er = [r for r in d["rooms"] if r["enemy_kinds"]]
        c = collections.Counter(k for r in er for k in set(r["enemy_kinds"]))
        rooms_by_kind.update(c)
        if er and max(c.values()) * 4 > len(er): over_quarter += 1
        if not d["pacing"].get("checks", {}).get("kinds_within_cap", True): over_cap += 1
        for r in d["rooms"]:
            m = re.search(r"Enemies: ([^.]*)\.", r["description"])
            if m:
                for part in re.split(r", | and ", m.group(1)):
                    mm = re.match(r"(.*?)(?: ×(\d+))?(?: \(the boss\))?$", part.strip())
                    indiv[mm.group(1)] += int(mm.group(2) or 1)
        if any(x["reward"] >= fin["reward"] and x["reward"]>0 for x in d["pacing"]["side_rooms"]): side += 1
        # Strict (issue 29): an unguarded side room holding as much as the final room, empty ones included.
        if any(x["reward"] >= fin["reward"] and x["challenge"]==0 for x in d["pacing"]["side_rooms"]): ungu += 1
        if not d["pacing"].get("checks", {}).get("unguarded_side_below_final", True): reported += 1
        if fin["reward"] == 0: nofin += 1
        ch=[x["challenge"] for x in mp]
        if any(b<a for a,b in zip(ch,ch[1:])) or max(ch) > ch[-1] or (len(ch)>1 and ch[-1] == ch[-2]): notrise += 1
    print(f"{name}: main path median {statistics.median(lens)} min {min(lens)} max {max(lens)}; side reward>=final {side}/30 (unguarded {ungu}, final room without treasure {nofin}, JSON check false {reported}); challenge not rising to a peak {notrise}/30; a kind in >1/4 of enemy rooms {over_quarter}/30 (beyond the cap of max(1, rooms/4): {over_cap})")
    print("   individuals:", indiv.most_common(4), "...", [k for k in indiv.most_common() if k[0] in ("Lich","Beholder")])
