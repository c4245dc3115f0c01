import json, subprocess, statistics as st, sys
# Usage: python3 benches/catan_table/timing.py target/release/evoboard
# The table rule set's time to 0 and the Imbalance index of table, R1-R3 and random boards, 30 seeds per island.
B = sys.argv[1]
def run(args):
    return json.loads(subprocess.check_output([B, "generate", "catan", "--json"] + args))
for players in ["3-4", "5-6"]:
    t = [run(["--players", players, "--seed", str(s)]) for s in range(1, 31)]
    r = [run(["--players", players, "--seed", str(s), "--rules", "published", "--target", "1000"]) for s in range(1, 31)]
    o = [run(["--players", players, "--seed", str(s), "--rules", "published"]) for s in range(1, 31)]
    ms = [x["elapsed_ms"] for x in t]
    print(f"{players}: table solved {sum(x['score']==0 for x in t)}/30, elapsed_ms median {st.median(ms):.2f}, max {max(ms):.2f}; "
          f"imbalance index table mean {st.mean(x['imbalance_index'] for x in t):.2f} (min {min(x['imbalance_index'] for x in t):.2f}, max {max(x['imbalance_index'] for x in t):.2f}); "
          f"random mean {st.mean(x['imbalance_index'] for x in r):.2f} (min {min(x['imbalance_index'] for x in r):.2f}, max {max(x['imbalance_index'] for x in r):.2f}); "
          f"published R1-R3 mean {st.mean(x['imbalance_index'] for x in o):.2f}")
