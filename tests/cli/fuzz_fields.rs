//! A structural fuzz (issue 42, item 6): valid levels of every kind (Terra
//! Mystica, Catan, dungeon with traps, secret doors, locks and GA settings,
//! puzzle) and valid Catan share codes, each with exactly ONE field set to
//! a value its kind does not allow. Every case must end within its time
//! with exit 2 and an `error:` line that names the field: never a panic, a
//! hang, or exit 0.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest one case may take (a hang fails the test).
const RUN_LIMIT: Duration = Duration::from_secs(20);

/// Run the binary with a time limit: (exit code, stderr), or why it was
/// killed.
fn run(args: &[String]) -> Result<(Option<i32>, String), String> {
    super::fuzz::run_within(args, RUN_LIMIT).map(|(code, err, _)| (code, err))
}

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|a| a.to_string()).collect()
}

/// `text` with the value of the `nth` `field: value` replaced by `value`
/// (the old value ends at the first `,` or `)` outside brackets and
/// quotes), or `None` when the file has no such field.
fn set_field(text: &str, field: &str, nth: usize, value: &str) -> Option<String> {
    let key = format!("{field}: ");
    let at = text
        .match_indices(&key)
        .filter(|(i, _)| {
            // A whole word: not the tail of a longer field name.
            *i == 0
                || !text.as_bytes()[i - 1].is_ascii_alphanumeric() && text.as_bytes()[i - 1] != b'_'
        })
        .nth(nth)?
        .0
        + key.len();
    let (mut depth, mut quoted, mut end) = (0i32, false, text.len());
    let bytes = text.as_bytes();
    let mut i = at;
    while i < bytes.len() {
        let b = bytes[i];
        if quoted {
            if b == b'\\' {
                i += 1;
            } else if b == b'"' || b == b'\'' {
                quoted = false;
            }
        } else {
            match b {
                b'"' | b'\'' => quoted = true,
                b'(' | b'[' => depth += 1,
                b')' | b']' if depth == 0 => {
                    end = i;
                    break;
                }
                b')' | b']' => depth -= 1,
                b',' | b'\n' if depth == 0 => {
                    end = i;
                    break;
                }
                _ => {}
            }
        }
        i += 1;
    }
    Some(format!("{}{}{}", &text[..at], value, &text[end..]))
}

/// `text` with the generator setting `("name", x)` set to `value`.
fn set_param(text: &str, name: &str, value: &str) -> Option<String> {
    let key = format!("(\"{name}\", ");
    let at = text.find(&key)? + key.len();
    let end = at + text[at..].find(')')?;
    Some(format!("{}{}{}", &text[..at], value, &text[end..]))
}

/// One case: the file's kind, a description, the mutated text (or share
/// code) and the words of which the error must name one.
struct Case {
    kind: &'static str,
    what: String,
    input: String,
    needles: &'static [&'static str],
}

/// Values that no count, size or position field allows.
const HOSTILE_NUMBERS: [&str; 5] = ["-1", "1e300", "NaN", "18446744073709551615", "4294967295"];

/// Values that no finite-number setting allows.
const HOSTILE_FLOATS: [&str; 5] = ["NaN", "inf", "-1e300", "1e300", "-1"];

