//! First contact: the plain (non-JSON) output of the commands a person
//! reads (sentences and aligned lines, no Rust debug formatting such as
//! `[("`, `Some(`, `{ .. }`, no `kind@row,col/side` codes), `export`
//! taking its format from `--out`, and a dungeon's `--pack`.

use std::process::Command;

/// What a command printed on stdout and stderr (it must succeed).
pub(crate) fn plain(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_evoboard"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap()
}

/// What a command printed, checked: something, and no debug formatting.
fn plain_and_clean(args: &[&str]) -> String {
    let text = plain(args);
    assert!(!text.trim().is_empty(), "{args:?} printed nothing");
    let marks = debug_marks(&text);
    assert!(marks.is_empty(), "{args:?}: {marks:?}\n{text}");
    text
}

/// Marks of debug formatting that a person should never meet.
fn debug_marks(text: &str) -> Vec<&'static str> {
    let mut found = Vec::new();
    for mark in ["[(\"", "(\"", "Some(", "None", " { ", "\\\"", "Ok(", "Err("] {
        if text.contains(mark) {
            found.push(mark);
        }
    }
    // `grain@0,1/5`: a harbour as a code.
    let coded = text.split_whitespace().any(|w| {
        w.split_once('@')
            .is_some_and(|(_, at)| at.contains(',') && at.contains('/'))
    });
    if coded {
        found.push("kind@row,col/side");
    }
    found
}

#[test]
fn board_commands_print_rules_by_name_and_harbours_in_words() {
    let cases: [&[&str]; 4] = [
        &["generate", "catan", "--seed", "3", "--harbour-rule"],
        &["generate", "terra-mystica", "--seed", "3"],
        &["evaluate", "catan", "--code", "CVC0ouVQhJSjgyIjIxLM40LAP"],
        &[
            "evaluate",
            "terra-mystica",
            "--map",
            "crates/evoboard_core/src/boards/terra_mystica/base_map.txt",
        ],
    ];
    for args in cases {
        let text = plain(args);
        assert!(
            debug_marks(&text).is_empty(),
            "{args:?}: {:?}\n{text}",
            debug_marks(&text)
        );
    }
    let catan = plain(cases[0]);
    assert!(catan.contains("6 and 8 side by side"), "{catan}");
    assert!(catan.contains("every rule met"), "{catan}");
    assert!(
        catan.contains("side\n") && catan.contains("2:1 "),
        "{catan}"
    );
    let tm = plain(cases[3]);
    assert!(tm.contains("same terrain side by side"), "{tm}");
}

#[test]
fn every_other_command_prints_without_debug_formatting() {
    let cases: [&[&str]; 5] = [
        &["dungeon", "--size", "small", "--seed", "2"],
        &["puzzle", "generate", "--seed", "2"],
        &[
            "domino",
            "duel",
            "--team-a",
            "t1",
            "--team-b",
            "t2",
            "--matches",
            "2",
            "--seed",
            "1",
        ],
        &[
            "bench",
            "terra-mystica",
            "--runs",
            "2",
            "--time-limit",
            "0.2",
        ],
        &["domino", "records", "--file", "no-such-records-file.ron"],
    ];
    for args in cases {
        plain_and_clean(args);
    }
}

