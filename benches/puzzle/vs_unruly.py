"""Takuzu generation side by side with Simon Tatham's Unruly (Debian `sgt-puzzles`).

Times `sgt-unruly --generate N WxHdn` and `evoboard puzzle generate --rules takuzu --grade G
--count N` (one process each, so start-up is not per puzzle) at 10x10, 14x14 and 20x20 in the
same run, and grades Unruly's puzzles with our grader (`puzzle solve --rules takuzu --limit 1
--json`) to show which of our grades its `dn` (difficulty normal) matches. Installs sgt-puzzles
with apt-get when missing (needs root; not for CI).

Each generator runs RUNS times (alternating, default 3); the table gives the median of the
processes' CPU time (user + sys, from the OS) and wall time per puzzle, and the speed-up as
Unruly's CPU time over ours. Grading: the first GRADED puzzles per size (default: all), each
solve bounded by SOLVE_TIMEOUT seconds (default 60; a solve that runs out counts as "timeout").
`--limit 1` skips proving uniqueness by search: a board with a technique grade has exactly one
solution, and Unruly's puzzles are unique by construction.

Usage: python3 benches/puzzle/vs_unruly.py [N] [GRADE] [SIZES...]
with EVOBOARD=path/to/evoboard (default: ~/.cache/evoboard-target-tm/release/evoboard),
RUNS, GRADED and SOLVE_TIMEOUT in the environment.
"""
import json, os, shutil, statistics, subprocess, sys, tempfile, time

B = os.environ.get("EVOBOARD", os.path.expanduser("~/.cache/evoboard-target-tm/release/evoboard"))
N = int(sys.argv[1]) if len(sys.argv) > 1 else 100
GRADE = sys.argv[2] if len(sys.argv) > 2 else "2"
SIZES = [int(s) for s in sys.argv[3:]] or [10, 14, 20]
RUNS = int(os.environ.get("RUNS", "3"))
GRADED = int(os.environ.get("GRADED", str(N)))
SOLVE_TIMEOUT = float(os.environ.get("SOLVE_TIMEOUT", "60"))


def unruly_bin():
    for p in (shutil.which("sgt-unruly"), "/usr/games/sgt-unruly"):
        if p and os.path.exists(p):
            return p
    subprocess.run(["apt-get", "install", "-y", "--no-install-recommends", "sgt-puzzles"],
                   check=True, env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    return "/usr/games/sgt-unruly"


def decode(game_id):
    """An Unruly game id `WxH[u]:DESC` as board rows (`X`/`O` givens, `.` empty).
    Each letter a..y / A..Y skips (letter - 'a') empty cells, then places a cell: uppercase one
    colour, lowercase the other; a letter that skips past the end places nothing. `z` / `Z`
    skips 25 empty cells and places nothing (a longer run of empty cells)."""
    params, desc = game_id.strip().split(":")
    w, h = params.rstrip("u").split("x")
    w, h = int(w), int(h.rstrip("u"))
    cells = ["."] * (w * h)
    pos = 0
    for ch in desc:
        if ch in "zZ":
            pos += 25
            continue
        pos += ord(ch.lower()) - ord("a")
        if pos < w * h:
            cells[pos] = "X" if ch.isupper() else "O"
        pos += 1
    return ["".join(cells[r * w:(r + 1) * w]) for r in range(h)]


def timed(cmd):
    """Run `cmd` once: (CPU ms of the process, wall ms, stdout)."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = (time.perf_counter() - t) * 1000.0
    if status != 0:
        raise SystemExit(f"{cmd[0]} failed ({status})")
    return (ru.ru_utime + ru.ru_stime) * 1000.0, wall, out


def grade_all(lines):
    """Our technique grade of each Unruly game id: counts by grade."""
    grades = {}
    with tempfile.TemporaryDirectory() as d:
        for k, line in enumerate(lines[:GRADED]):
            path = os.path.join(d, f"u{k}.txt")
            with open(path, "w") as f:
                f.write("\n".join(decode(line)) + "\n")
            try:
                out = subprocess.run([B, "puzzle", "solve", path, "--rules", "takuzu", "--limit", "1",
                                      "--tree-nodes", "0", "--json"], check=True,
                                     capture_output=True, text=True, timeout=SOLVE_TIMEOUT).stdout
                g = json.loads(out)["grade"]
                key = "beyond 3" if g is None else str(g)
            except subprocess.TimeoutExpired:
                key = "timeout"
            grades[key] = grades.get(key, 0) + 1
    return grades


def main():
    unruly = unruly_bin()
    print(f"load average {os.getloadavg()[0]:.2f}; {N} puzzles per size; our grade {GRADE}; "
          f"{RUNS} runs each (medians); Unruly's puzzles graded: first {min(GRADED, N)}")
    print(f"    {unruly} --generate {N} SxSdn")
    print(f"    evoboard puzzle generate --rules takuzu --grade {GRADE} --width S --height S "
          f"--count {N} --json")
    print("| size | Unruly `dn` cpu / wall ms per puzzle | ours grade %s cpu / wall ms per puzzle "
          "| ours in-process ms | speed-up (cpu) | our grades of our puzzles "
          "| our grades of Unruly's puzzles |" % GRADE)
    print("|---|---|---|---|---|---|---|")
    for s in SIZES:
        u_cmd = [unruly, "--generate", str(N), f"{s}x{s}dn"]
        e_cmd = [B, "puzzle", "generate", "--width", str(s), "--height", str(s),
                 "--rules", "takuzu", "--grade", GRADE, "--count", str(N), "--json"]
        u_runs, e_runs = [], []
        for _ in range(RUNS):
            u_runs.append(timed(u_cmd))
            e_runs.append(timed(e_cmd))
        med = lambda runs, i: statistics.median(r[i] for r in runs) / N
        u_cpu, u_wall, e_cpu, e_wall = med(u_runs, 0), med(u_runs, 1), med(e_runs, 0), med(e_runs, 1)
        summary = json.loads(e_runs[-1][2])
        ours = statistics.median(json.loads(r[2])["ms_per_puzzle"] for r in e_runs)
        grades = grade_all(u_runs[-1][2].split())
        g = summary["grades"]
        print(f"| {s}x{s} | {u_cpu:.2f} / {u_wall:.2f} | {e_cpu:.3f} / {e_wall:.3f} | {ours:.3f} | "
              f"{u_cpu / max(e_cpu, 1e-9):.1f}x | "
              f"1/2/3/beyond {g['1']}/{g['2']}/{g['3']}/{g['beyond']} | "
              + ", ".join(f"{k}: {v}" for k, v in sorted(grades.items())) + " |", flush=True)


if __name__ == "__main__":
    main()
