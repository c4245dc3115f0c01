"""Takuzu generation side by side with Simon Tatham's Unruly (Debian `sgt-puzzles`).

Times `sgt-unruly --generate N WxHdn` and `evoboard puzzle generate --rules takuzu --grade G
--count N` (one process each, so start-up is not per puzzle) at 10x10, 14x14 and 20x20 in the
same run, and grades Unruly's puzzles with our grader (`puzzle solve --rules takuzu --json`) to
show which of our grades its `dn` (difficulty normal) matches. Installs sgt-puzzles with apt-get
when missing (needs root; not for CI).

Usage: python3 benches/puzzle/vs_unruly.py [N] [GRADE] [SIZES...]
with EVOBOARD=path/to/evoboard (default: ~/.cache/evoboard-target-tm/release/evoboard).
"""
import json, os, shutil, subprocess, sys, tempfile, time

B = os.environ.get("EVOBOARD", os.path.expanduser("~/.cache/evoboard-target-tm/release/evoboard"))
N = int(sys.argv[1]) if len(sys.argv) > 1 else 100
GRADE = sys.argv[2] if len(sys.argv) > 2 else "2"
SIZES = [int(s) for s in sys.argv[3:]] or [10, 14, 20]


def unruly_bin():
    for p in (shutil.which("sgt-unruly"), "/usr/games/sgt-unruly"):
        if p and os.path.exists(p):
            return p
    subprocess.run(["apt-get", "install", "-y", "--no-install-recommends", "sgt-puzzles"],
                   check=True, env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    return "/usr/games/sgt-unruly"


def decode(game_id):
    """An Unruly game id `WxH[u]:DESC` as board rows (`X`/`O` givens, `.` empty).
    Each letter skips (letter - 'a') empty cells, then places a cell: uppercase one colour,
    lowercase the other; a letter that skips past the end places nothing."""
    params, desc = game_id.strip().split(":")
    w, h = params.rstrip("u").split("x")
    w, h = int(w), int(h.rstrip("u"))
    cells = ["."] * (w * h)
    pos = 0
    for ch in desc:
        pos += ord(ch.lower()) - ord("a")
        if pos < w * h:
            cells[pos] = "X" if ch.isupper() else "O"
        pos += 1
    return ["".join(cells[r * w:(r + 1) * w]) for r in range(h)]


def timed(cmd):
    t = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return (time.perf_counter() - t) * 1000.0, out


def main():
    unruly = unruly_bin()
    print(f"load average {os.getloadavg()[0]:.2f}; {N} puzzles per size; our grade {GRADE}")
    print("| size | sgt-unruly dn, ms/puzzle | evoboard takuzu grade %s, ms/puzzle (in-process) | process wall ms/puzzle | speed-up | our grades of our puzzles | our grades of Unruly's puzzles |" % GRADE)
    print("|---|---|---|---|---|---|---|")
    for s in SIZES:
        u_ms, u_out = timed([unruly, "--generate", str(N), f"{s}x{s}dn"])
        e_ms, e_out = timed([B, "puzzle", "generate", "--width", str(s), "--height", str(s),
                             "--rules", "takuzu", "--grade", GRADE, "--count", str(N), "--json"])
        summary = json.loads(e_out)
        ours = summary["ms_per_puzzle"]
        grades = {}
        with tempfile.TemporaryDirectory() as d:
            for k, line in enumerate(u_out.split()):
                path = os.path.join(d, f"u{k}.txt")
                with open(path, "w") as f:
                    f.write("\n".join(decode(line)) + "\n")
                r = json.loads(subprocess.run([B, "puzzle", "solve", path, "--rules", "takuzu",
                                               "--tree-nodes", "0", "--json"],
                                              check=True, capture_output=True, text=True).stdout)
                key = str(r["grade"]) if r["unique"] else "not unique"
                grades[key] = grades.get(key, 0) + 1
        g = summary["grades"]
        print(f"| {s}x{s} | {u_ms / N:.2f} | {ours:.3f} | {e_ms / N:.3f} | {u_ms / N / ours:.0f}x | "
              f"1/2/3/beyond {g['1']}/{g['2']}/{g['3']}/{g['beyond']} | "
              + ", ".join(f"{k}: {v}" for k, v in sorted(grades.items())) + " |")


if __name__ == "__main__":
    main()