#[test]
fn export_takes_its_format_from_the_out_extension() {
    let dir = std::env::temp_dir().join(format!("evoboard-infer-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let level = dir.join("b.level.ron");
    plain(&[
        "generate",
        "catan",
        "--seed",
        "3",
        "--out",
        level.to_str().unwrap(),
    ]);
    for (name, magic) in [
        ("b.png", &b"\x89PNG"[..]),
        ("b.svg", b"<svg"),
        ("b.code.txt", b""),
    ] {
        let out = dir.join(name);
        plain(&[
            "export",
            level.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        let bytes = std::fs::read(&out).unwrap();
        assert!(
            bytes.starts_with(magic) || bytes.windows(4).any(|w| w == magic),
            "{name}"
        );
    }
    let code = std::fs::read_to_string(dir.join("b.code.txt")).unwrap();
    assert!(
        !code.contains('\n') || code.trim().lines().count() == 1,
        "{code}"
    );
    // A name that says nothing: the error says what would.
    let out = Command::new(env!("CARGO_BIN_EXE_evoboard"))
        .args(["export", level.to_str().unwrap(), "--out"])
        .arg(dir.join("b.jpg"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--format") && err.contains(".png"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_dungeon_pack_writes_the_game_masters_set_at_once() {
    let dir = std::env::temp_dir().join(format!("evoboard-pack-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let level = dir.join("crypt.level.ron");
    plain(&[
        "dungeon",
        "--size",
        "small",
        "--seed",
        "4",
        "--out",
        level.to_str().unwrap(),
    ]);
    let pack = dir.join("pack");
    let text = plain(&[
        "export",
        level.to_str().unwrap(),
        "--pack",
        pack.to_str().unwrap(),
    ]);
    let names = [
        "crypt.gm.png",
        "crypt.players.png",
        "crypt.gm.svg",
        "crypt.dd2vtt",
        "crypt.key.md",
        "crypt.gm.pdf",
        "crypt.players.pdf",
    ];
    for n in names {
        let bytes = std::fs::read(pack.join(n)).unwrap_or_else(|e| panic!("{n}: {e}"));
        assert!(bytes.len() > 100, "{n}");
        assert!(text.contains(n), "{text}");
    }
    let gm = std::fs::read(pack.join("crypt.gm.png")).unwrap();
    let players = std::fs::read(pack.join("crypt.players.png")).unwrap();
    assert_ne!(gm, players, "two views");
    // Again without --force: refused before anything is written.
    let before = std::fs::read(pack.join("crypt.key.md")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_evoboard"))
        .args([
            "export",
            level.to_str().unwrap(),
            "--pack",
            pack.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--force"));
    assert_eq!(std::fs::read(pack.join("crypt.key.md")).unwrap(), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_reader_that_goes_away_ends_the_command_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_evoboard"))
        .args(["dungeon", "--size", "large", "--seed", "3", "--all"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read one byte, then close the pipe as `| head -c 1` does.
    let mut out = child.stdout.take().unwrap();
    let mut one = [0u8; 1];
    out.read_exact(&mut one).unwrap();
    drop(out);
    let done = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&done.stderr);
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn commands_on_files_print_without_debug_formatting() {
    let dir = std::env::temp_dir().join(format!("evoboard-plain-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let at = |n: &str| dir.join(n).to_string_lossy().into_owned();
    let (pz, crypt) = (at("pz.level.ron"), at("crypt.level.ron"));
    plain(&["puzzle", "generate", "--seed", "5", "--out", &pz]);
    plain(&["dungeon", "--size", "small", "--seed", "7", "--out", &crypt]);
    let (book, key) = (at("book.pdf"), at("crypt.key.md"));
    let cases: [&[&str]; 6] = [
        &["puzzle", "solve", &pz],
        &[
            "puzzle", "book", "--count", "2", "--grade", "1", "--seed", "1", "--out", &book,
        ],
        &["export", &crypt, "--out", &key],
        &[
            "evaluate",
            "catan",
            "--code",
            "CVC0ouVQhJSjgyIjIxLM40LAP",
            "--play",
            "20",
        ],
        &["domino", "table", "--matches", "20", "--seed", "1"],
        &[
            "domino",
            "tune",
            "--strategy",
            "1",
            "--stage",
            "1",
            "--population",
            "6",
            "--generations",
            "2",
            "--matches",
            "4",
            "--seed",
            "3",
            "--threads",
            "2",
        ],
    ];
    for args in cases {
        plain_and_clean(args);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_hosted_match_and_a_bot_that_joins_it_print_without_debug_formatting() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::Stdio;
    use std::time::Duration;
    // A host on a free port of this machine with one seat left for the bot.
    let mut host = Command::new(env!("CARGO_BIN_EXE_evoboard"))
        .args(["domino", "host", "--port", "0", "--bind", "127.0.0.1"])
        .args(["--seats", "human,ai:t1,ai:t1,ai:t1", "--seed", "2"])
        .args(["--ai-delay-ms", "0", "--no-records"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(host.stdout.take().unwrap());
    let mut err = host.stderr.take().unwrap();
    // Its first two lines say where and with which code (read on a thread:
    // a host that says nothing fails the test instead of hanging it).
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut head = String::new();
        for _ in 0..2 {
            out.read_line(&mut head).unwrap();
        }
        let _ = tx.send(head.clone());
        let mut rest = String::new();
        out.read_to_string(&mut rest).unwrap();
        let mut e = String::new();
        err.read_to_string(&mut e).unwrap();
        let _ = tx.send(head + &rest + &e);
    });
    let Ok(head) = rx.recv_timeout(Duration::from_secs(20)) else {
        let _ = host.kill();
        panic!("the host printed no address");
    };
    let addr = head.lines().next().unwrap().strip_prefix("hosting on ");
    let code = head.lines().nth(1).unwrap().strip_prefix("join code ");
    let (Some(addr), Some(code)) = (addr, code) else {
        let _ = host.kill();
        panic!("{head}");
    };
    let joined = plain_and_clean(&[
        "domino", "join", addr, "--code", code, "--seat", "0", "--name", "bot0", "--bot", "t1",
    ]);
    assert!(joined.contains("won"), "{joined}");
    let Ok(hosted) = rx.recv_timeout(Duration::from_secs(60)) else {
        let _ = host.kill();
        panic!("the host did not end with the match");
    };
    assert!(host.wait().unwrap().success(), "{hosted}");
    let marks = debug_marks(&hosted);
    assert!(marks.is_empty(), "domino host: {marks:?}\n{hosted}");
    assert!(hosted.contains("score "), "{hosted}");
}
