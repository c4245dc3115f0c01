//! A fixed-seed fuzz of every command that reads a file: 1,000 mutated
//! levels (Terra Mystica, Catan, dungeon, puzzle) and text maps, each run
//! through one of the commands that read its kind, plus out-of-range flags
//! and oversized inputs. Every run must end within its time (no hang), with
//! exit 0 or a clear `error:` on stderr and exit 2 (no panic, no abort).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Mutated files in the corpus.
const CORPUS: usize = 1_000;

/// The longest one run may take (a hang fails the test).
const RUN_LIMIT: Duration = Duration::from_secs(30);

/// A small deterministic generator (xorshift64*), so the corpus is the
/// same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Numbers a careless or hostile edit puts in a file.
const EXTREMES: [&str; 10] = [
    "0",
    "1",
    "99",
    "255",
    "65535",
    "4294967295",
    "18446744073709551615",
    "-1",
    "1e20",
    "NaN",
];

/// One mutation of `text`.
fn mutate(text: &str, rng: &mut Rng) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    let lines: Vec<&str> = text.lines().collect();
    match rng.below(8) {
        // A number replaced by an extreme.
        0 | 1 => {
            let starts: Vec<usize> = (0..bytes.len())
                .filter(|&i| {
                    bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric())
                })
                .collect();
            if let Some(&at) = starts.get(rng.below(starts.len())) {
                let end = (at..bytes.len())
                    .find(|&i| !bytes[i].is_ascii_digit())
                    .unwrap_or(bytes.len());
                let with = EXTREMES[rng.below(EXTREMES.len())].as_bytes();
                bytes.splice(at..end, with.iter().copied());
            }
        }
        // A line deleted or duplicated, or two swapped.
        2 | 3 if !lines.is_empty() => {
            let mut v: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            let (i, j) = (rng.below(v.len()), rng.below(v.len()));
            match rng.below(3) {
                0 => {
                    v.remove(i);
                }
                1 => v.insert(i, v[j].clone()),
                _ => v.swap(i, j),
            }
            bytes = (v.join("\n") + "\n").into_bytes();
        }
        // Cut short.
        4 => bytes.truncate(rng.below(bytes.len())),
        // Random bytes: control characters, non-UTF-8, brackets.
        5 => {
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(bytes.len());
                let b = [0u8, 0x1b, b'\n', 0xff, b'(', b')', b'[', b',', b'"', b'9'][rng.below(10)];
                bytes.insert(at, b);
            }
        }
        // A field name misspelt.
        6 => {
            if let Some(at) = (0..bytes.len())
                .filter(|&i| bytes[i] == b':')
                .nth(rng.below(40))
                && at > 1
            {
                bytes.swap(at - 1, at - 2);
            }
        }
        // A row grown: one word or cell repeated many times.
        _ => {
            if !lines.is_empty() {
                let i = rng.below(lines.len());
                let mut v: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
                let extra = v[i].split_whitespace().next().unwrap_or("x").to_string();
                v[i] = format!("{} {}", v[i], vec![extra; 1 + rng.below(300)].join(" "));
                bytes = (v.join("\n") + "\n").into_bytes();
            }
        }
    }
    bytes
}

/// Run the binary with a time limit: (exit code, stderr, time taken);
/// panics on a hang.
fn run(args: &[String]) -> (Option<i32>, String, Duration) {
    run_within(args, RUN_LIMIT).unwrap_or_else(|e| panic!("{args:?} {e}"))
}

/// Run the binary, killed past `limit`: (exit code, stderr, time taken),
/// or why it was killed.
pub(crate) fn run_within(
    args: &[String],
    limit: Duration,
) -> Result<(Option<i32>, String, Duration), String> {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_evoboard"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut s);
        s
    });
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Ok((status.code(), reader.join().unwrap(), start.elapsed()));
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("ran over {limit:?} (a hang)"));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A run ended cleanly: success, or exit 2 with an `error:` line; never a
/// panic (101) or a signal.
fn assert_clean(args: &[String], code: Option<i32>, err: &str) {
    assert!(
        code == Some(0) || code == Some(2),
        "{args:?}: exit {code:?} (0 or 2 expected); stderr: {err}"
    );
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    if code == Some(2) {
        assert!(err.contains("error"), "{args:?}: a failure says why: {err}");
    }
}

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|a| a.to_string()).collect()
}