/// The mutations of one level text of `kind`.
fn level_cases(kind: &'static str, text: &str, out: &mut Vec<Case>) {
    let mut field = |name: &str, nth: usize, value: &str, needles: &'static [&'static str]| {
        if let Some(input) = set_field(text, name, nth, value) {
            out.push(Case {
                kind,
                what: format!("{name}[{nth}] = {value}"),
                input,
                needles,
            });
        }
    };
    field("version", 0, "99", &["version"]);
    field("version", 0, "-1", &["version"]);
    match kind {
        "tm" => {
            field("rows", 0, "[]", &["rows", "row", "board"]);
            field("rows", 0, "[[Lava]]", &["Lava", "terrain", "variant"]);
            field(
                "rows",
                0,
                "[[Lake, Swamp], [Lake, Swamp]]",
                &["rows", "row", "board", "size", "shape"],
            );
        }
        "catan" => {
            for bad in [
                "Some(0)",
                "Some(1)",
                "Some(7)",
                "Some(13)",
                "Some(255)",
                "Some(-1)",
            ] {
                field("number", 0, bad, &["number", "token"]);
            }
            field("terrain", 0, "Lava", &["Lava", "terrain", "variant"]);
            field("rows", 0, "[]", &["rows", "row", "board"]);
        }
        "dungeon" => {
            for n in HOSTILE_NUMBERS {
                field("x", 0, n, &["room", "`x`"]);
                field("w", 0, n, &["room", "`w`"]);
                field("entrance", 0, n, &["entrance"]);
                field("final_room", 0, n, &["final_room", "final"]);
                field("key_room", 0, n, &["key_room", "key"]);
                field("corridor_width", 0, n, &["corridor"]);
                field("room", 0, n, &["room"]);
                field("challenge", 0, n, &["challenge"]);
            }
            field("x", 0, "65535", &["room"]);
            field("corridor_width", 0, "0", &["corridor"]);
            field("corridor_width", 0, "9", &["corridor"]);
            field("entrance", 0, "26", &["entrance"]);
            for letter in ["'<'", "'\"'", "'\\u{0}'", "'a'", "'\\u{202e}'", "'B'"] {
                field("letter", 0, letter, &["letter"]);
            }
            field("cell", 0, "(65535, 65535)", &["trap"]);
            field("door", 0, "(65535, 65535)", &["door"]);
            field("door", 1, "(65535, 65535)", &["door"]);
            field(
                "party_level",
                0,
                "0",
                &["party_level", "party level", "level"],
            );
            field(
                "party_level",
                0,
                "99",
                &["party_level", "party level", "level"],
            );
            field("party_size", 0, "0", &["party_size", "party size"]);
            field("party_size", 0, "999", &["party_size", "party size"]);
            field("rooms", 0, "[]", &["room"]);
            field("style", 0, "Lava", &["style", "Lava", "variant"]);
        }
        _ => {
            for n in HOSTILE_NUMBERS {
                field("width", 0, n, &["width"]);
                field("height", 0, n, &["height"]);
            }
            field("cells", 0, "[\"X\"]", &["cell", "row", "width", "height"]);
            field(
                "cells",
                0,
                "[\"\u{1b}[31m\"]",
                &["cell", "row", "width", "height"],
            );
            field("solution", 0, "[\"XX\"]", &["solution"]);
            field("difficulty", 0, "lava", &["difficulty", "lava", "variant"]);
        }
    }
    // The generator settings, each set to a value no flag allows.
    let params: &[&str] = match kind {
        "tm" => &["moves", "noise", "perturb", "regrow", "stall", "tabu"],
        "catan" => &["moves", "noise", "stall"],
        "dungeon" => &[
            "width",
            "height",
            "min_rooms",
            "max_rooms",
            "enemies_pct",
            "treasure_pct",
            "loops",
            "generations",
            "population",
            "mutation",
        ],
        _ => &["width", "height", "blocked_p"],
    };
    for p in params {
        for v in HOSTILE_FLOATS {
            if let Some(input) = set_param(text, p, v) {
                out.push(Case {
                    kind,
                    what: format!("params {p} = {v}"),
                    input,
                    needles: &["setting", "param", "generator"],
                });
            }
        }
    }
}

/// The mutations of a valid Catan share code: every position changed to
/// another code letter, plus wrong lengths and characters outside the
/// alphabet.
fn code_cases(code: &str, out: &mut Vec<Case>) {
    let chars: Vec<char> = code.chars().collect();
    for i in 0..chars.len() {
        let mut c = chars.clone();
        c[i] = if c[i] == 'A' { 'B' } else { 'A' };
        out.push(Case {
            kind: "code",
            what: format!("code position {i}"),
            input: c.into_iter().collect(),
            needles: &["code"],
        });
    }
    for input in [
        String::new(),
        code[..code.len() - 1].to_string(),
        format!("{code}A"),
        format!("{}!", &code[..code.len() - 1]),
        format!("{}\u{1b}", &code[..code.len() - 1]),
        "A".repeat(10_000),
    ] {
        out.push(Case {
            kind: "code",
            what: format!("code {:?}", input.chars().take(40).collect::<String>()),
            input,
            needles: &["code"],
        });
    }
}

/// The command that reads a case's input at `file`.
fn command(kind: &str, file: &str, out: &str) -> Vec<String> {
    match kind {
        "tm" => s(&["evaluate", "terra-mystica", "--map", file, "--json"]),
        "catan" => s(&["evaluate", "catan", "--map", file, "--json"]),
        "dungeon" => s(&["export", file, "--format", "key", "--out", out, "--force"]),
        "puzzle" => s(&["puzzle", "solve", file, "--json"]),
        _ => s(&["evaluate", "catan", "--code", file, "--json"]),
    }
}