/// The seed files: levels of every kind and the text maps.
fn seeds(dir: &Path) -> Vec<(PathBuf, &'static str)> {
    let p = |n: &str| dir.join(n).display().to_string();
    let make = |args: Vec<String>| {
        let (code, err, _) = run(&args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
    };
    make(s(&[
        "generate",
        "terra-mystica",
        "--time-limit",
        "0.2",
        "--out",
        &p("tm"),
    ]));
    make(s(&[
        "generate",
        "catan",
        "--time-limit",
        "0.2",
        "--out",
        &p("ca"),
    ]));
    make(s(&[
        "dungeon",
        "--seed",
        "3",
        "--proposals",
        "1",
        "--keys",
        "1",
        "--out",
        &p("du"),
    ]));
    make(s(&[
        "puzzle",
        "generate",
        "--width",
        "6",
        "--height",
        "6",
        "--difficulty",
        "easy",
        "--seed",
        "1",
        "--out",
        &p("pz"),
    ]));
    make(s(&[
        "export",
        &p("tm.level.ron"),
        "--format",
        "text",
        "--out",
        &p("tm.txt"),
    ]));
    make(s(&[
        "export",
        &p("ca.level.ron"),
        "--format",
        "text",
        "--out",
        &p("ca.txt"),
    ]));
    vec![
        (dir.join("tm.level.ron"), "tm-level"),
        (dir.join("ca.level.ron"), "catan-level"),
        (dir.join("du.level.ron"), "dungeon-level"),
        (dir.join("pz.level.ron"), "puzzle-level"),
        (dir.join("tm.txt"), "tm-text"),
        (dir.join("ca.txt"), "catan-text"),
    ]
}

/// The commands that read a file of `kind`, the `k`-th of them for `file`
/// (outputs go to `out`).
fn command(kind: &str, k: usize, file: &str, out: &str) -> Vec<String> {
    let svg = format!("{out}.svg");
    let all: Vec<Vec<&str>> = match kind {
        "tm-level" | "tm-text" => vec![
            vec!["evaluate", "terra-mystica", "--map", file, "--json"],
            vec!["export", file, "--format", "svg", "--out", &svg, "--force"],
            vec!["export", file, "--format", "code", "--out", &svg, "--force"],
            vec![
                "generate",
                "terra-mystica",
                "--from",
                file,
                "--time-limit",
                "0.05",
                "--json",
            ],
        ],
        "catan-level" | "catan-text" => vec![
            vec!["evaluate", "catan", "--map", file, "--json"],
            vec!["export", file, "--format", "text", "--out", &svg, "--force"],
            vec!["export", file, "--format", "svg", "--out", &svg, "--force"],
            vec![
                "generate",
                "catan",
                "--from",
                file,
                "--time-limit",
                "0.05",
                "--json",
            ],
        ],
        "dungeon-level" => vec![
            vec!["dungeon", "--from", file, "--json"],
            vec![
                "export",
                file,
                "--format",
                "png",
                "--pixels-per-cell",
                "8",
                "--out",
                &svg,
                "--force",
            ],
            vec![
                "export",
                file,
                "--format",
                "vtt",
                "--pixels-per-cell",
                "8",
                "--out",
                &svg,
                "--force",
            ],
            vec!["export", file, "--format", "key", "--out", &svg, "--force"],
            vec!["export", file, "--format", "svg", "--out", &svg, "--force"],
        ],
        _ => vec![
            vec!["puzzle", "solve", file, "--json"],
            vec!["export", file, "--format", "svg", "--out", &svg, "--force"],
        ],
    };
    s(&all[k % all.len()])
}

#[test]
fn a_thousand_mutated_files_and_bad_flags_never_panic_hang_or_run_away() {
    let start = Instant::now();
    let dir = super::temp_dir("fuzz");
    let seeds = seeds(&dir);
    let texts: Vec<(String, &str)> = seeds
        .iter()
        .map(|(p, k)| (std::fs::read_to_string(p).unwrap(), *k))
        .collect();
    let mut rng = Rng(0x5eed_f00d_0030);
    let mut jobs = Vec::new();
    for i in 0..CORPUS {
        let (text, kind) = &texts[i % texts.len()];
        let mut bytes = mutate(text, &mut rng);
        if rng.below(3) == 0 {
            // Two mutations now and then.
            bytes = mutate(&String::from_utf8_lossy(&bytes), &mut rng);
        }
        let ext = if kind.ends_with("text") {
            "txt"
        } else {
            "level.ron"
        };
        let file = dir.join(format!("m{i}.{ext}"));
        std::fs::write(&file, &bytes).unwrap();
        let out = dir.join(format!("o{i}")).display().to_string();
        jobs.push(command(
            kind,
            i / texts.len(),
            &file.display().to_string(),
            &out,
        ));
    }
    let jobs = Arc::new(jobs);
    let next = Arc::new(AtomicUsize::new(0));
    let outcomes = Arc::new(Mutex::new((0usize, 0usize, Duration::ZERO)));
    let workers: Vec<_> = (0..3)
        .map(|_| {
            let (jobs, next, outcomes) = (jobs.clone(), next.clone(), outcomes.clone());
            std::thread::spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(args) = jobs.get(i) else { break };
                    let (code, err, took) = run(args);
                    assert_clean(args, code, &err);
                    let mut o = outcomes.lock().unwrap();
                    if code == Some(0) {
                        o.0 += 1;
                    } else {
                        o.1 += 1;
                    }
                    o.2 = o.2.max(took);
                }
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }
    let (ok, refused, slowest) = *outcomes.lock().unwrap();
    assert_eq!(ok + refused, CORPUS);
    // The mutations bite: most files are refused, some still read.
    assert!(
        refused > CORPUS / 4 && ok > 0,
        "{ok} read, {refused} refused"
    );

    // Out-of-range flags: refused at parse time, with the range.
    let level = dir.join("du.level.ron").display().to_string();
    let bad_flags: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["generate", "terra-mystica", "--time-limit", "1e20"],
            "at most 86400",
        ),
        (
            vec!["bench", "terra-mystica", "--time-limit", "1e20"],
            "at most 86400",
        ),
        (
            vec!["bench", "terra-mystica", "--runs", "1000000000"],
            "not in 1..=10000",
        ),
        (
            vec!["bench", "terra-mystica", "--threads", "0"],
            "not in 1..=256",
        ),
        (
            vec!["domino", "host", "--start-after", "18446744073709551615"],
            "not in 0..=86400",
        ),
        (
            vec!["domino", "host", "--turn-seconds", "99999999"],
            "not in 0..=86400",
        ),
        (
            vec!["domino", "host", "--code", "a\u{1b}b"],
            "4 to 32 letters and digits",
        ),
        (
            vec![
                "domino",
                "tune",
                "--strategy",
                "1",
                "--stage",
                "1",
                "--population",
                "1000000000",
            ],
            "not in 2..=10000",
        ),
        (
            vec![
                "domino",
                "duel",
                "--team-a",
                "t1",
                "--team-b",
                "t1",
                "--matches",
                "1000000000000",
            ],
            "not in 1..=10000000",
        ),
        (
            vec![
                "domino",
                "duel",
                "--team-a",
                "t1",
                "--team-b",
                "t1",
                "--matches",
                "1",
                "--threads",
                "100000",
            ],
            "not in 1..=256",
        ),
        (
            vec!["generate", "catan", "--gallery", "100000"],
            "not in 1..=1000",
        ),
        (
            vec![
                "export",
                &level,
                "--format",
                "png",
                "--pixels-per-cell",
                "100000",
            ],
            "allowed: 8 to 200",
        ),
        // An endless device is refused from its file type (issue 42); a
        // regular file over 16 MiB by the cap (`files::tests`).
        (
            vec!["export", "/dev/zero", "--format", "svg"],
            "a device, not a regular file",
        ),
        (
            vec!["evaluate", "terra-mystica", "--map", "/dev/zero"],
            "a device, not a regular file",
        ),
        (
            vec!["puzzle", "solve", "/dev/zero"],
            "a device, not a regular file",
        ),
    ];
    for (args, needle) in &bad_flags {
        let args = s(args);
        let (code, err, _) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            err.contains(needle),
            "{args:?}: expected `{needle}` in {err}"
        );
    }
    // A 200 × 200 dungeon at 200 pixels per cell is over the pixel budget:
    // refused before allocating, naming the largest size that fits.
    let big = dir.join("big.level.ron");
    let text = std::fs::read_to_string(dir.join("du.level.ron")).unwrap();
    let rows: Vec<String> = (0..200).map(|_| " ".repeat(200)).collect();
    let grid = format!(
        "grid: [{}]",
        rows.iter()
            .map(|r| format!("\"{r}\""))
            .collect::<Vec<_>>()
            .join(",")
    );
    let at = text.find("grid: [").unwrap();
    let end = at + text[at..].find(']').unwrap() + 1;
    std::fs::write(&big, format!("{}{}{}", &text[..at], grid, &text[end..])).unwrap();
    let args = s(&[
        "export",
        &big.display().to_string(),
        "--format",
        "png",
        "--pixels-per-cell",
        "200",
        "--out",
        &dir.join("big.png").display().to_string(),
    ]);
    let (code, err, _) = run(&args);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("over the budget") && err.contains("up to 70 pixels per cell"),
        "{err}"
    );
    eprintln!(
        "fuzz: {CORPUS} mutated files ({ok} read, {refused} refused, slowest run {slowest:?}) \
         and {} bad flags in {:?}",
        bad_flags.len(),
        start.elapsed()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