/// The valid files the mutations start from.
fn seeds(dir: &Path) -> Vec<(&'static str, String)> {
    let p = |n: &str| dir.join(n).display().to_string();
    let make = |args: &[&str]| {
        let args = s(args);
        let (code, err) = run(&args).unwrap();
        assert_eq!(code, Some(0), "{args:?}: {err}");
    };
    make(&[
        "generate",
        "terra-mystica",
        "--time-limit",
        "0.2",
        "--out",
        &p("tm"),
    ]);
    make(&[
        "generate",
        "catan",
        "--time-limit",
        "0.2",
        "--out",
        &p("ca"),
    ]);
    make(&[
        "dungeon",
        "--seed",
        "3",
        "--proposals",
        "1",
        "--keys",
        "1",
        "--traps",
        "2",
        "--secret-doors",
        "1",
        "--loops",
        "1",
        "--out",
        &p("du"),
    ]);
    make(&[
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
    ]);
    make(&[
        "export",
        &p("ca.level.ron"),
        "--format",
        "code",
        "--out",
        &p("ca.code.txt"),
    ]);
    let read = |n: &str| std::fs::read_to_string(dir.join(n)).unwrap();
    vec![
        ("tm", read("tm.level.ron")),
        ("catan", read("ca.level.ron")),
        ("dungeon", read("du.level.ron")),
        ("puzzle", read("pz.level.ron")),
        ("code", read("ca.code.txt").trim().to_string()),
    ]
}

#[test]
fn one_field_made_invalid_is_refused_naming_the_field() {
    fuzz("fuzz-fields", &["tm", "catan", "dungeon", "code"]);
}

/// Puzzle levels: `width`/`height` that disagree with `cells`, a
/// `solution` of the wrong shape or against the cells, and generator
/// settings out of range.
#[test]
fn one_puzzle_field_made_invalid_is_refused_naming_the_field() {
    fuzz("fuzz-fields-puzzle", &["puzzle"]);
}

/// A parse error quoting a file's character shows it escaped, never raw.
#[test]
fn a_parse_error_never_echoes_a_raw_control_character() {
    let dir = super::temp_dir("fuzz-fields-echo");
    let f = dir.join("e.level.ron");
    for raw in ["\u{1b}", "\u{202e}", "\u{7}"] {
        std::fs::write(&f, format!("Level(version: 2{raw}, name: \"x\")")).unwrap();
        let (code, err) =
            run(&s(&["export", &f.display().to_string(), "--format", "svg"])).unwrap();
        assert_eq!(code, Some(2), "{err}");
        assert!(err.starts_with("error:") && !err.contains(raw), "{err:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Run every one-field case of `kinds` (from fresh seeds in a folder named
/// `name`) and fail with the list of cases not refused as they should be.
fn fuzz(name: &str, kinds: &[&str]) {
    let start = Instant::now();
    let dir = super::temp_dir(name);
    let mut cases = Vec::new();
    for (kind, text) in seeds(&dir) {
        if !kinds.contains(&kind) {
            continue;
        }
        // The seed itself is read without complaint.
        let file = dir.join(format!("seed-{kind}.level.ron"));
        std::fs::write(&file, &text).unwrap();
        let input = if kind == "code" {
            text.clone()
        } else {
            file.display().to_string()
        };
        let args = command(kind, &input, &dir.join("seed.txt").display().to_string());
        let (code, err) = run(&args).unwrap();
        assert_eq!(code, Some(0), "seed {kind}: {args:?}: {err}");
        if kind == "code" {
            code_cases(&text, &mut cases);
        } else {
            level_cases(kind, &text, &mut cases);
        }
    }
    let cases = Arc::new(cases);
    let next = Arc::new(AtomicUsize::new(0));
    let failures = Arc::new(Mutex::new(Vec::new()));
    let workers: Vec<_> = (0..3)
        .map(|w| {
            let (cases, next, failures, dir) =
                (cases.clone(), next.clone(), failures.clone(), dir.clone());
            std::thread::spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    let input = if case.kind == "code" {
                        case.input.clone()
                    } else {
                        let f = dir.join(format!("c{i}.level.ron"));
                        std::fs::write(&f, &case.input).unwrap();
                        f.display().to_string()
                    };
                    let out = dir.join(format!("o{w}.txt")).display().to_string();
                    let args = command(case.kind, &input, &out);
                    let verdict = match run(&args) {
                        Err(e) => Some(e),
                        Ok((code, err)) => {
                            let lower = err.to_lowercase();
                            if code != Some(2) {
                                Some(format!("exit {code:?}: {}", err.trim()))
                            } else if !err.starts_with("error:") {
                                Some(format!("stderr does not start with `error:`: {err}"))
                            } else if !case
                                .needles
                                .iter()
                                .any(|n| lower.contains(&n.to_lowercase()))
                            {
                                Some(format!("names none of {:?}: {}", case.needles, err.trim()))
                            } else {
                                None
                            }
                        }
                    };
                    if let Some(v) = verdict {
                        failures
                            .lock()
                            .unwrap()
                            .push(format!("{} {}: {v}", case.kind, case.what));
                    }
                }
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }
    let failures = failures.lock().unwrap();
    eprintln!(
        "fuzz_fields: {} one-field cases, {} failures, in {:?}",
        cases.len(),
        failures.len(),
        start.elapsed()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let _ = std::fs::remove_dir_all(&dir);
}
